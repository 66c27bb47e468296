// What a tool call answers when it cannot: a message for the agent, never a stack trace (decision 037).

/** A failure an agent can act on: its message says what went wrong and what would work. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}
