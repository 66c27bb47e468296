import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CountedCache } from './caches.js';
import { bodyOf, cachedPageBytes, chooseEncoding, PageCache, type BufferedResponse } from './page-cache.js';

const html = (text: string): BufferedResponse => ({ status: 200, headers: [['content-type', 'text/html; charset=utf-8']], body: Buffer.from(`<p>${text}</p>`.repeat(200)) });
const newCache = (maxBytes = 10 * 1024 * 1024) => new PageCache(new CountedCache('pages', maxBytes, cachedPageBytes));

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, then the identity body', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
  });

  it('honours q=0 and the wildcard', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, identity')).toBe('identity');
    expect(chooseEncoding('GZIP;Q=0.5')).toBe('gzip');
  });
});

describe('PageCache', () => {
  it('keeps a 200 in every encoding, each decoding to the rendered bytes, and answers the next request without rendering', async () => {
    const cache = newCache();
    let renders = 0;
    const render = async () => {
      renders++;
      return html('hello');
    };
    const first = await cache.answer('k', [], render);
    const second = await cache.answer('k', [], render);
    expect(renders).toBe(1);
    if (!('page' in first) || !('page' in second)) throw new Error('expected cached pages');
    expect([first.hit, second.hit]).toEqual([false, true]);
    const rendered = html('hello').body;
    expect(bodyOf(second.page, 'identity').equals(rendered)).toBe(true);
    expect(zlib.gunzipSync(bodyOf(second.page, 'gzip')).equals(rendered)).toBe(true);
    expect(zlib.brotliDecompressSync(bodyOf(second.page, 'br')).equals(rendered)).toBe(true);
    expect(bodyOf(second.page, 'br').length).toBeLessThan(rendered.length / 10);
    expect(second.page.headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
  });

  it('keeps only the bytes of each body, so the budget counts what the cache holds', async () => {
    const cache = newCache();
    // Small pages compress to less than one zlib output chunk, which zlib hands back as a slice.
    for (const text of ['a', 'b', 'c']) {
      const answer = await cache.answer(text, [], async () => html(text));
      if (!('page' in answer)) throw new Error('expected a cached page');
      for (const body of Object.values(answer.page.bodies)) {
        expect(body.length).toBeLessThan(200);
        expect(body.buffer.byteLength).toBe(body.length);
      }
    }
  });

  it('renders once for concurrent requests of one key', async () => {
    const cache = newCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setImmediate(resolve));
      return html('once');
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.answer('k', [], render)));
    expect(renders).toBe(1);
    expect(answers.every((answer) => 'page' in answer)).toBe(true);
  });

  it('never keeps an error, a redirect or a response that sets a cookie', async () => {
    const cache = newCache();
    const answers: BufferedResponse[] = [
      { status: 404, headers: [], body: Buffer.from('missing') },
      { status: 500, headers: [], body: Buffer.from('broken') },
      { status: 302, headers: [['location', '/x']], body: Buffer.alloc(0) },
      { ...html('cookie'), headers: [['Set-Cookie', 'a=b']] },
    ];
    for (const [index, response] of answers.entries()) {
      let renders = 0;
      for (let i = 0; i < 2; i++) {
        const answer = await cache.answer(`k${index}`, [], async () => {
          renders++;
          return response;
        });
        expect(answer).toEqual({ response });
      }
      expect(renders).toBe(2);
    }
  });

  it('hands a failed render to every waiting request and keeps nothing', async () => {
    const cache = newCache();
    const failing = () => Promise.reject(new Error('render failed'));
    await expect(Promise.all([cache.answer('k', [], failing), cache.answer('k', [], failing)])).rejects.toThrow('render failed');
    const answer = await cache.answer('k', [], async () => html('recovered'));
    expect('page' in answer && !answer.hit).toBe(true);
  });

  it('does not replay hop-by-hop or length headers', async () => {
    const cache = newCache();
    const answer = await cache.answer('k', [], async () => ({
      ...html('x'),
      headers: [
        ['Content-Length', '9'],
        ['Content-Type', 'text/html'],
        ['Date', 'now'],
        ['X-Remix-Response', 'yes'],
      ],
    }));
    expect('page' in answer && answer.page.headers).toEqual([
      ['Content-Type', 'text/html'],
      ['X-Remix-Response', 'yes'],
    ]);
  });

  it('drops the pages of commits no ref serves any more, and keeps commit permalinks', async () => {
    const cache = newCache();
    await cache.answer('old', ['c1', 'd1'], async () => html('old'));
    await cache.answer('released', ['c2', 'd1'], async () => html('released'));
    await cache.answer('permalink', [], async () => html('permalink'));
    expect(cache.retain(new Set(['c1', 'c2', 'd1']))).toBe(0);
    expect(cache.retain(new Set(['c2', 'd2']))).toBe(2);
    let renders = 0;
    const answer = await cache.answer('permalink', [], async () => {
      renders++;
      return html('again');
    });
    expect(renders).toBe(0);
    expect('page' in answer && answer.hit).toBe(true);
  });

  it('stays within its byte budget', async () => {
    const counted = new CountedCache('pages', 64 * 1024, cachedPageBytes);
    const cache = new PageCache(counted);
    for (let i = 0; i < 100; i++) {
      await cache.answer(`k${i}`, [], async () => ({ status: 200, headers: [], body: Buffer.from(`${i}`.padEnd(4000, String.fromCharCode(65 + (i % 26)))) }));
    }
    expect(counted.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(counted.stats().entries).toBeGreaterThan(0);
  });
});
