// A test that makes the code under test log an error fails: errors are never silently expected.
import { afterEach, vi } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) throw new Error(`console.error was called:\n${seen.map((args) => args.map(String).join(' ')).join('\n')}`);
  vi.restoreAllMocks();
});
