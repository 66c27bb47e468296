// One structured logger for the whole server: a JSON line per event, with the request id on every
// line a request writes. Values are JSON-encoded by pino, so a header or path holding a newline
// cannot forge a line of its own, and a kind of warning or error is written once a minute (log-limit.ts).
// The access log (one line per request) writes the same lines in batches (`accessLogOf`).
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { oncePerKind } from './log-limit.js';

export type { Logger };

/** How often the access log's lines gathered meanwhile are written. */
const ACCESS_FLUSH_MS = 100;

/** The options of every logger: `level` as a word and `time` as ISO 8601. */
function options(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Warnings and errors once per kind per minute: requests must not be able to flood the log.
    hooks: { logMethod: oncePerKind() },
  };
}

/** The process's logger: JSON lines on stdout, each written at once; an unknown level throws one line naming LOG_LEVEL. */
export function createLogger(level = process.env.LOG_LEVEL || 'info'): Logger {
  const levels = [...Object.keys(pino.levels.values), 'silent'];
  if (!levels.includes(level)) throw new Error(`LOG_LEVEL=${JSON.stringify(level)}: one of ${levels.join(', ')}`);
  return pino(options(level));
}

/**
 * A logger for the access log that writes `log`'s lines to `log`'s own stream, gathered and written
 * together every 100 ms and at exit. A line written at once cost a system call per request: on a
 * page-cache hit, four fifths of the CPU time (docs/decisions/016-page-cache.md).
 */
export function accessLogOf(log: Logger): Logger {
  const stream = (log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  let lines: string[] = [];
  const flush = () => {
    if (!lines.length) return;
    const batch = lines.join('');
    lines = [];
    stream.write(batch);
  };
  setInterval(flush, ACCESS_FLUSH_MS).unref();
  process.on('exit', flush);
  return pino(options(log.level), { write: (line: string) => void lines.push(line) });
}
