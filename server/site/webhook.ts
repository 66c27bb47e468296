import crypto from 'node:crypto';

/** Which forge signed a webhook call, or why it was refused. */
export type WebhookVerdict = { ok: true; forge: 'github' | 'gitea' | 'forgejo' | 'gitlab' } | { ok: false; reason: string };

/**
 * Checks a webhook call against the shared secret, in constant time: GitHub's
 * `X-Hub-Signature-256: sha256=<hmac>`, Gitea's `X-Gitea-Signature` and Forgejo's
 * `X-Forgejo-Signature` (hex HMAC-SHA256 of the body), GitLab's `X-Gitlab-Token` (the secret itself).
 * `headers` are lower-cased names, as Node gives them.
 */
export function verifyWebhook(headers: Record<string, string | string[] | undefined>, body: Uint8Array, secret: string): WebhookVerdict {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const hmac = () => crypto.createHmac('sha256', secret).update(body).digest('hex');
  const github = header('x-hub-signature-256');
  if (github !== undefined) return verdict('github', safeEqual(github, `sha256=${hmac()}`));
  const gitea = header('x-gitea-signature');
  if (gitea !== undefined) return verdict('gitea', safeEqual(gitea, hmac()));
  const forgejo = header('x-forgejo-signature');
  if (forgejo !== undefined) return verdict('forgejo', safeEqual(forgejo, hmac()));
  const gitlab = header('x-gitlab-token');
  if (gitlab !== undefined) return verdict('gitlab', safeEqual(gitlab, secret));
  return { ok: false, reason: 'no signature header (X-Hub-Signature-256, X-Gitea-Signature, X-Forgejo-Signature or X-Gitlab-Token)' };
}

function verdict(forge: 'github' | 'gitea' | 'forgejo' | 'gitlab', ok: boolean): WebhookVerdict {
  return ok ? { ok, forge } : { ok, reason: `the ${forge} signature does not match` };
}

/**
 * Compares digests of both strings, so neither the content nor the length leaks through timing.
 * Exactly: a token or signature with anything around it is not the one that was set.
 */
function safeEqual(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
