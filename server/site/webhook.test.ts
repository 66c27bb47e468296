// Who may trigger a refresh: only a call signed with the shared secret, by any of the four forges.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './webhook.js';

const SECRET = 'a-webhook-secret';
const body = Buffer.from('{"ref":"refs/heads/main"}');
const hmac = (secret: string, payload: Uint8Array = body) => crypto.createHmac('sha256', secret).update(payload).digest('hex');

const signed = {
  github: { 'x-hub-signature-256': `sha256=${hmac(SECRET)}` },
  gitea: { 'x-gitea-signature': hmac(SECRET) },
  forgejo: { 'x-forgejo-signature': hmac(SECRET) },
  gitlab: { 'x-gitlab-token': SECRET },
} as const;

describe('verifyWebhook', () => {
  it.each(Object.entries(signed))('accepts a %s call signed with the secret', (forge, headers) => {
    expect(verifyWebhook(headers, body, SECRET)).toEqual({ ok: true, forge });
  });

  it.each([
    ['github', { 'x-hub-signature-256': `sha256=${hmac('wrong-secret')}` }],
    ['github', { 'x-hub-signature-256': hmac(SECRET) }],
    ['gitea', { 'x-gitea-signature': hmac('wrong-secret') }],
    ['forgejo', { 'x-forgejo-signature': hmac('wrong-secret') }],
    ['gitlab', { 'x-gitlab-token': 'wrong-secret' }],
    ['gitlab', { 'x-gitlab-token': '' }],
  ] as const)('refuses a %s call with a wrong signature %#', (forge, headers) => {
    expect(verifyWebhook(headers, body, SECRET)).toEqual({ ok: false, reason: `the ${forge} signature does not match` });
  });

  it('refuses a body changed after signing', () => {
    expect(verifyWebhook(signed.github, Buffer.from('{"ref":"refs/heads/evil"}'), SECRET).ok).toBe(false);
    expect(verifyWebhook(signed.gitea, Buffer.from('{}'), SECRET).ok).toBe(false);
  });

  it.each([` ${SECRET}`, `${SECRET} `, ` ${SECRET} `, `${SECRET}\n`])('refuses a GitLab token with anything around it (%j)', (token) => {
    expect(verifyWebhook({ 'x-gitlab-token': token }, body, SECRET).ok).toBe(false);
  });

  it('refuses a GitHub signature with anything around it', () => {
    expect(verifyWebhook({ 'x-hub-signature-256': ` sha256=${hmac(SECRET)} ` }, body, SECRET).ok).toBe(false);
  });

  it('refuses a call without any signature header, naming the ones it accepts', () => {
    const verdict = verifyWebhook({ 'content-type': 'application/json' }, body, SECRET);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(/X-Hub-Signature-256.*X-Gitlab-Token/);
  });

  it('reads the first value of a repeated header', () => {
    expect(verifyWebhook({ 'x-gitlab-token': [SECRET, 'other'] }, body, SECRET)).toEqual({ ok: true, forge: 'gitlab' });
  });
});
