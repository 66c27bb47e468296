// Tells the caches in front which responses a refresh made stale (docs/decisions/021-surrogate-keys.md).
// A purge target is one entry of PURGE_URLS:
//   http://varnish:6081/                   a request with PURGE_METHOD and the keys in `Surrogate-Key`
//   cloudflare:https://api.cloudflare.com/client/v4/zones/{zone}/purge_cache
//                                          Cloudflare's purge by cache tag: JSON `{"tags": [...]}`, a bearer token
//   fastly:https://api.fastly.com/service/{service}/purge
//                                          Fastly's purge by surrogate key: `Surrogate-Key`, a `Fastly-Key` token

/** How long one cache may take to answer a purge. */
const PURGE_TIMEOUT_MS = 5_000;

/** The purge APIs the server speaks, and the most keys each takes in one request. */
const KEYS_PER_REQUEST = { 'surrogate-key': 100, cloudflare: 100, fastly: 256 } as const;

/** How a target's purges are sent: a plain request with `Surrogate-Key`, or a CDN's API. */
export type PurgeApi = keyof typeof KEYS_PER_REQUEST;

/** One place to purge: its API and URL. */
export interface PurgeTarget {
  api: PurgeApi;
  url: string;
}

/** The tokens the CDN APIs need (CLOUDFLARE_API_TOKEN, FASTLY_API_TOKEN), and the method of plain purges. */
export interface PurgeCredentials {
  method: string;
  cloudflareToken?: string;
  fastlyToken?: string;
}

/** What one purge request gave: the cache's status, or why it failed. */
export type PurgeOutcome = { url: string; keys: number; status: number } | { url: string; keys: number; error: string };

/** Reads a PURGE_URLS entry (`cloudflare:https://…`, `fastly:https://…` or a plain URL); undefined when it is neither. */
export function parsePurgeTarget(entry: string): PurgeTarget | undefined {
  const match = /^(?:(cloudflare|fastly):)?(https?:\/\/.+)$/.exec(entry);
  if (!match || !URL.canParse(match[2])) return undefined;
  return { api: (match[1] as PurgeApi | undefined) ?? 'surrogate-key', url: match[2] };
}

/**
 * Sends `keys` to every target in batches its API takes, all at once; never throws. A Cloudflare
 * answer of 200 that says `success: false` is a failure.
 */
export async function sendPurges(targets: readonly PurgeTarget[], keys: readonly string[], credentials: PurgeCredentials): Promise<PurgeOutcome[]> {
  const requests = targets.flatMap((target) => {
    const size = KEYS_PER_REQUEST[target.api];
    const batches: string[][] = [];
    for (let i = 0; i < keys.length; i += size) batches.push(keys.slice(i, i + size));
    return batches.map((batch) => ({ target, batch }));
  });
  return Promise.all(
    requests.map(async ({ target, batch }): Promise<PurgeOutcome> => {
      const { url } = target;
      try {
        const response = await fetch(url, { ...purgeRequest(target.api, batch, credentials), signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
        const body = await response.text();
        if (target.api === 'cloudflare' && response.ok && !cloudflareSucceeded(body))
          return { url, keys: batch.length, error: `Cloudflare refused the purge: ${body.slice(0, 300)}` };
        return { url, keys: batch.length, status: response.status };
      } catch (cause) {
        return { url, keys: batch.length, error: cause instanceof Error ? cause.message : String(cause) };
      }
    }),
  );
}

/** The method, headers and body of one purge request of `keys` in a target's API. */
function purgeRequest(api: PurgeApi, keys: readonly string[], credentials: PurgeCredentials): RequestInit {
  switch (api) {
    case 'cloudflare':
      return {
        method: 'POST',
        headers: { Authorization: `Bearer ${credentials.cloudflareToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ tags: keys }),
      };
    case 'fastly':
      return { method: 'POST', headers: { 'Fastly-Key': credentials.fastlyToken ?? '', 'Surrogate-Key': keys.join(' '), Accept: 'application/json' } };
    default:
      return { method: credentials.method, headers: { 'Surrogate-Key': keys.join(' ') } };
  }
}

/** Whether a Cloudflare API answer says `success: true`. */
function cloudflareSucceeded(body: string): boolean {
  try {
    return (JSON.parse(body) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}
