import { describe, expect, it } from 'vitest';
import { instancesOf, parseSiteConfig, SiteConfigError } from './site-config.js';

describe('site configuration', () => {
  it('fills defaults when the file is absent', () => {
    const [instance, ...others] = instancesOf(parseSiteConfig(undefined));
    expect(others).toEqual([]);
    expect(instance).toMatchObject({ id: 'default', path: 'general', base: 'general', sidebars: 'sidebars.yaml', refVersions: undefined, disableVersioning: true });
  });

  it('reads a full configuration', () => {
    const config = parseSiteConfig('title: Docs\ndocs: { path: docs, base: guide }\nversions:\n  - { name: current, ref: main, label: Next }\n');
    expect(config.title).toBe('Docs');
    expect(instancesOf(config)[0].base).toBe('guide');
    expect(instancesOf(config)[0].refVersions?.[0]).toMatchObject({ name: 'current', ref: 'main', label: 'Next', banner: 'none', badge: true });
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

  it('reads a list of docs instances, each with its own versions, and refuses two with one base or id', () => {
    const config = parseSiteConfig(
      'docs:\n  - { path: docs, versions: { current: { label: "main (5.3)", path: "5.3" } }, lastVersion: current }\n  - { path: general, id: general }\n',
    );
    const [docs, general] = instancesOf(config);
    expect(docs).toMatchObject({
      id: 'default',
      base: 'docs',
      refVersions: undefined,
      disableVersioning: false,
      folderVersions: { current: { label: 'main (5.3)', path: '5.3' } },
    });
    expect(general).toMatchObject({ id: 'general', base: 'general', folderVersions: {} });
    expect(() => parseSiteConfig('docs:\n  - { path: a/docs }\n  - { path: b/docs }\n')).toThrow(/docsite\.yaml:3: docs\.1\.base: two docs instances have the base "docs"/);
    expect(() => parseSiteConfig('docs:\n  - { path: docs }\nversions: [{ name: "1.0", ref: v1 }]\n')).toThrow(/give each its own `versions`/);
  });

  it('rejects unknown keys, so typos do not pass silently', () => {
    expect(() => parseSiteConfig('titel: Docs\n')).toThrow(/Unrecognized key.*titel/);
  });
});
