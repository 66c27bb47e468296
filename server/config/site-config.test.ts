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
      expect((error as Error).message).toMatch(/docsite\.yaml:5:5: versions\.0\.banner: .*'none' \| 'unreleased' \| 'unmaintained'/);
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
    expect(() => parseSiteConfig('docs:\n  - { path: a/docs }\n  - { path: b/docs }\n')).toThrow(/docsite\.yaml:3:\d+: docs\.1\.base: two docs instances have the base "docs"/);
    expect(() => parseSiteConfig('docs:\n  - { path: docs }\nversions: [{ name: "1.0", ref: v1 }]\n')).toThrow(/give each its own `versions`/);
  });

  it('rejects unknown keys, so typos do not pass silently', () => {
    expect(() => parseSiteConfig('titel: Docs\n')).toThrow('docsite.yaml:1:1: titel: unknown key; did you mean `title`?');
  });

  it('puts an unknown key at its own line and column, not its block, and suggests the nearest valid key', () => {
    const at = (source: string) => {
      try {
        parseSiteConfig(source);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(at('title: Docs\nnavbar:\n  items: []\ntagLine: Hello\n')).toBe('docsite.yaml:4:1: tagLine: unknown key; did you mean `tagline`?');
    expect(at('docs:\n  - path: docs\n    baes: guide\n')).toBe('docsite.yaml:3:5: docs.0.baes: unknown key; did you mean `base`?');
    expect(at('announcementBar:\n  content: Hi\n  isClosable: true\n')).toBe('docsite.yaml:3:3: announcementBar.isClosable: unknown key; did you mean `isCloseable`?');
    // Nothing near: the keys that would work.
    expect(at('trackerLinks:\n  pattern: x\n  url: "{id}"\n  colour: red\n')).toBe('docsite.yaml:4:3: trackerLinks.colour: unknown key; the keys here are pattern, url');
    // JSON is read fast, and positioned all the same.
    expect(at('{"title": "Docs",\n "tagLine": "x"}')).toBe('docsite.yaml:2:2: tagLine: unknown key; did you mean `tagline`?');
  });

  it("gives a YAML syntax error its line and column once, its message not ending in a dangling 'column 3:'", () => {
    const message = (() => {
      try {
        parseSiteConfig('title: Docs\nnav:\n - a\n  b: c\n');
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^docsite\.yaml:\d+:\d+: \S/);
    expect(message).not.toMatch(/line \d+|column \d+|:$/);
  });
});
