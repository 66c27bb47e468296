// An agent of the site's MCP server (decision 037), with the SDK's own client and transport.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A connected client of `${base}/mcp`, sending `headers` with every request. */
export async function mcpClient(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'docsite-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

/** What a tool answered: its JSON, or the error message it gave (`error`). */
export type ToolAnswer = { error?: undefined; [key: string]: unknown } | { error: string };

/** Calls a tool and reads its answer: the JSON of its text, or `{ error }` when it failed. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  return result.isError ? { error: text } : JSON.parse(text);
}

/** A tool's JSON answer, read as loosely as `res.json()` reads a body. */
export type Answer = ReturnType<typeof JSON.parse>;

/** Calls a tool that must succeed: its JSON answer, or a thrown error with its message. */
export async function answerOf(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  const answer = await callTool(client, name, args);
  if (typeof answer.error === 'string') throw new Error(`${name} failed: ${answer.error}`);
  return answer;
}

/** Posts a raw body to `/mcp` as a client would (the media types the transport requires), answering status and JSON. */
export async function postRaw(base: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; json: Answer }> {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });
  const text = await res.text();
  let json: Answer;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
