// Purges sent to real HTTP endpoints on loopback, playing Varnish, Cloudflare's API and Fastly's API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendPurges, type PurgeTarget } from './purge.js';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A loopback server that records every request and answers with `answer`. */
async function endpoint(answer: (request: Received) => { status: number; body?: string } = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body };
      received.push(request);
      const { status, body: reply = '' } = answer(request);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(reply);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `p-${i.toString(16).padStart(16, '0')}`);
const credentials = { method: 'PURGE', cloudflareToken: 'cf-token', fastlyToken: 'fastly-token' };

describe('sendPurges', () => {
  it('sends a plain cache the keys in Surrogate-Key with the configured method, 100 per request', async () => {
    const varnish = await endpoint();
    const outcomes = await sendPurges([{ api: 'surrogate-key', url: `${varnish.base}/` }], keys(150), credentials);
    expect(outcomes.map((outcome) => ('status' in outcome ? outcome.status : outcome.error))).toEqual([200, 200]);
    expect(varnish.received.map((request) => request.method)).toEqual(['PURGE', 'PURGE']);
    const sent = varnish.received.flatMap((request) => String(request.headers['surrogate-key']).split(' '));
    expect(sent.sort()).toEqual(keys(150).sort());
  });

  it("calls Cloudflare's purge API with the tags as JSON and the bearer token, 100 tags per call", async () => {
    const cloudflare = await endpoint(() => ({ status: 200, body: JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'zone' } }) }));
    const target: PurgeTarget = { api: 'cloudflare', url: `${cloudflare.base}/client/v4/zones/abc/purge_cache` };
    const outcomes = await sendPurges([target], keys(230), credentials);
    expect(outcomes.every((outcome) => 'status' in outcome && outcome.status === 200)).toBe(true);
    expect(cloudflare.received).toHaveLength(3);
    for (const request of cloudflare.received) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/client/v4/zones/abc/purge_cache');
      expect(request.headers.authorization).toBe('Bearer cf-token');
      expect(request.headers['content-type']).toBe('application/json');
    }
    const tags = cloudflare.received.map((request) => (JSON.parse(request.body) as { tags: string[] }).tags);
    expect(tags.map((batch) => batch.length).sort()).toEqual([100, 100, 30]);
    expect(tags.flat().sort()).toEqual(keys(230).sort());
  });

  it('reports a Cloudflare answer that says success: false, and one that is not JSON, as failures', async () => {
    const refusing = await endpoint(() => ({ status: 200, body: JSON.stringify({ success: false, errors: [{ code: 10000, message: 'Authentication error' }] }) }));
    const garbled = await endpoint(() => ({ status: 200, body: '<html>proxy error</html>' }));
    const outcomes = await sendPurges(
      [
        { api: 'cloudflare', url: `${refusing.base}/purge_cache` },
        { api: 'cloudflare', url: `${garbled.base}/purge_cache` },
      ],
      keys(1),
      credentials,
    );
    expect(outcomes).toEqual([
      expect.objectContaining({ url: `${refusing.base}/purge_cache`, error: expect.stringContaining('Authentication error') }),
      expect.objectContaining({ url: `${garbled.base}/purge_cache`, error: expect.stringContaining('Cloudflare refused the purge') }),
    ]);
  });

  it("calls Fastly's purge API with the keys in Surrogate-Key and the Fastly-Key token, 256 per call", async () => {
    const fastly = await endpoint(() => ({ status: 200, body: '{"status":"ok"}' }));
    await sendPurges([{ api: 'fastly', url: `${fastly.base}/service/xyz/purge` }], keys(300), credentials);
    expect(fastly.received.map((request) => [request.method, request.url, request.headers['fastly-key']])).toEqual([
      ['POST', '/service/xyz/purge', 'fastly-token'],
      ['POST', '/service/xyz/purge', 'fastly-token'],
    ]);
    const sent = fastly.received.map((request) => String(request.headers['surrogate-key']).split(' ').length);
    expect(sent.sort((a, b) => a - b)).toEqual([44, 256]);
  });

  it('never throws: an error status and an unreachable cache are outcomes, and the other targets are still purged', async () => {
    const failing = await endpoint(() => ({ status: 503 }));
    const working = await endpoint();
    const closed = await endpoint();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const outcomes = await sendPurges(
      [
        { api: 'surrogate-key', url: `${failing.base}/` },
        { api: 'surrogate-key', url: `${closed.base}/` },
        { api: 'surrogate-key', url: `${working.base}/` },
      ],
      keys(2),
      credentials,
    );
    expect(outcomes[0]).toEqual({ url: `${failing.base}/`, keys: 2, status: 503 });
    expect(outcomes[1]).toEqual({ url: `${closed.base}/`, keys: 2, error: expect.any(String) });
    expect(outcomes[2]).toEqual({ url: `${working.base}/`, keys: 2, status: 200 });
    expect(working.received).toHaveLength(1);
  });
});
