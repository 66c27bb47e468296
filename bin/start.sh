#!/bin/sh
# Starts the built server with its memory sized from MEMORY_MB, the memory one server may use in all
# (its container's limit). Node's heap flags can only be given at start, so this is the one place
# they are derived; the server sizes its render threads from the same variable. The old-space share
# (45%) is MEMORY_SHARES.mainHeap in server/site/env.ts; see docs/decisions/017-memory.md.
# It also supervises node: a server that dies (out of memory, a crash) is started again, after a pause
# that doubles up to a minute while it keeps dying; SIGTERM and SIGINT are passed on, and a server
# that stops on them, or could not start at all (exit 78), is not restarted (decision 030).
set -eu
memory_mb="${MEMORY_MB:-768}"
case "$memory_mb" in
  # One line and exit 78, as node says any other mistake (bin/docsite.ts): not restarted.
  '' | *[!0-9]*) echo "could not start: MEMORY_MB=\"$memory_mb\": a whole number of MiB, at least 128" >&2; exit 78 ;;
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
# --expose-gc: a server that has gone quiet collects its heap's garbage once, and gives back the
# room V8 grew it to (server/idle-gc.ts); V8 left it allocated for minutes on its own.
server="$(dirname "$0")/../build/docsite.js"
child=''
stopping=''
forward() {
  stopping=1
  if [ -n "$child" ]; then kill -s "$1" "$child" 2>/dev/null || true; fi
}
trap 'forward TERM' TERM
trap 'forward INT' INT
pause=1
while :; do
  started=$(date +%s)
  node --max-old-space-size=$((memory_mb * 45 / 100)) --max-semi-space-size="$semi_mb" --expose-gc "$server" &
  child=$!
  # `wait` returns early when a signal is trapped: wait again until node itself has exited.
  status=0
  while :; do
    wait "$child" && status=0 || status=$?
    kill -0 "$child" 2>/dev/null || break
  done
  child=''
  if [ -n "$stopping" ] || [ "$status" -eq 0 ] || [ "$status" -eq 78 ]; then exit "$status"; fi
  # A server that ran for a while before it died starts again at once; one that keeps dying waits longer each time.
  if [ $(($(date +%s) - started)) -ge 60 ]; then pause=1; fi
  printf '{"level":"error","time":"%s","status":%s,"restartInSeconds":%s,"msg":"the server died; restarting it"}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$status" "$pause" >&2
  sleep "$pause" &
  wait $! || true
  if [ -n "$stopping" ]; then exit "$status"; fi
  pause=$((pause * 2 > 60 ? 60 : pause * 2))
done
