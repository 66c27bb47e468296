import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { DEFAULT_MEMORY_MB, DEFAULT_RENDER_IDLE_SECONDS, MIN_RENDER_THREAD_HEAP_MB, readServerConfig, renderThreadHeapMb, renderThreadYoungMb } from './env.js';

describe('readServerConfig', () => {
  it('defaults to the documented memory and keeps the page cache on', () => {
    const config = readServerConfig({});
    expect(config.memoryMb).toBe(DEFAULT_MEMORY_MB);
    expect(config.memoryMb).toBe(768);
    expect(config.pageCache).toBe(true);
  });

  it('reads MEMORY_MB and PAGE_CACHE=off', () => {
    const config = readServerConfig({ MEMORY_MB: '512', PAGE_CACHE: 'off' });
    expect(config.memoryMb).toBe(512);
    expect(config.pageCache).toBe(false);
  });

  it('refuses a memory too small or not a number, naming the variable', () => {
    expect(() => readServerConfig({ MEMORY_MB: '64' })).toThrow('MEMORY_MB="64": a whole number of MiB, at least 128');
    expect(() => readServerConfig({ MEMORY_MB: 'lots' })).toThrow('MEMORY_MB="lots": a whole number of MiB, at least 128');
  });

  it('fits the render threads in MEMORY_MB: one below 512 MiB, each with a heap it can render the corpus in', () => {
    const cores = Math.min(2, os.availableParallelism());
    expect(readServerConfig({ MEMORY_MB: '384' }).renderThreads).toBe(1);
    expect(readServerConfig({ MEMORY_MB: '768' }).renderThreads).toBe(cores);
    expect(readServerConfig({ MEMORY_MB: '384', RENDER_THREADS: '2' }).renderThreads).toBe(2);
    expect(renderThreadHeapMb(256)).toBe(MIN_RENDER_THREAD_HEAP_MB);
    expect(renderThreadHeapMb(768)).toBe(96);
    // Render threads' young generation: 2 MiB semi-spaces below 384 (as bin/start.sh gives), 4 from there on.
    expect(renderThreadYoungMb(256)).toBe(6);
    expect(renderThreadYoungMb(384)).toBe(12);
    expect(renderThreadYoungMb(768)).toBe(12);
    expect(renderThreadYoungMb(4096)).toBe(12);
    // Main heap (45%) plus every render thread's heap leave room for code and buffers.
    for (const memoryMb of [256, 384, 512, 768, 2048]) {
      const threads = readServerConfig({ MEMORY_MB: String(memoryMb) }).renderThreads;
      expect(memoryMb * 0.45 + threads * renderThreadHeapMb(memoryMb)).toBeLessThan(memoryMb * 0.8);
    }
  });
});

describe('RENDER_IDLE_SECONDS', () => {
  it('lets idle render threads exit after the documented default, after the time given, or never with 0', () => {
    expect(readServerConfig({}).renderIdleSeconds).toBe(DEFAULT_RENDER_IDLE_SECONDS);
    expect(readServerConfig({ RENDER_IDLE_SECONDS: '120' }).renderIdleSeconds).toBe(120);
    expect(readServerConfig({ RENDER_IDLE_SECONDS: '0' }).renderIdleSeconds).toBe(0);
    expect(() => readServerConfig({ RENDER_IDLE_SECONDS: 'soon' })).toThrow('RENDER_IDLE_SECONDS="soon": a number of seconds; 0 keeps idle threads');
  });
});

describe('PURGE_URLS', () => {
  it('reads plain, Cloudflare and Fastly targets', () => {
    const config = readServerConfig({
      PURGE_URLS: 'http://varnish:6081/, cloudflare:https://api.cloudflare.com/client/v4/zones/abc/purge_cache,fastly:https://api.fastly.com/service/xyz/purge',
      CLOUDFLARE_API_TOKEN: 'cf-token',
      FASTLY_API_TOKEN: 'fastly-token',
    });
    expect(config.purgeTargets).toEqual([
      { api: 'surrogate-key', url: 'http://varnish:6081/' },
      { api: 'cloudflare', url: 'https://api.cloudflare.com/client/v4/zones/abc/purge_cache' },
      { api: 'fastly', url: 'https://api.fastly.com/service/xyz/purge' },
    ]);
  });

  it('refuses an entry that is not a URL, and a CDN target without its token, naming the variable', () => {
    expect(() => readServerConfig({ PURGE_URLS: 'varnish:6081' })).toThrow(/PURGE_URLS="varnish:6081": each entry a URL/);
    expect(() => readServerConfig({ PURGE_URLS: 'akamai:https://example.org/' })).toThrow(/PURGE_URLS/);
    expect(() => readServerConfig({ PURGE_URLS: 'cloudflare:https://api.cloudflare.com/client/v4/zones/abc/purge_cache' })).toThrow(
      /CLOUDFLARE_API_TOKEN is not set: required by the cloudflare: entry of PURGE_URLS/,
    );
    expect(() => readServerConfig({ PURGE_URLS: 'fastly:https://api.fastly.com/service/xyz/purge' })).toThrow(/FASTLY_API_TOKEN is not set: required/);
  });
});

describe('an environment variable that cannot be used', () => {
  it('is one line naming the variable, echoing its value and saying what would work', () => {
    const problem = (env: Record<string, string>) => {
      try {
        readServerConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${JSON.stringify(env)} was accepted`);
    };
    expect(problem({ SYNC_INTERVAL: '5x' })).toBe('SYNC_INTERVAL="5x": a duration such as 60 (seconds), 90s, 5m or 500ms; 0 turns polling off');
    expect(problem({ PORT: '70000' })).toBe('PORT="70000": a port number from 0 to 65535');
    expect(problem({ COLD_SLOTS: 'two' })).toBe('COLD_SLOTS="two": a whole number, at least 1');
    expect(problem({ DOCSITE_NOW: 'yesterday' })).toBe('DOCSITE_NOW="yesterday": an ISO date such as 2026-11-22');
    // Two at once, still one line; a secret is never echoed, only its length.
    expect(problem({ PORT: 'x', WEBHOOK_SECRET: 'abc' })).toBe('PORT="x": a port number from 0 to 65535; WEBHOOK_SECRET (3 characters): at least 8 characters');
  });
});
