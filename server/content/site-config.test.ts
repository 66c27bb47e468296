import { describe, expect, it } from 'vitest';
import { parseSiteConfig, SiteConfigError } from './site-config.js';

describe('site configuration', () => {
  it('fills defaults when the file is absent', () => {
    const config = parseSiteConfig(undefined);
    expect(config.docs).toEqual({ path: 'general', base: 'general', sidebars: 'sidebars.yaml' });
    expect(config.versions).toEqual([]);
  });

  it('reads a full configuration', () => {
    const config = parseSiteConfig('title: Docs\ndocs: { path: docs, base: guide }\nversions:\n  - { name: current, ref: main, label: Next }\n');
    expect(config.title).toBe('Docs');
    expect(config.docs.base).toBe('guide');
    expect(config.versions[0]).toMatchObject({ name: 'current', ref: 'main', label: 'Next', banner: 'none', badge: true });
  });

  it('names the line and the expectation of a wrong value', () => {
    const source = 'title: Docs\nversions:\n  - name: current\n    ref: main\n    banner: sometimes\n';
    try {
      parseSiteConfig(source);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteConfigError);
      expect((error as SiteConfigError).line).toBe(5);
      expect((error as Error).message).toMatch(/docsite\.yaml:5: versions\.0\.banner: .*'none' \| 'unreleased' \| 'unmaintained'/);
    }
  });

  it('names the line of invalid YAML', () => {
    expect(() => parseSiteConfig('title: [unclosed\n')).toThrow(/docsite\.yaml:\d/);
  });

  it('rejects unknown keys, so typos do not pass silently', () => {
    expect(() => parseSiteConfig('titel: Docs\n')).toThrow(/Unrecognized key.*titel/);
  });
});
