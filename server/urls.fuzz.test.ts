// A short fuzz run of the URL grammar with a fixed seed (FUZZ_SEED overrides it): any path parses
// without throwing to a known kind, and every docs URL the site builds parses back to itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docsPrefix, docsUrl, parseUrl, ROUTE_KINDS, type Selector } from './urls.js';

const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const grammar = { instances: [{ base: 'general', versionPaths: new Set(['5.0', 'next']), folderPaths: new Set<string>() }] };
const segment = fc.oneof(fc.string(), fc.constantFrom('~', '@', '%', '%2F', '..', '.data', 'category', 'tags', '5.0', '__proto__'), fc.webSegment());

describe('the URL grammar under fuzzing', () => {
  it('parses any path to a known kind without throwing', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.boolean(), (segments, docs) => {
        const path = `/${docs ? 'general/' : ''}${segments.join('/')}`;
        expect(ROUTE_KINDS).toContain(parseUrl(path, grammar).kind);
      }),
      { seed, numRuns: 2_000 },
    );
  });

  it('parses every docs URL it builds back to the same selector and slug', () => {
    const selector: fc.Arbitrary<Selector> = fc.oneof(
      fc.constant({ kind: 'default' } as const),
      fc.constant({ kind: 'version', path: '5.0' } as const),
      fc
        .string({ minLength: 1 })
        .filter((name) => !name.includes('..') && !/[\0-\x1f\x7f]/.test(name))
        .map((name) => ({ kind: 'branch', name }) as const),
      fc.stringMatching(/^[0-9a-f]{7,40}$/).map((oid) => ({ kind: 'commit', oid }) as const),
    );
    const slugSegment = fc
      .string({ minLength: 1 })
      .filter((text) => !/[\0-\x1f\x7f]/.test(text) && !text.startsWith('~') && !text.startsWith('@') && text !== '5.0' && text !== 'next');
    fc.assert(
      fc.property(selector, fc.array(slugSegment, { maxLength: 4 }), (chosen, parts) => {
        const slug = parts.join('/').split('/').filter(Boolean).join('/');
        if (!slug && chosen.kind === 'default') return;
        const route = parseUrl(docsUrl(docsPrefix('general', chosen), slug), grammar);
        if (slug.endsWith('.data')) return;
        expect(route).toMatchObject({ selector: chosen, slug });
      }),
      { seed, numRuns: 2_000 },
    );
  });
});
