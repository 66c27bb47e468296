// One structured logger for the whole server: a JSON line per event, with the request id on every
// line a request writes. Values are JSON-encoded by pino, so a header or path holding a newline
// cannot forge a line of its own.
import { pino, type Logger } from 'pino';

export type { Logger };

/** The process's logger: JSON lines on stdout, `level` as a word and `time` as ISO 8601. */
export function createLogger(level = process.env.LOG_LEVEL || 'info'): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
