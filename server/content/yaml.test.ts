import { describe, expect, it } from 'vitest';
import { MAX_YAML_BYTES, parseYaml } from './yaml.js';
import { parseFrontMatter } from './front-matter.js';
import { parseSiteConfig, SiteConfigError } from '../config/site-config.js';
import { parseSidebarsFile, SidebarsError } from './sidebars/sidebars-file.js';
import { readCategoryMetadata } from './sidebars/category-metadata.js';
import type { Repository, TreeIndex } from '../git/repository.js';

/** The classic "billion laughs": each line doubles the expansion of the one before. */
function aliasBomb(levels = 20): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < levels; i++) {
    const prev = String.fromCharCode(97 + i - 1);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`);
  }
  return `${lines.join('\n')}\n`;
}

describe('parseYaml', () => {
  it('reads ordinary YAML and finds the line of a value', () => {
    const result = parseYaml('title: A\nitems:\n  - one\n  - two\n', 'x.yaml', 'sidebars');
    expect(result.data).toEqual({ title: 'A', items: ['one', 'two'] });
    expect(result.problem).toBeUndefined();
    if (!result.problem) expect(result.lineOf(['items', 1])).toBe(4);
  });

  it('reads a JSON file (a data file, a sidebars file) and still finds the line of a value', () => {
    const result = parseYaml('{\n  "name": "4.5",\n  "releases": [\n    {"version": "4.5.1"}\n  ]\n}\n', 'versions.json', 'data-file');
    expect(result.data).toEqual({ name: '4.5', releases: [{ version: '4.5.1' }] });
    if (!result.problem) expect(result.lineOf(['releases', 0, 'version'])).toBe(4);
  });

  it('reads JSON with what only YAML allows (a comment), and places a broken file on its line', () => {
    expect(parseYaml('{"a": 1} # a note\n', 'x.json', 'data-file').data).toEqual({ a: 1 });
    expect(parseYaml('{\n  "a": 1,\n  "b": [\n}\n', 'x.json', 'data-file').problem).toMatchObject({ file: 'x.json', line: expect.any(Number) });
  });

  it('turns an alias bomb into a positioned problem instead of throwing', () => {
    const result = parseYaml(aliasBomb(), 'bomb.yaml', 'front-matter');
    expect(result.problem).toMatchObject({ code: 'front-matter', file: 'bomb.yaml', line: 2, message: expect.stringMatching(/aliases/) });
  });

  it('refuses a file over the size limit, unparsed', () => {
    const result = parseYaml(`x: "${'a'.repeat(MAX_YAML_BYTES)}"\n`, 'big.yaml', 'site-config');
    expect(result.problem).toMatchObject({ code: 'site-config', file: 'big.yaml', line: 1, message: expect.stringMatching(/larger than/) });
  });

  it('gives the line of a syntax error, shifted by the offset', () => {
    const result = parseYaml('title: ok\ntags: [unclosed', 'p.md', 'front-matter', { lineOffset: 1 });
    expect(result.problem?.line).toBe(3);
  });
});

describe('every YAML read is safe', () => {
  it('front matter: an alias bomb is an error on the page, not an exception', () => {
    const result = parseFrontMatter(`---\n${aliasBomb()}---\n\nBody\n`, 'general/bomb.md');
    expect(result.data).toEqual({});
    expect(result.error).toMatchObject({ file: 'general/bomb.md', line: 3, message: expect.stringMatching(/^Invalid front matter: .*aliases/) });
  });

  it('docsite.yaml: an alias bomb is a SiteConfigError with a line', () => {
    let error: unknown;
    try {
      parseSiteConfig(aliasBomb());
    } catch (cause) {
      error = cause;
    }
    expect(error).toBeInstanceOf(SiteConfigError);
    expect((error as SiteConfigError).line).toBe(2);
    expect((error as Error).message).toMatch(/^docsite\.yaml:2: .*aliases/);
  });

  it('sidebars: an alias bomb is a SidebarsError with a line', () => {
    expect(() => parseSidebarsFile(aliasBomb(), 'sidebars.yaml')).toThrow(SidebarsError);
    expect(() => parseSidebarsFile(aliasBomb(), 'sidebars.yaml')).toThrow(/^sidebars\.yaml:2: .*aliases/);
  });

  it('_category_ files: problems carry a line, alias bombs included', async () => {
    const files: Record<string, string> = {
      'docs/a/_category_.yml': 'label: A\nposition: 1\ncollapsed: maybe\n',
      'docs/b/_category_.yml': aliasBomb(),
      'docs/c/_category_.yml': 'label: [unclosed\n',
    };
    const tree = new Map(Object.keys(files).map((path) => [path, { oid: path, mode: '100644' }])) as unknown as TreeIndex;
    const repository = { readBlob: async (oid: string) => new TextEncoder().encode(files[oid]) } as unknown as Repository;
    const { problems } = await readCategoryMetadata(repository, tree, 'docs');
    expect(problems).toEqual([
      expect.objectContaining({ file: 'docs/a/_category_.yml', line: 3, message: expect.stringMatching(/^collapsed: /) }),
      expect.objectContaining({ file: 'docs/b/_category_.yml', line: 2, message: expect.stringMatching(/aliases/) }),
      expect.objectContaining({ file: 'docs/c/_category_.yml', line: expect.any(Number) }),
    ]);
  });
});
