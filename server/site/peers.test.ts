// Who may make a replica refresh on another's word: only a fresh message signed with the shared
// secret; and whom a replica tells: every peer it is given or finds in DNS, never itself.
import { describe, expect, it } from 'vitest';
import { peerWebhooks, signPeerMessage, verifyPeerMessage } from './peers.js';

const SECRET = 'a-webhook-secret';

describe('peer messages', () => {
  it('accepts a fresh message signed with the secret', () => {
    expect(verifyPeerMessage(signPeerMessage(SECRET), SECRET)).toEqual({ ok: true });
  });

  it.each([
    ['a wrong secret', signPeerMessage('another-secret'), 'the peer signature does not match'],
    ['a changed time', signPeerMessage(SECRET, 1_000).replace(/^1000/, '2000'), 'the peer signature does not match'],
    ['an old message', signPeerMessage(SECRET, Date.now() - 10 * 60_000), 'the peer message is too old'],
    ['garbage', 'hello', 'the peer header is malformed'],
    ['an empty header', '', 'the peer header is malformed'],
  ])('refuses %s', (_what, header, reason) => {
    expect(verifyPeerMessage(header, SECRET)).toEqual({ ok: false, reason });
  });
});

describe('peerWebhooks', () => {
  it('lists every peer of PEERS but this replica itself', async () => {
    const found = await peerWebhooks({ peers: 'http://127.0.0.1:3001, http://127.0.0.1:3002/,http://10.9.8.7:3001', port: 3001 });
    expect(found).toEqual({ urls: ['http://127.0.0.1:3002/api/webhook', 'http://10.9.8.7:3001/api/webhook'], error: undefined });
  });

  it('finds peers in DNS on their port, without this replica', async () => {
    expect((await peerWebhooks({ peersDns: 'localhost:4000', port: 3000 })).urls).toContain('http://127.0.0.1:4000/api/webhook');
    expect((await peerWebhooks({ peersDns: 'localhost', port: 3000 })).urls.filter((url) => url.includes('127.0.0.1'))).toEqual([]);
  });

  it('says why when a name does not resolve or a peer is no URL, and keeps the others', async () => {
    const found = await peerWebhooks({ peers: 'not a url,http://10.9.8.7:3000', peersDns: 'no-such-host.invalid', port: 3000 });
    expect(found.urls).toEqual(['http://10.9.8.7:3000/api/webhook']);
    expect(found.error).toMatch(/PEERS_DNS no-such-host.invalid did not resolve/);
  });
});
