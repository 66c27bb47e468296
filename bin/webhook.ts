// `POST /api/webhook`: a forge's push (or a peer's relay of one) refreshes the site. It answers once
// the refresh has landed (or failed), so a forge's delivery log shows the outcome and a caller can
// read the new content right after. A forge's call is also passed on to the other replicas
// (server/site/peers.ts), and the answer says how each of them fared; a peer's call only refreshes this replica.
import express, { type Express } from 'express';
import type { Logger, Site, Snapshot } from '../server/site/index.js';
import { localsOf, problem } from './locals.js';
import { notifyPeers, PEER_HEADER, peerWebhooks, verifyPeerMessage, verifyWebhook, type ServerConfig, type SiteReports, type Sync } from '../server/host.js';

/** Adds the webhook to the app; `purge` tells caches in front what a refresh made stale, `reports` the forge what a pull request's preview is. */
export function webhookRoute(app: Express, site: Site, sync: Sync, config: ServerConfig, purge: (before: Snapshot, after: Snapshot) => Promise<void>, reports?: SiteReports): void {
  /** Passes a verified push on to every peer and waits for their refreshes; failures are logged (they poll anyway). */
  const tellPeers = async (requestLog: Logger) => {
    const { urls, error } = await peerWebhooks(config);
    if (error) requestLog.warn({ error }, 'some peers could not be found');
    const outcomes = await notifyPeers(urls, config.webhookSecret!);
    for (const outcome of outcomes) if (!('status' in outcome) || outcome.status !== 200) requestLog.warn(outcome, 'a peer did not refresh');
    return outcomes;
  };
  app.post('/api/webhook', express.raw({ type: () => true, limit: '5mb' }), async (req, res) => {
    const secret = config.webhookSecret;
    if (!secret) return problem(res, 404, 'Webhook disabled', 'Set WEBHOOK_SECRET to enable POST /api/webhook.');
    const requestLog = localsOf(res).log;
    const peerHeader = req.headers[PEER_HEADER];
    const verdict =
      typeof peerHeader === 'string' ? verifyPeerMessage(peerHeader, secret) : verifyWebhook(req.headers, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), secret);
    if (!verdict.ok) {
      requestLog.warn({ reason: verdict.reason }, 'webhook refused');
      return problem(res, 401, 'Invalid signature', verdict.reason);
    }
    const fromPeer = typeof peerHeader === 'string';
    const before = site.snapshot();
    const [snapshot, peers] = await Promise.all([sync.trigger(), fromPeer ? undefined : tellPeers(requestLog)]);
    if (!snapshot) return problem(res, 502, 'Sync failed', sync.status.lastError?.message ?? 'unknown error');
    // A pull request opened or pushed to: its report is queued, sent after this answer (a peer's relay carries no payload).
    if (!fromPeer) reports?.webhook(req.headers, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    // Once every peer serves the push, purge again: a cache may have refilled from a peer that had
    // not refreshed yet when this replica's own purge went out.
    if (peers?.length) await purge(before, snapshot).catch((error) => requestLog.warn({ err: error }, 'could not work out what to purge'));
    res.set('Cache-Control', 'no-store').json({
      status: 'synced',
      forge: 'forge' in verdict ? verdict.forge : 'peer',
      commit: snapshot.defaultCommit,
      configError: snapshot.configError ?? null,
      ...(peers && { peers }),
    });
  });
}
