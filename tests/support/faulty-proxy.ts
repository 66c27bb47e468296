// An HTTP proxy on 127.0.0.1 in front of a real git server, that can be told to misbehave: the
// content server in its own process reaches the remote through it, so faults are real network
// faults (msw cannot reach into another process).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `ok`: forward; `delay`: forward after `delayMs` of silence (a slow but healthy remote);
 * `error`: answer 500; `hang`: never answer; `refuse`: drop the connection.
 */
export type ProxyMode = 'ok' | 'delay' | 'error' | 'hang' | 'refuse';

export interface FaultyProxy {
  url: string;
  mode: ProxyMode;
  /** How long `delay` waits before forwarding each request. */
  delayMs: number;
  /** Requests that the client gave up on (closed) before the proxy answered them. */
  abandoned: number;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (e.g. `http://127.0.0.1:PORT`), forwarding until told otherwise. */
export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const proxy: FaultyProxy = { url: '', mode: 'ok', delayMs: 0, abandoned: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) proxy.abandoned++;
    });
    if (proxy.mode === 'hang') return;
    if (proxy.mode === 'refuse') return void req.socket.destroy();
    if (proxy.mode === 'error') return void res.writeHead(500, { 'Content-Type': 'text/plain' }).end('remote failure');
    if (proxy.mode === 'delay') return void setTimeout(forward, proxy.delayMs, req, res);
    forward(req, res);
  });
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (res.destroyed) return;
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
