import { describe, expect, it } from 'vitest';
import { instancesOf, parseSiteConfig } from '../config/site-config.js';
import { refVersions } from './ref-versions.js';

describe('versions', () => {
  it('adds the current version, labelled Next, reading the default ref, when none is configured', () => {
    const [current] = refVersions(instancesOf(parseSiteConfig(undefined))[0], 'trunk');
    expect(current).toMatchObject({ name: 'current', ref: 'trunk', label: 'Next', isLast: true, path: '' });
  });

  it('makes the first released version the last one unless isLast says otherwise', () => {
    const config = parseSiteConfig('versions:\n  - { name: current }\n  - { name: "2.0", ref: b2 }\n  - { name: "1.0", ref: b1 }\n');
    expect(refVersions(instancesOf(config)[0], 'main').map((v) => [v.name, v.path, v.isLast])).toEqual([
      ['current', 'next', false],
      ['2.0', '', true],
      ['1.0', '1.0', false],
    ]);
    const explicit = parseSiteConfig('versions:\n  - { name: current, isLast: true }\n  - { name: "2.0", ref: b2 }\n');
    expect(refVersions(instancesOf(explicit)[0], 'main').map((v) => [v.name, v.path])).toEqual([
      ['current', ''],
      ['2.0', '2.0'],
    ]);
  });

  it('requires a ref for every version but current, and one isLast at most', () => {
    expect(() => parseSiteConfig('versions:\n  - { name: "2.0" }\n')).toThrow(/docsite\.yaml:2:5: versions\.0\.ref: required/);
    expect(() => parseSiteConfig('versions:\n  - { name: a, ref: a, isLast: true }\n  - { name: b, ref: b, isLast: true }\n')).toThrow(/at most one version/);
  });
});
