import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMORY_MB, readServerConfig } from './env.js';

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
    expect(() => readServerConfig({ MEMORY_MB: '64' })).toThrow(/MEMORY_MB: at least 128/);
    expect(() => readServerConfig({ MEMORY_MB: 'lots' })).toThrow(/MEMORY_MB/);
  });
});
