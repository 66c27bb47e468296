// A Docusaurus config read as docsite's input: what it cannot follow is reported (issue 45, a real site's config).
import { describe, expect, it } from 'vitest';
import { fromDocusaurusConfig } from './from-docusaurus.js';

/** A function as the sandbox reports it. */
const code = (index: number, name: string) => ({ $function: index, name });

describe('fromDocusaurusConfig', () => {
  it('reports a docs option that is code docsite does not run, and not an editUrl function it calls', () => {
    const config = {
      presets: [['@acme/preset-classic', { docs: { sidebarItemsGenerator: code(0, 'sidebarItemsGenerator'), editUrl: code(1, 'editUrl') } }]],
      plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', numberPrefixParser: code(2, 'numberPrefixParser') }]],
    };
    const read = fromDocusaurusConfig(config, { file: 'docusaurus.config.js' });
    expect(read.problems.map((problem) => problem.message)).toEqual([
      'plugins[0].numberPrefixParser: a function docsite does not run (docs instance "community"): Docusaurus\'s default stands in for it',
    ]);
    expect(read.functions).toEqual({ default: { sidebarItemsGenerator: 0, editUrl: 1 } });
  });

  it('names a remark plugin by its module, or by the package it was given as, and does what it knows natively', () => {
    const config = {
      presets: [
        [
          'classic',
          {
            docs: { remarkPlugins: [[{ $package: '@docusaurus/remark-plugin-npm2yarn' }, { sync: true }], { $function: 0, name: 'plugin', module: '/site/src/remark/known.js' }] },
          },
        ],
      ],
    };
    const read = fromDocusaurusConfig(config, { file: 'docusaurus.config.js', known: { 'src/remark/known.js': () => ({ docsVersion: '5.3' }) } });
    expect(read.problems).toEqual([]);
    expect(read.input.docsVersion).toBe('5.3');
    // Docusaurus's npm2yarn plugin, with its options, is done natively.
    expect(read.input.npm2yarn).toEqual({ sync: true, converters: ['yarn', 'pnpm'] });
  });

  it("reads the classic preset's blog (on unless false) and every plugin-content-blog, its functions called in the sandbox by index", () => {
    const config = {
      presets: [
        [
          'classic',
          {
            blog: {
              routeBasePath: '/news/',
              postsPerPage: 3,
              feedOptions: { type: 'all', createFeedItems: code(0, 'createFeedItems') },
              processBlogPosts: code(1, 'processBlogPosts'),
              editUrl: code(2, 'editUrl'),
            },
          },
        ],
      ],
      plugins: [['@docusaurus/plugin-content-blog', { id: 'changelog', path: './changelog' }]],
    };
    const read = fromDocusaurusConfig(config, { file: 'docusaurus.config.js' });
    expect(read.input.blog).toEqual([
      { routeBasePath: 'news', postsPerPage: 3, feedOptions: { type: 'all' }, path: 'blog' },
      { id: 'changelog', path: 'changelog' },
    ]);
    expect(read.functions['blog:default']).toEqual({ createFeedItems: 0, processBlogPosts: 1 });
    expect(read.problems.map((problem) => problem.message)).toEqual(['presets[0].blog.editUrl: a function docsite does not run (blog "default")']);
    expect(fromDocusaurusConfig({ presets: [['classic', { blog: false }]] }, { file: 'docusaurus.config.js' }).input.blog).toEqual([]);
  });
});
