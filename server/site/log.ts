// One structured logger for the whole server: a JSON line per event, with the request id on every
// line a request writes. Values are JSON-encoded by pino, so a header or path holding a newline
// cannot forge a line of its own, and a kind of warning or error is written once a minute (log-limit.ts).
import { pino, type Logger } from 'pino';
import { oncePerKind } from './log-limit.js';

export type { Logger };

/** The process's logger: JSON lines on stdout, `level` as a word and `time` as ISO 8601. */
export function createLogger(level = process.env.LOG_LEVEL || 'info'): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Warnings and errors once per kind per minute: requests must not be able to flood the log.
    hooks: { logMethod: oncePerKind() },
  });
}
