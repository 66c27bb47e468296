// Runs every code path of a page once after start: the page on every render thread, then the whole
// request over loopback (the shell, compression, the page cache), then the page's history (the
// default branch's history walked once for every page's history, old trees and blobs read, copies
// looked for). A first run costs several times a warm one, and would otherwise fall on the first
// reader, or on the first push of a replica that a cache in front kept idle. The requests are logged
// with the id `warm-up`.
import type { Site } from '../server/site/index.js';

/** Warms the server listening at `host:port`; rejects when the page or its history fails. */
export async function warmUp(site: Site, host: string, port: number): Promise<void> {
  const url = await site.warmUp();
  if (!url) return;
  const loopback = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  for (const path of [url, `${url}?history`]) {
    const res = await fetch(`http://${loopback}:${port}${path}`, { headers: { 'Accept-Encoding': 'br, gzip', 'X-Request-Id': 'warm-up' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  }
}
