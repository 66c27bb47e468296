// Tells the caches in front which responses a refresh made stale (docs/decisions/021-surrogate-keys.md):
// one request per cache URL carrying the keys, e.g. a Varnish `PURGE` that bans objects by their
// `Surrogate-Key`, or a CDN's purge-by-tag endpoint behind a small adapter.

/** Keys per purge request: headers stay well under common 8 KB limits. */
const KEYS_PER_REQUEST = 100;
/** How long one cache may take to answer a purge. */
const PURGE_TIMEOUT_MS = 5_000;

/** What one purge request gave: the cache's status, or why it failed. */
export type PurgeOutcome = { url: string; keys: number; status: number } | { url: string; keys: number; error: string };

/**
 * Sends `keys` to every cache URL with `method` (PURGE by default) and the keys in a
 * `Surrogate-Key` header, space-separated, in batches; never throws.
 */
export async function sendPurges(urls: readonly string[], keys: readonly string[], method = 'PURGE'): Promise<PurgeOutcome[]> {
  const batches: string[][] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_REQUEST) batches.push(keys.slice(i, i + KEYS_PER_REQUEST));
  const requests = urls.flatMap((url) => batches.map((batch) => ({ url, batch })));
  return Promise.all(
    requests.map(async ({ url, batch }): Promise<PurgeOutcome> => {
      try {
        const response = await fetch(url, { method, headers: { 'Surrogate-Key': batch.join(' ') }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
        await response.arrayBuffer();
        return { url, keys: batch.length, status: response.status };
      } catch (cause) {
        return { url, keys: batch.length, error: cause instanceof Error ? cause.message : String(cause) };
      }
    }),
  );
}
