// Replicas tell each other about a push (docs/decisions/020-peer-refresh.md): the replica that
// receives a verified webhook calls every peer's own webhook with a signed, content-free
// message, and each peer fetches from the remote itself, so no replica ever trusts what another
// says the new commit is. A peer message is never passed on.
import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import os from 'node:os';

/** The header a peer message carries: when it was sent (ms since the epoch) and its signature. */
export const PEER_HEADER = 'x-docsite-peer';

/** How old a peer message may be: replays of older ones are refused (a replay within it only causes a fetch). */
const MAX_AGE_MS = 5 * 60_000;
/** How long one peer may take to refresh before it is reported as failed (it still refreshes at its next poll). */
const PEER_TIMEOUT_MS = 10_000;

/** Where this replica's peers are: a static list of base URLs, and/or a DNS name listing every replica. */
export interface PeerConfig {
  /** `http://10.0.0.2:3000,http://10.0.0.3:3000` (PEERS). */
  peers?: string;
  /** `docsite-peers.default.svc.cluster.local` or `name:port` (PEERS_DNS): every address it resolves to. */
  peersDns?: string;
  /** This replica's port: the port of a DNS peer by default, and how this replica knows itself in a list. */
  port: number;
}

/** The header value that signs a peer message sent at `at`: `{at}.{hex HMAC-SHA256 of "peer:{at}"}`. */
export function signPeerMessage(secret: string, at = Date.now()): string {
  return `${at}.${crypto.createHmac('sha256', secret).update(`peer:${at}`).digest('hex')}`;
}

/** Checks a peer message's header against the secret and its age; the reason when it is refused. */
export function verifyPeerMessage(header: string, secret: string, now = Date.now()): { ok: true } | { ok: false; reason: string } {
  const [at = '', signature = ''] = header.split('.');
  const sent = Number(at);
  if (!/^\d+$/.test(at) || !/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'the peer header is malformed' };
  const expected = signPeerMessage(secret, sent).split('.')[1];
  if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return { ok: false, reason: 'the peer signature does not match' };
  if (Math.abs(now - sent) > MAX_AGE_MS) return { ok: false, reason: 'the peer message is too old' };
  return { ok: true };
}

/**
 * The webhook URLs of this replica's peers: the PEERS list and every address PEERS_DNS resolves to
 * (resolved now: replicas come and go), without this replica itself. Never throws: a name that
 * does not resolve is no peers, and the caller logs it.
 */
export async function peerWebhooks(config: PeerConfig): Promise<{ urls: string[]; error?: string }> {
  const bases = (config.peers ?? '')
    .split(',')
    .map((peer) => peer.trim())
    .filter(Boolean);
  let error: string | undefined;
  if (config.peersDns) {
    const [host, port = String(config.port)] = config.peersDns.split(':');
    try {
      for (const { address, family } of await dns.lookup(host, { all: true })) bases.push(`http://${family === 6 ? `[${address}]` : address}:${port}`);
    } catch (cause) {
      error = `PEERS_DNS ${host} did not resolve: ${cause instanceof Error ? cause.message : String(cause)}`;
    }
  }
  const own = new Set([
    'localhost',
    ...Object.values(os.networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((a) => (a.family === 'IPv6' ? `[${a.address}]` : a.address))),
  ]);
  const urls = new Set<string>();
  for (const base of bases) {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      error ??= `"${base}" in PEERS is not a URL`;
      continue;
    }
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if (own.has(url.hostname) && port === config.port) continue;
    urls.add(new URL('/api/webhook', url).href);
  }
  return { urls: [...urls], error };
}

/** What telling the peers gave: each peer's URL and its answer's status, or why it failed. */
export type PeerOutcome = { url: string; status: number } | { url: string; error: string };

/** Sends a signed peer message to every URL at once and waits for each peer's refresh (bounded). */
export async function notifyPeers(urls: readonly string[], secret: string): Promise<PeerOutcome[]> {
  return Promise.all(
    urls.map(async (url): Promise<PeerOutcome> => {
      try {
        const response = await fetch(url, { method: 'POST', headers: { [PEER_HEADER]: signPeerMessage(secret) }, signal: AbortSignal.timeout(PEER_TIMEOUT_MS) });
        await response.arrayBuffer();
        return { url, status: response.status };
      } catch (cause) {
        return { url, error: cause instanceof Error ? cause.message : String(cause) };
      }
    }),
  );
}
