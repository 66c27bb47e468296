#!/bin/sh
# Starts the built server with its heap sized from MEMORY_MB, the memory one server may use in all
# (its container's limit): node's --max-old-space-size can only be given at start, so this is the
# one place it is derived. The server sizes its render threads from the same variable. The share
# (45%) is MEMORY_SHARES.mainHeap in server/site/env.ts; see docs/decisions/017-memory.md.
set -eu
memory_mb="${MEMORY_MB:-768}"
case "$memory_mb" in
  '' | *[!0-9]*) echo "MEMORY_MB must be a whole number of MiB (got \"$memory_mb\")" >&2; exit 1 ;;
esac
exec node --max-old-space-size=$((memory_mb * 45 / 100)) "$(dirname "$0")/../build/docsite.js"
