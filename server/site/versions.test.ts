import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../content/site-config.js';
import { previewAllowed, versionsOf } from './versions.js';
import { verifyWebhook } from './webhook.js';
import crypto from 'node:crypto';

describe('versions', () => {
  it('adds the current version, labelled Next, reading the default ref, when none is configured', () => {
    const [current] = versionsOf(parseSiteConfig(undefined), 'trunk');
    expect(current).toMatchObject({ name: 'current', ref: 'trunk', label: 'Next', isLast: true, path: '' });
  });

  it('makes the first released version the last one unless isLast says otherwise', () => {
    const config = parseSiteConfig('versions:\n  - { name: current }\n  - { name: "2.0", ref: b2 }\n  - { name: "1.0", ref: b1 }\n');
    expect(versionsOf(config, 'main').map((v) => [v.name, v.path, v.isLast])).toEqual([
      ['current', 'next', false],
      ['2.0', '', true],
      ['1.0', '1.0', false],
    ]);
    const explicit = parseSiteConfig('versions:\n  - { name: current, isLast: true }\n  - { name: "2.0", ref: b2 }\n');
    expect(versionsOf(explicit, 'main').map((v) => [v.name, v.path])).toEqual([
      ['current', ''],
      ['2.0', '2.0'],
    ]);
  });

  it('requires a ref for every version but current, and one isLast at most', () => {
    expect(() => parseSiteConfig('versions:\n  - { name: "2.0" }\n')).toThrow(/docsite\.yaml:2: versions\.0\.ref: required/);
    expect(() => parseSiteConfig('versions:\n  - { name: a, ref: a, isLast: true }\n  - { name: b, ref: b, isLast: true }\n')).toThrow(/at most one version/);
  });
});

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
