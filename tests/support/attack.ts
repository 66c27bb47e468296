// What the hostile tests and bench/attack.ts do to a server: clients asking for expensive answers on
// old commits (hanging up, or waiting for their answer), a reader timing pages meanwhile, and
// /metrics read as numbers.

/** Every answer that reads a whole commit, on commit `oid` (a page that exists at every old commit: /general/app). */
export function wholeSiteUrls(oid: string): string[] {
  return [
    `/api/search?q=moodle+plugin&ref=@${oid}`,
    `/general/@${oid}/llms-full.txt`,
    `/general/@${oid}/links`,
    `/api/links?ref=@${oid}`,
    `/general/@${oid}/changes`,
    `/general/@${oid}/app?history`,
    `/general/@${oid}/app?diff`,
  ];
}

/** One request's outcome: its status (0: no answer in time, or a network error) and how long it took. */
export interface Outcome {
  url: string;
  status: number;
  ms: number;
}

/** GETs `url`, hanging up after `timeoutMs`; never throws. */
export async function request(url: string, timeoutMs: number): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return { url, status: res.status, ms: performance.now() - started };
  } catch {
    return { url, status: 0, ms: performance.now() - started };
  }
}

/**
 * `clients` clients, each asking for the next of `urls` (taken in turn, so none is asked twice)
 * until `until()` says stop, one request at a time, each waiting at most `timeoutMs` for its answer.
 * Resolves with every outcome once the last client has left.
 */
export async function attack(base: string, urls: string[], opts: { clients: number; timeoutMs: number; until: () => boolean }): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const client = async () => {
    while (!opts.until() && next < urls.length) outcomes.push(await request(base + urls[next++], opts.timeoutMs));
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  return outcomes;
}

/** Reads `paths` in turn, one at a time (each after `pace()`, if given), until `until()` says stop; every outcome. */
export async function read(base: string, paths: () => string | undefined, until: () => boolean, timeoutMs = 60_000, pace?: () => Promise<unknown> | undefined): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let path = paths(); path !== undefined && !until(); path = paths()) {
    await pace?.();
    outcomes.push(await request(base + path, timeoutMs));
  }
  return outcomes;
}

/**
 * A reader paced at one request every `everyMs` for `ms`, as a person reads: it measures latency,
 * not throughput. Every outcome.
 */
export function pacedRead(base: string, paths: () => string | undefined, ms: number, everyMs: number): Promise<Outcome[]> {
  const end = Date.now() + ms;
  let next = Date.now();
  const pace = () => {
    const wait = next - Date.now();
    next = Math.max(Date.now(), next) + everyMs;
    return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : undefined;
  };
  return read(base, paths, () => Date.now() > end, 60_000, pace);
}

/** A percentile of some durations (0 for none). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** How many outcomes had each status. */
export function statusCounts(outcomes: Outcome[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of outcomes) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The server's /metrics, read as numbers: `sample(name, labels)` sums the matching series (NaN when none). */
export async function metrics(base: string): Promise<(name: string, labels?: Record<string, string>) => number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return (name, labels = {}) => {
    let sum = Number.NaN;
    for (const line of text.split('\n')) {
      const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
      if (Object.entries(labels).some(([key, value]) => have[key] !== value)) continue;
      sum = (Number.isNaN(sum) ? 0 : sum) + Number(match[3]);
    }
    return sum;
  };
}

/**
 * Render tasks queued or running for clients: in every lane but the site's own, which builds the
 * published versions' search indexes from start on (issue 34) whether or not anyone asks.
 */
export async function clientRenderTasks(base: string): Promise<number> {
  const sample = await metrics(base);
  return sample('docsite_render_tasks') - (sample('docsite_render_tasks', { lane: 'site' }) || 0);
}

/** Work under way for clients, render tasks and whole-site jobs: zero when no client's work is left. */
export async function workUnderWay(base: string): Promise<number> {
  const sample = await metrics(base);
  return (await clientRenderTasks(base)) + (sample('docsite_whole_site_jobs', { kind: 'demand' }) || 0);
}
