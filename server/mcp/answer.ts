// One POST of the streamable HTTP transport, stateless (decision 037): a new server and transport
// for the message, answered as JSON (no event stream: every tool answers at once). The HTTP adapter
// reads the body and checks the Origin; this knows nothing of it beyond the headers the SDK checks.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { MCP_PATH } from '../site/index.js';
import { createMcpServer, type McpCall } from './server.js';
import type { Reading } from './tool.js';

/** The headers of the transport's own checks (media types, protocol version, session). */
const CHECKED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'];

/** Answers one JSON-RPC message (already parsed) with the SDK's transport; `closed` lets its server go. */
export async function answerMcp(
  message: unknown,
  headers: Record<string, string | string[] | undefined>,
  reading: Reading,
  called: (call: McpCall) => void,
  version: string,
): Promise<{ response: Response; close: () => Promise<void> }> {
  const server = createMcpServer(reading, called, version);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const checked = new Headers();
  for (const name of CHECKED_HEADERS) if (typeof headers[name] === 'string') checked.set(name, headers[name]);
  const response = await transport.handleRequest(new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers: checked }), { parsedBody: message });
  return { response, close: () => server.close() };
}
