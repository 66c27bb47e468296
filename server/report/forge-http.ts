// One request to a forge's API, as a good citizen sends it (docs/decisions/038-preview-reports.md):
// retried with back-off on a server error or a dropped connection, waiting as long as the forge's
// rate-limit headers say on a 403 or 429 that carries them, and given up after a few tries. The
// token goes in a header only, and every error text is scrubbed of it before anyone can log it.

/** How a reporter waits and how long it keeps trying; tests make the waits tiny or instant. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first back-off; each next one doubles. */
  baseDelayMs: number;
  /** A rate limit that resets later than this is not waited for: the report is given up. */
  maxWaitMs: number;
  /** Waits (a timer in production). */
  sleep(ms: number): Promise<void>;
  /** The clock the forge's reset times are read against. */
  now(): number;
}

/** The default policy: 4 tries, 1 s then 2 s then 4 s, rate limits waited up to 15 minutes. */
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 1000,
  maxWaitMs: 15 * 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
  now: Date.now,
};

/** A forge's answer that was not a success, with the token scrubbed from its text. */
export class ForgeError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'ForgeError';
  }
}

/** How to reach one forge's API: its base URL, and the headers that carry the token. */
export interface ForgeEndpoint {
  api: string;
  token: string;
  /** The headers that authenticate a request (each forge has its own). */
  auth(token: string): Record<string, string>;
  retry: RetryPolicy;
}

/** Replaces every occurrence of the token in a text, so an error can be logged. */
export function scrub(text: string, token: string): string {
  return token ? text.split(token).join('[token]') : text;
}

/** How long a rate-limited answer asks to wait, in ms (undefined: it is not a rate limit). */
export function rateLimitWait(response: Response, now: number): number | undefined {
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter && /^\d+$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
  // GitHub and Gitea: x-ratelimit-reset; GitLab: ratelimit-reset. Epoch seconds.
  const reset = response.headers.get('x-ratelimit-reset') ?? response.headers.get('ratelimit-reset');
  const remaining = response.headers.get('x-ratelimit-remaining') ?? response.headers.get('ratelimit-remaining');
  if (reset && /^\d+$/.test(reset.trim()) && (remaining === null || remaining.trim() === '0' || response.status === 429)) return Math.max(0, Number(reset) * 1000 - now);
  return response.status === 429 ? 60_000 : undefined;
}

/** Sends a JSON request to the forge and answers its parsed body; throws a ForgeError once retries are spent. */
export async function forgeRequest<T = unknown>(endpoint: ForgeEndpoint, method: string, path: string, body?: unknown): Promise<T> {
  const { retry, token } = endpoint;
  const what = `${method} ${path}`;
  let lastError: ForgeError | undefined;
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    let response: Response;
    try {
      response = await fetch(endpoint.api + path, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'docsite-preview-reports', ...endpoint.auth(token) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      // A dropped connection or a timeout: worth another try.
      lastError = new ForgeError(scrub(`${what}: ${error instanceof Error ? error.message : String(error)}`, token), undefined);
      if (attempt < retry.attempts) await retry.sleep(backOff(retry, attempt));
      continue;
    }
    if (response.ok) return (response.status === 204 ? undefined : await response.json().catch(() => undefined)) as T;
    const text = scrub((await response.text().catch(() => '')).slice(0, 200), token);
    lastError = new ForgeError(`${what}: ${response.status} ${text}`.trim(), response.status);
    const wait = response.status === 403 || response.status === 429 ? rateLimitWait(response, retry.now()) : undefined;
    if (wait !== undefined) {
      if (wait > retry.maxWaitMs)
        throw new ForgeError(`${what}: rate-limited for ${Math.round(wait / 1000)} s, more than the ${Math.round(retry.maxWaitMs / 1000)} s a report waits`, response.status);
      if (attempt < retry.attempts) await retry.sleep(wait);
      continue;
    }
    // Other client errors (a bad token, a missing repository) will not mend by asking again.
    if (response.status < 500) throw lastError;
    if (attempt < retry.attempts) await retry.sleep(backOff(retry, attempt));
  }
  throw lastError!;
}

/** The wait before the next try: doubling from the base, with a little jitter so replicas do not retry in step. */
function backOff(retry: RetryPolicy, attempt: number): number {
  const delay = retry.baseDelayMs * 2 ** (attempt - 1);
  return Math.round(delay * (0.9 + Math.random() * 0.2));
}
