// Gives the main heap's spare room back once the server has gone quiet (docs/decisions/017-memory.md).
// V8 keeps the heap it grew to while pages were read and indexes built: on the corpus it stayed
// allocated at 110-130 MiB for minutes of idleness. Two full collections (the second frees what the
// first's weak references let go) took it to 60-80 MiB in about 90 ms, RSS 60 MiB less. They run only
// when nothing is going on: no request in flight and none for a while, no background work, and the
// heap grown by more than a margin since the last time, so a quiet server collects once, not again
// and again. A request that comes in during those milliseconds waits for them.
import type { EventEmitter } from 'node:events';
import v8 from 'node:v8';

/** When to collect, and how. */
export interface IdleGcOptions {
  /** How long no request may have come in (milliseconds). */
  idleMs: number;
  /** How much the heap must have grown since the last collection, in bytes. */
  growthBytes: number;
  /** How often to check (milliseconds). */
  checkMs: number;
  /** Whether work other than requests is going on (renders, background jobs): no collection then. */
  busy: () => boolean;
  /** Runs a full collection: `globalThis.gc`, which node only has with --expose-gc (bin/start.sh gives it). */
  gc: () => void;
  /** The heap's allocated size in bytes (V8's total_heap_size unless given). */
  heapBytes?: () => number;
  /** Told of each collection: the heap's allocated size before and after, and how long it took. */
  collected?: (figures: { beforeBytes: number; afterBytes: number; ms: number }) => void;
}

/**
 * Watches `server`'s requests (an http.Server) and collects the heap's garbage when it has been
 * quiet for `idleMs`; answers a function that stops watching.
 */
export function collectWhenIdle(server: EventEmitter, options: IdleGcOptions): () => void {
  let inFlight = 0;
  let lastActive = Date.now();
  let heapAfterLast = 0;
  const heapBytes = options.heapBytes ?? (() => v8.getHeapStatistics().total_heap_size);
  const onRequest = (_req: unknown, res: EventEmitter) => {
    inFlight++;
    lastActive = Date.now();
    res.once('close', () => {
      inFlight--;
      lastActive = Date.now();
    });
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (inFlight > 0 || Date.now() - lastActive < options.idleMs || options.busy()) return;
    const beforeBytes = heapBytes();
    if (beforeBytes - heapAfterLast < options.growthBytes) return;
    const started = performance.now();
    options.gc();
    options.gc();
    heapAfterLast = heapBytes();
    options.collected?.({ beforeBytes, afterBytes: heapAfterLast, ms: performance.now() - started });
  }, options.checkMs).unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
