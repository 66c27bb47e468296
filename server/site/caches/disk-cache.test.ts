import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenderedEntry } from '../../markdown/page-renderer.js';
import { DiskCache } from './disk-cache.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh DATA_DIR/cache. */
function cacheDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-cache-'));
  dirs.push(dir);
  return dir;
}

/** A rendered page whose HTML does not compress: `kib` KiB of random text. */
function entry(kib = 1, day?: string): RenderedEntry {
  return {
    page: {
      html: `<p>${crypto.randomBytes(kib * 768).toString('base64')}</p>`,
      headings: [{ depth: 2, text: 'A heading', id: 'a-heading' }],
      toc: [],
      warnings: [],
      dateDependent: day !== undefined,
      listsOtherDocs: false,
      components: ['Tabs'],
    },
    day,
  } as unknown as RenderedEntry;
}

/** The files the store keeps, in its one folder. */
function files(cache: string): string[] {
  const [folder] = fs.readdirSync(cache).filter((name) => name.startsWith('disk-'));
  return folder ? fs.readdirSync(path.join(cache, folder)).map((name) => path.join(cache, folder, name)) : [];
}

describe('DiskCache', () => {
  const gz = { compress: true };
  const raw = { compress: false };
  it('reads back after a restart what it wrote, gzipped or not, and nothing else', async () => {
    const cache = cacheDir();
    const warn = vi.fn();
    const first = new DiskCache(cache, 'build-a', 2 ** 20, warn);
    const page = entry(2, '2026-11-26');
    await first.write('blob:3:context:/general:a.md', page, gz);
    const body = { headers: [['ETag', '"x"']], bodies: { br: crypto.randomBytes(3000), gzip: crypto.randomBytes(4000) } };
    await first.write('page:"x" host', body, raw);
    expect(await first.read('blob:3:context:/general:a.md')).toEqual(page);

    const again = new DiskCache(cache, 'build-a', 2 ** 20, warn);
    expect(again.stats()).toMatchObject({ entries: 2, hits: 0 });
    expect(await again.read('blob:3:context:/general:a.md')).toEqual(page);
    const read = (await again.read('page:"x" host')) as typeof body;
    expect(Buffer.isBuffer(read.bodies.br)).toBe(true);
    expect(read).toEqual(body);
    expect(await again.read('blob:3:context:/next:a.md')).toBeUndefined();
    expect(again.stats()).toMatchObject({ hits: 2, misses: 1, corrupt: 0, writeFailures: 0 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('starts empty for another build, and removes the folders of other builds and half-written files', async () => {
    const cache = cacheDir();
    const old = new DiskCache(cache, 'build-a', 2 ** 20, vi.fn());
    await old.write('key', entry(), gz);
    fs.writeFileSync(`${files(cache)[0]}.123.1.tmp`, 'half a file');

    const again = new DiskCache(cache, 'build-a', 2 ** 20, vi.fn());
    expect(files(cache)).toHaveLength(1);
    expect(again.stats().entries).toBe(1);

    const next = new DiskCache(cache, 'build-b', 2 ** 20, vi.fn());
    expect(fs.readdirSync(cache)).toEqual(['disk-build-b']);
    expect(await next.read('key')).toBeUndefined();
  });

  it('removes a truncated, altered or misnamed file, answers a miss, and keeps the next write', async () => {
    const cache = cacheDir();
    const warn = vi.fn();
    const store = new DiskCache(cache, 'build-a', 2 ** 20, warn);
    // Each key's file: the one its write added.
    const fileOf: Record<string, string> = {};
    for (const key of ['truncated', 'altered', 'misnamed', 'other']) {
      const before = new Set(files(cache));
      await store.write(key, entry(), key === 'altered' ? raw : gz);
      fileOf[key] = files(cache).find((file) => !before.has(file))!;
    }
    fs.truncateSync(fileOf.truncated, 10);
    const bytes = fs.readFileSync(fileOf.altered);
    bytes[bytes.length >> 1] ^= 0xff;
    fs.writeFileSync(fileOf.altered, bytes);
    fs.copyFileSync(fileOf.other, fileOf.misnamed);

    for (const key of ['truncated', 'altered', 'misnamed']) expect(await store.read(key)).toBeUndefined();
    expect(store.stats()).toMatchObject({ corrupt: 3, entries: 1 });
    expect(files(cache)).toHaveLength(1);
    expect(await store.read('other')).toBeDefined();
    expect(warn).toHaveBeenCalledTimes(1);

    const page = entry();
    await store.write('truncated', page, gz);
    expect(await store.read('truncated')).toEqual(page);
  });

  it('survives its folder being deleted while it runs', async () => {
    const cache = cacheDir();
    const store = new DiskCache(cache, 'build-a', 2 ** 20, vi.fn());
    await store.write('a', entry(), gz);
    fs.rmSync(cache, { recursive: true });

    expect(await store.read('a')).toBeUndefined();
    const page = entry();
    await store.write('b', page, gz);
    expect(await store.read('b')).toEqual(page);
    expect(store.stats()).toMatchObject({ entries: 1, writeFailures: 0 });
  });

  it('keeps to its budget by removing the least recently used files', async () => {
    const cache = cacheDir();
    const store = new DiskCache(cache, 'build-a', 64 * 1024, vi.fn());
    for (let i = 0; i < 6; i++) await store.write(`page-${i}`, entry(8), gz);
    // page-0 read again is recently used; page-1 is now the oldest use.
    expect(await store.read('page-0')).toBeDefined();
    for (let i = 6; i < 12; i++) await store.write(`page-${i}`, entry(8), gz);

    const { bytes, entries } = store.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(bytes).toBe(files(cache).reduce((sum, file) => sum + fs.statSync(file).size, 0));
    expect(files(cache)).toHaveLength(entries);
    expect(await store.read('page-1')).toBeUndefined();
    expect(await store.read('page-11')).toBeDefined();
  });

  it('keeps what memory keeps using: a touched entry outlives older writes', async () => {
    const cache = cacheDir();
    const store = new DiskCache(cache, 'build-a', 64 * 1024, vi.fn());
    for (let i = 0; i < 6; i++) await store.write(`page-${i}`, entry(8), gz);
    // page-0 is served from memory all along: the disk is never read for it, only told.
    store.touch('page-0');
    store.touch('never-written');
    await store.flush();
    for (let i = 6; i < 12; i++) await store.write(`page-${i}`, entry(8), gz);
    expect(await store.read('page-0')).toBeDefined();
    expect(await store.read('page-1')).toBeUndefined();
  });

  it("remembers across a restart the uses memory told it, in the files' times", async () => {
    const cache = cacheDir();
    const store = new DiskCache(cache, 'build-a', 64 * 1024, vi.fn());
    // Apart in time, so the files' times order them whatever the file system's clock resolution.
    const later = () => new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 6; i++) {
      await store.write(`page-${i}`, entry(8), gz);
      await later();
    }
    store.touch('page-0');
    await store.flush();
    // A new process orders the files by their times: page-1 is now the oldest use, not page-0.
    const restarted = new DiskCache(cache, 'build-a', 64 * 1024, vi.fn());
    for (let i = 6; i < 12; i++) await restarted.write(`page-${i}`, entry(8), gz);
    expect(await restarted.read('page-0')).toBeDefined();
    expect(await restarted.read('page-1')).toBeUndefined();
  });

  it('serves on when the disk is full: the write is counted and logged once, no file is left', async () => {
    const cache = cacheDir();
    const warn = vi.fn();
    const store = new DiskCache(cache, 'build-a', 2 ** 20, warn);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    // The file is made and its first bytes written, then the disk is full.
    const realOpen = fs.promises.open;
    const open = vi.spyOn(fs.promises, 'open').mockImplementation(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      return Object.assign(handle, {
        writev: async () => {
          await handle.write('the first bytes');
          throw full;
        },
      });
    });
    await expect(store.write('a', entry(), gz)).resolves.toBeUndefined();
    await store.write('b', entry(), raw);
    expect(store.stats()).toMatchObject({ entries: 0, bytes: 0, writeFailures: 2 });
    expect(files(cache)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe(full);

    open.mockRestore();
    await store.write('a', entry(), gz);
    expect(await store.read('a')).toBeDefined();
  });
});
