// Counts the reads one request makes of the docs store (issue 42), for bench/reads.ts and the test
// that keeps them at one each: every call of locate, docSet, sidebars and versionsAt, by key.
import type { ServerConfig } from '../../server/site/env.js';
import { Site } from '../../server/site/site.js';
import { cachePolicy, grammarOf } from '../../server/site/caches/http-cache.js';
import { parseUrl } from '../../server/urls.js';
import { shellView } from '../../server/site/views/shell.js';
import { docsPageView } from '../../server/site/views/docs-page.js';
import { requestContext } from '../../server/site/request.js';

export type ReadCounts = Record<string, { calls: number; keys: number; most: number }>;

/** Wraps `object[name]` to count its calls by the key `keyOf` gives their arguments. */
function count(counts: Map<string, Map<string, number>>, object: Record<string, unknown>, name: string, keyOf: (...args: never[]) => string): void {
  const original = object[name] as (...args: unknown[]) => unknown;
  const byKey = new Map<string, number>();
  counts.set(name, byKey);
  object[name] = function (this: unknown, ...args: unknown[]) {
    const key = (keyOf as (...args: unknown[]) => string)(...args);
    byKey.set(key, (byKey.get(key) ?? 0) + 1);
    return original.apply(this, args);
  };
}

/** Opens a site and serves one URL as the HTTP layer and Remix do (cache headers, shell, page), counting the reads. */
export async function countReads(config: ServerConfig, url: string): Promise<ReadCounts> {
  const site = await Site.open(config);
  const counts = new Map<string, Map<string, number>>();
  const any = site as unknown as Record<string, unknown>;
  const docs = site.docs as unknown as Record<string, unknown>;
  count(counts, any, 'locate', (_snapshot: unknown, address: unknown) => JSON.stringify(address));
  count(counts, docs, 'docSet', (commit: string, instance: string, version: string) => `${commit}:${instance}:${version}`);
  count(counts, docs, 'sidebars', (docSet: { commit: string; instance: string; version: string }) => `${docSet.commit}:${docSet.instance}:${docSet.version}`);
  count(counts, docs, 'versionsAt', (commit: string, instance: { id: string }) => `${commit}:${instance.id}`);
  const snapshot = site.snapshot();
  const parsed = new URL(url, 'http://x');
  const route = parseUrl(parsed.pathname, grammarOf(snapshot), parsed.searchParams);
  const context = requestContext(site, { snapshot, route, search: parsed.searchParams });
  await cachePolicy(context, url, 'bench', '');
  await Promise.all([shellView(context), docsPageView(context)]);
  await site.flush();
  return Object.fromEntries(
    [...counts].map(([name, byKey]) => [name, { calls: [...byKey.values()].reduce((a, b) => a + b, 0), keys: byKey.size, most: Math.max(0, ...byKey.values()) }]),
  );
}
