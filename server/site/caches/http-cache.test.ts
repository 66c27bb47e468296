import { describe, expect, it } from 'vitest';
import { ROUTE_KINDS } from '../../urls.js';
import { CACHE_CONTROL, ROUTE_POLICIES, routeLabel } from './http-cache.js';

describe('route policies', () => {
  it('gives every kind of URL the URL module knows a cache policy and a metric label', () => {
    for (const kind of ROUTE_KINDS) {
      expect(ROUTE_POLICIES[kind], kind).toMatch(/^(content|home|blog|snapshot|immutable|server|search|review|no-store)$/);
      expect(routeLabel({ kind } as never), kind).toBe(kind);
    }
    expect(Object.keys(ROUTE_POLICIES).sort()).toEqual([...ROUTE_KINDS].sort());
  });

  it('never caches operator endpoints, the webhook or errors', () => {
    for (const kind of ['healthz', 'readyz', 'metrics', 'webhook', 'not-found', 'bad-url', 'api-unknown'] as const) expect(ROUTE_POLICIES[kind]).toBe('no-store');
    expect(CACHE_CONTROL.noStore).toBe('no-store');
  });
});

describe('review policies', () => {
  it('revalidates comparisons of two refs every time', () => {
    for (const kind of ['changes', 'diff', 'api-changes'] as const) expect(ROUTE_POLICIES[kind]).toBe('review');
    expect(CACHE_CONTROL.review).toBe('public, no-cache');
  });
});
