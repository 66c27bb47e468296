// What a tool call answers when it cannot: a message for the agent, never a stack trace (decision 037).
import { isHttpError } from '../site/index.js';

/** A failure an agent can act on: its message says what went wrong and what would work. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

/** What the agent is told: the site's own words for an HTTP error (with when to come back), else that it was logged. */
export function messageOf(error: unknown): string {
  if (error instanceof ToolError) return error.message;
  if (!isHttpError(error)) return 'The server could not answer this call; the error has been logged.';
  const again = error.status === 429 || error.status === 503 ? ' Try again in a few seconds.' : '';
  return `${error.status} ${error.title}: ${error.detail}${again}`;
}
