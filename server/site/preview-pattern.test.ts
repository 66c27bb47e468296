import { describe, expect, it } from 'vitest';
import { previewAllowed } from './preview-pattern.js';
import { verifyWebhook } from './webhook.js';
import crypto from 'node:crypto';

describe('preview pattern', () => {
  it('matches globs where * spans slashes, in a comma-separated list; empty allows none', () => {
    expect(previewAllowed('*', 'feature/x')).toBe(true);
    expect(previewAllowed('feature/*, fix-*', 'fix-1')).toBe(true);
    expect(previewAllowed('feature/*', 'private/x')).toBe(false);
    expect(previewAllowed('', 'main')).toBe(false);
    expect(previewAllowed('v1.0', 'v1x0')).toBe(false);
  });
});

describe('webhook signatures', () => {
  const body = Buffer.from('{"ref":"refs/heads/main"}');
  const hmac = crypto.createHmac('sha256', 'secret-1').update(body).digest('hex');
  it('accepts each forge signed with the secret and refuses anything else', () => {
    expect(verifyWebhook({ 'x-hub-signature-256': `sha256=${hmac}` }, body, 'secret-1')).toEqual({ ok: true, forge: 'github' });
    expect(verifyWebhook({ 'x-gitea-signature': hmac }, body, 'secret-1')).toEqual({ ok: true, forge: 'gitea' });
    expect(verifyWebhook({ 'x-forgejo-signature': hmac }, body, 'secret-1')).toEqual({ ok: true, forge: 'forgejo' });
    expect(verifyWebhook({ 'x-gitlab-token': 'secret-1' }, body, 'secret-1')).toEqual({ ok: true, forge: 'gitlab' });
    expect(verifyWebhook({ 'x-hub-signature-256': `sha256=${hmac}` }, Buffer.from('{}'), 'secret-1').ok).toBe(false);
    expect(verifyWebhook({ 'x-gitlab-token': 'secret-' }, body, 'secret-1').ok).toBe(false);
    expect(verifyWebhook({}, body, 'secret-1').ok).toBe(false);
  });
});
