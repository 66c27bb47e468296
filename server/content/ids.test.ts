// The id/slug/permalink rules of CONTENT-FORMAT.md §1, one row per case it lists.
import { describe, expect, it } from 'vitest';
import { docIdentity, parseNumberPrefix, permalinkOf } from './ids.js';
import { isDocFile } from './doc-set.js';

describe('doc ids and permalinks', () => {
  const cases: { file: string; frontMatter?: Record<string, unknown>; id: string; permalink: string }[] = [
    { file: 'license.md', id: 'license', permalink: '/general/license' },
    { file: 'app/customisation/index.md', id: 'app/customisation/index', permalink: '/general/app/customisation' },
    { file: 'projects/index.mdx', id: 'projects/index', permalink: '/general/projects' },
    { file: 'contentguidelines/01-productwriting/errormsg.md', id: 'contentguidelines/productwriting/errormsg', permalink: '/general/contentguidelines/productwriting/errormsg' },
    {
      file: 'contentguidelines/02-styleguide/01-voice/values.md',
      id: 'contentguidelines/styleguide/voice/values',
      permalink: '/general/contentguidelines/styleguide/voice/values',
    },
    { file: 'contentguidelines/02-styleguide/index.md', id: 'contentguidelines/styleguide/index', permalink: '/general/contentguidelines/styleguide' },
    { file: 'releases/4.5/4.5.10.md', id: 'releases/4.5/4.5.10', permalink: '/general/releases/4.5/4.5.10' },
    { file: 'releases/3.11.md', id: 'releases/3.11', permalink: '/general/releases/3.11' },
    { file: 'app_releases/v3/v3.9.5.md', id: 'app_releases/v3/v3.9.5', permalink: '/general/app_releases/v3/v3.9.5' },
    { file: 'app_releases/v1.x.md', id: 'app_releases/v1.x', permalink: '/general/app_releases/v1.x' },
    { file: 'community/meetings/2021/02.md', id: 'community/meetings/2021/02', permalink: '/general/community/meetings/2021/02' },
    { file: 'community/meetings/2018/global_devjam.md', id: 'community/meetings/2018/global_devjam', permalink: '/general/community/meetings/2018/global_devjam' },
    { file: 'community/intro.md', frontMatter: { slug: '/community' }, id: 'community/intro', permalink: '/general/community' },
    { file: 'community/channels.md', frontMatter: { slug: '/channels' }, id: 'community/channels', permalink: '/general/channels' },
    { file: 'development/policies.md', id: 'development/policies', permalink: '/general/development/policies' },
    { file: 'guides/README.md', id: 'guides/README', permalink: '/general/guides' },
    { file: 'guides/guides.md', id: 'guides/guides', permalink: '/general/guides' },
    { file: 'docs/intro.md', frontMatter: { id: 'introduction', slug: '/' }, id: 'docs/introduction', permalink: '/general' },
    { file: 'a/b.md', frontMatter: { id: 'custom' }, id: 'a/custom', permalink: '/general/a/custom' },
    { file: 'a/b.md', frontMatter: { slug: 'other' }, id: 'a/b', permalink: '/general/a/other' },
    { file: 'a/b.md', frontMatter: { slug: '../up' }, id: 'a/b', permalink: '/general/up' },
    { file: '02-setup.md', id: 'setup', permalink: '/general/setup' },
  ];
  it.each(cases)('$file -> $id at $permalink', ({ file, frontMatter = {}, id, permalink }) => {
    const identity = docIdentity(file, frontMatter);
    expect(identity.id).toBe(id);
    expect(permalinkOf('general', identity.slug)).toBe(permalink);
  });
});

describe('number prefixes (of names without extension)', () => {
  it.each([
    ['01-productwriting', 1, 'productwriting'],
    ['2-setup', 2, 'setup'],
    ['10 _ name', 10, 'name'],
    ['4.5', undefined, '4.5'],
    ['3.11', undefined, '3.11'],
    ['1-2-x', undefined, '1-2-x'],
    ['01', undefined, '01'],
    ['2018', undefined, '2018'],
  ] as const)('%s -> position %s, name %s', (input, position, name) => {
    expect(parseNumberPrefix(input)).toEqual(position === undefined ? { name } : { position, name });
  });
});

describe('which files are docs', () => {
  it.each([
    ['intro.md', true],
    ['projects/index.mdx', true],
    ['_partial.md', false],
    ['policies/_examples/good.md', false],
    ['_files/diagram.png', false],
    ['image.png', false],
  ] as const)('%s -> %s', (file, expected) => {
    expect(isDocFile(file)).toBe(expected);
  });
});
