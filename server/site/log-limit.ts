// Warnings and errors once per kind per minute (docs/decisions/030-cost-model.md): anonymous requests
// could otherwise write as many error lines with stacks as they like, and one commit's broken pages
// wrote a warning each (3,000 lines in one flood). A kind is the message and what failed (the
// error's name, or the problem's code); the first line of a kind in a minute is written, the rest are
// counted and the next one written says how many were left out (`repeated`).
import { LRUCache } from 'lru-cache';

/** pino's numeric level of `warn`: lines at this level and above are limited. */
const WARN = 40;
/** How long a kind stays quiet after a line. */
const WINDOW_MS = 60_000;

interface Seen {
  at: number;
  dropped: number;
}

/** The kind of a log call: its level, message and what failed. */
function kindOf(args: unknown[], level: number): string {
  const [first, second] = args;
  const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
  const message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
  const error = (fields.err ?? fields.error) as { name?: unknown } | undefined;
  const what = error && typeof error === 'object' ? String(error.name ?? '') : String(fields.code ?? '');
  return `${level}:${message}:${what}`;
}

/** The arguments of a log call with `repeated` added to its fields. */
function withRepeated(args: unknown[], repeated: number): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) return [{ err: first, repeated }, ...rest];
  if (typeof first === 'object' && first !== null) return [{ ...first, repeated }, ...rest];
  return [{ repeated }, ...args];
}

/** A pino `logMethod` hook that writes each kind of warning or error at most once per minute. */
export function oncePerKind(now: () => number = Date.now) {
  const seen = new LRUCache<string, Seen>({ max: 1000 });
  return function logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void, level: number): void {
    if (level < WARN) {
      method.apply(this, args);
      return;
    }
    const kind = kindOf(args, level);
    const last = seen.get(kind);
    const time = now();
    if (last && time - last.at < WINDOW_MS) {
      last.dropped++;
      return;
    }
    seen.set(kind, { at: time, dropped: 0 });
    method.apply(this, last?.dropped ? withRepeated(args, last.dropped) : args);
  };
}
