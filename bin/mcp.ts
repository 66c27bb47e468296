// `POST /mcp`: the site's MCP server on the streamable HTTP transport, stateless and answering JSON
// (decision 037). Each tool call reads the URL a reader would ask for, through the same parse, lane
// and admission (bin/request-work.ts), so an agent's call costs what that reader's request would.
import type { Express, Request, Response } from 'express';
import type { Registry } from 'prom-client';
import { bodyOf, cachePolicy, grammarOf, HttpError, MCP_PATH, parseUrl, requestContext, siteOrigin, type Site } from '../server/site/index.js';
import { answerMcp, registerMcpMetrics, runAs, type McpCall, type Reading } from '../server/host.js';
import { localsOf } from './locals.js';
import { requestOrigin } from './page-cache.js';
import { laneOf, runWork } from './request-work.js';

/** The largest message taken: a tool call is a few hundred bytes; anything near this is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/** Adds `POST /mcp` (the front answers other methods 405: there is no stream to GET and no session to DELETE). */
export function mcpRoute(app: Express, site: Site, registry: Registry, version: string): void {
  const count = registerMcpMetrics(registry);
  app.post(MCP_PATH, (req, res, next) => void answer(site, count, version, req, res).catch(next));
}

/** Answers one POST: the Origin checked, the body read and checked, then the SDK's transport. */
async function answer(site: Site, count: (tool: string, failed: boolean) => void, version: string, req: Request, res: Response): Promise<void> {
  const origin = req.headers.origin;
  // The spec's guard against DNS rebinding: a browser page of another site may not call the tools.
  if (origin && !sameHost(origin, req.headers.host)) return rpcError(res, 403, -32000, `Origin ${origin.slice(0, 100)} may not call this server: only pages of this site may.`);
  const body = await readBody(req);
  if (body === undefined) return rpcError(res, 413, -32600, `A message may be at most ${MAX_BODY_BYTES / 1024} KiB.`);
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return rpcError(res, 400, -32700, 'Parse error: the body is not JSON.');
  }
  // One call per POST, so each call is admitted like one request (the SDK would take a batch of many).
  if (Array.isArray(message)) return rpcError(res, 400, -32600, 'Batches are not supported (MCP removed them in 2025-06-18): send one message per POST.');
  const { log } = localsOf(res);
  const called = (call: McpCall) => {
    count(call.tool, call.error !== undefined);
    if (call.internal) log.error({ err: call.internal, tool: call.tool }, 'mcp call failed');
    log.info({ tool: call.tool, ms: Math.round(call.ms), error: call.error }, 'mcp call');
  };
  const { response, close } = await answerMcp(message, req.headers, readingOf(site, version, req, res), called, version);
  res.on('close', () => void close().catch(() => undefined));
  res.status(response.status);
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-store');
  res.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * How the tools of one POST read the site: its pinned snapshot, its client's budget, its origin.
 * An answer with an ETag is kept in the page cache as the same URL's is for a browser, so a cold
 * slot is held only on a miss (bin/request-work.ts's `admitted`); search has none, as for browsers.
 */
function readingOf(site: Site, version: string, req: Request, res: Response): Reading {
  const { snapshot, budget } = localsOf(res);
  const origin = siteOrigin({ snapshot }, requestOrigin(req));
  return {
    snapshot,
    origin,
    async read(url, view) {
      const [pathname, query = ''] = url.split('?');
      const search = new URLSearchParams(query);
      const route = parseUrl(pathname, grammarOf(snapshot), search);
      if (route.kind === 'bad-url') throw new HttpError(400, 'Bad request', `This address cannot be read: ${route.reason}.`);
      const context = requestContext(site, { snapshot, route, search, budget });
      const work = () => runWork(site, budget!, route, search, async () => view(context, origin));
      // In the URL's lane from the start: the ETag's reads of a commit nobody has read are a preview's walk, not a reader's.
      return runAs(laneOf(route, search, budget!.signal), async () => {
        const policy = site.pageCache && (await cachePolicy(context, url, version, 'mcp'));
        if (!site.pageCache || !policy?.etag) return work();
        // Kept as JSON under a key of its own: the view, not the page, is what a tool reads.
        const key = `mcp:${view.name} ${policy.etag} ${origin}`;
        const answer = await site.pageCache.answer(key, policy.dependsOn, async () => ({ status: 200, headers: [], body: Buffer.from(JSON.stringify(await work())) }));
        return JSON.parse(('response' in answer ? answer.response.body : bodyOf(answer.page, 'identity')).toString('utf8'));
      });
    },
  };
}

/** True when an Origin names the host this request was sent to (after bin/trusted-host.ts, the site's own). */
function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === (host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

/** The body as text, or undefined past MAX_BODY_BYTES. */
async function readBody(req: Request): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON-RPC error with no id (the message could not be read as a request). */
function rpcError(res: Response, status: number, code: number, message: string): void {
  if (status === 413) res.setHeader('Connection', 'close');
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
