// The caches' loads under way (decision 030): never evicted from under their callers, and started
// again by a caller that still wants a value whose load stopped with the work of someone who left.
import { describe, expect, it } from 'vitest';
import { runAs } from '../../work-context.js';
import { CountedCache } from './caches.js';

describe('CountedCache', () => {
  it('keeps a load under way while other entries fill the cache, and answers it', async () => {
    const cache = new CountedCache<{ bytes: number }>('derived', 100, (value) => value.bytes);
    let finish!: (value: { bytes: number }) => void;
    const slow = cache.fetch('slow', () => new Promise((resolve) => (finish = resolve)));
    for (let i = 0; i < 50; i++) await cache.fetch(`filler-${i}`, async () => ({ bytes: 10 }));
    finish({ bytes: 10 });
    await expect(slow).resolves.toEqual({ bytes: 10 });
  });

  it('starts a shared load again for a caller still waiting when it stopped because its starter left', async () => {
    const cache = new CountedCache<{ bytes: number }>('derived', 100, (value) => value.bytes);
    const leaver = new AbortController();
    let stop!: () => void;
    let loads = 0;
    const first = runAs({ lane: 'demand', signal: leaver.signal }, () =>
      cache.fetch('k', () => {
        loads++;
        return new Promise((_, reject) => (stop = () => reject(new DOMException('left', 'AbortError'))));
      }),
    );
    const second = runAs({ lane: 'reader' }, () =>
      cache.fetch('k', async () => {
        loads++;
        return { bytes: 1 };
      }),
    );
    leaver.abort();
    stop();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toEqual({ bytes: 1 });
    expect(loads).toBe(2);
  });

  it('starts no load for work that was abandoned', async () => {
    const cache = new CountedCache<{ bytes: number }>('derived', 100, (value) => value.bytes);
    const gone = new AbortController();
    gone.abort();
    await expect(runAs({ lane: 'preview', signal: gone.signal }, () => cache.fetch('k', async () => ({ bytes: 1 })))).rejects.toMatchObject({ name: 'AbortError' });
    expect(cache.loads).toBe(0);
  });
});
