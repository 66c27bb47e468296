// isomorphic-git's own Node client (isomorphic-git/http/node) goes through simple-get and Node's
// global agent, whose sockets time out after 5 s of silence: a healthy remote that thinks for 5 s
// before answering failed every clone whatever GIT_TIMEOUT_MS said. This client sets no socket
// timeout of its own; the only bound is the caller's AbortSignal, which destroys the request in
// flight.
import http from 'node:http';
import https from 'node:https';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';

const MAX_REDIRECTS = 5;

/**
 * An isomorphic-git HTTP client whose every request is cancelled when `signal` aborts. Call
 * `close()` when the git operation is over: it drops the connections kept alive between its
 * requests (the two or three of one clone or fetch), so none goes stale until the next poll.
 */
export function abortableHttpClient(signal: AbortSignal): HttpClient & { close(): void } {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  return {
    request: async (request: GitHttpRequest): Promise<GitHttpResponse> => {
      const body = request.body ? await collect(request.body) : undefined;
      return send(request.url, request.method ?? 'GET', request.headers ?? {}, body, signal, agents, MAX_REDIRECTS);
    },
    close: () => {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  signal: AbortSignal,
  agents: { 'http:': http.Agent; 'https:': https.Agent },
  redirects: number,
): Promise<GitHttpResponse> {
  signal.throwIfAborted();
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`Unsupported protocol in ${url}`);
  const transport = target.protocol === 'https:' ? https : http;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const outgoing = { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const req = transport.request(target, { method, headers: outgoing, agent: agents[target.protocol as 'http:' | 'https:'], signal }, resolve);
    req.on('error', (error) => reject(signal.aborted ? signal.reason : error));
    req.end(body);
  });
  const location = response.headers.location;
  if (location && [301, 302, 303, 307, 308].includes(response.statusCode ?? 0)) {
    // Remotes move (http to https, renamed repositories); git follows them, so do we.
    response.resume();
    if (redirects === 0) throw new Error(`Too many redirects fetching ${url}`);
    const keepMethod = response.statusCode === 307 || response.statusCode === 308;
    return send(new URL(location, target).href, keepMethod ? method : 'GET', headers, keepMethod ? body : undefined, signal, agents, redirects - 1);
  }
  return {
    url: target.href,
    method,
    statusCode: response.statusCode ?? 0,
    statusMessage: response.statusMessage ?? '',
    headers: flatHeaders(response.headers),
    body: chunks(response, signal),
  };
}

/** The response body as isomorphic-git reads it; an abort mid-body rejects with the abort reason. */
async function* chunks(response: http.IncomingMessage, signal: AbortSignal): AsyncIterableIterator<Uint8Array> {
  try {
    for await (const chunk of response) yield chunk as Buffer;
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  }
}

async function collect(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
