#!/bin/sh
# Starts the built server with its memory sized from MEMORY_MB, the memory one server may use in all
# (its container's limit). Node's heap flags can only be given at start, so this is the one place
# they are derived; the server sizes its render threads from the same variable. The old-space share
# (45%) is MEMORY_SHARES.mainHeap in server/site/env.ts; see docs/decisions/017-memory.md.
set -eu
memory_mb="${MEMORY_MB:-768}"
case "$memory_mb" in
  '' | *[!0-9]*) echo "MEMORY_MB must be a whole number of MiB (got \"$memory_mb\")" >&2; exit 1 ;;
esac
# Young generation (every thread's): one semi-space MiB per 96 MiB of MEMORY_MB (8 at the default),
# 2 to 16. At MEMORY_MB=384, V8's default of 16 held ~75 MiB more RSS than 4, which took a quarter longer to warm up.
semi_mb=$((memory_mb / 96))
if [ "$semi_mb" -lt 2 ]; then semi_mb=2; fi
if [ "$semi_mb" -gt 16 ]; then semi_mb=16; fi
# glibc gives every thread that allocates its own malloc arena and keeps freed pages in each; with
# brotli and gzip compressing on several threads that was ~75 MiB of RSS at MEMORY_MB=384.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# Setting glibc's trim threshold also stops it from raising its mmap threshold after a large free:
# blocks of 128 KiB and more (pack reads, compressed pages) stay mmapped and go back to the system
# when freed, and a freed top of the heap is returned; ~10 MiB less RSS at ready on the corpus.
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
exec node --max-old-space-size=$((memory_mb * 45 / 100)) --max-semi-space-size="$semi_mb" "$(dirname "$0")/../build/docsite.js"
