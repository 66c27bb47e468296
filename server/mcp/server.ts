// The site's MCP server (decision 037): one per POST (stateless), its tools reading the site through
// `Reading`. A failed call is a tool error whose message says what went wrong and what would work;
// nothing internal (a stack, a file path) reaches the agent.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { blogsOf, isHttpError } from '../site/index.js';
import { listPosts } from './blog-tools.js';
import { getChanges, listPages, listVersions } from './list-tools.js';
import { getPage, searchDocs } from './read-tools.js';
import type { Reading, Tool } from './tool.js';
import { messageOf, ToolError } from './tool-error.js';

/** Every tool, in the order an agent is told about them. */
export const TOOLS: readonly Tool[] = [searchDocs, getPage, listVersions, listPages, getChanges, listPosts];

/** What one call did, for the metrics and the log. */
export interface McpCall {
  tool: string;
  ms: number;
  /** The message the agent got, when the call failed. */
  error?: string;
  /** An error the agent was not told about (a bug): logged with its stack. */
  internal?: unknown;
}

/** The server an MCP transport talks to for one request. */
export function createMcpServer(reading: Reading, called: (call: McpCall) => void, version = '1'): McpServer {
  const title = reading.snapshot.config.title;
  // A site with no blog has no tool for one.
  const blog = blogsOf(reading.snapshot.config).length > 0;
  const server = new McpServer(
    { name: 'docsite', title, version },
    {
      instructions: `${title}: documentation at every published version, branch preview ("~branch") and commit ("@id"). Find pages with search_docs, read them as Markdown with get_page, pick a version with list_versions; get_changes shows what a branch does to the docs${blog ? "; list_posts lists the blog's posts" : ''}. Every tool defaults to the last published version; with no instance, search_docs, list_pages and get_changes cover every docs instance of the site.`,
    },
  );
  for (const definition of TOOLS) {
    if (definition === listPosts && !blog) continue;
    server.registerTool(
      definition.name,
      { title: definition.title, description: definition.description, inputSchema: definition.input, annotations: { readOnlyHint: true, openWorldHint: false } },
      async (args: Record<string, unknown>) => {
        const started = performance.now();
        try {
          const answer = await definition.run(args as never, reading);
          called({ tool: definition.name, ms: performance.now() - started });
          return { content: [{ type: 'text' as const, text: JSON.stringify(answer) }] };
        } catch (error) {
          const message = messageOf(error);
          called({ tool: definition.name, ms: performance.now() - started, error: message, internal: isKnown(error) ? undefined : error });
          return { isError: true, content: [{ type: 'text' as const, text: message }] };
        }
      },
    );
  }
  return server;
}

/** True for failures the agent is told about as they are: the site's HTTP errors and the tools' own. */
function isKnown(error: unknown): boolean {
  return isHttpError(error) || error instanceof ToolError;
}
