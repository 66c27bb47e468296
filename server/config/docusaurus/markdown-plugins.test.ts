// The Markdown plugins of a Docusaurus config as docsite reads them (decision 045): the site's own
// remark plugins, by content instance and in Docusaurus's order, to run in the sandbox; the ones
// docsite does natively as their configuration; the rest each named once with what was done.
import { describe, expect, it } from 'vitest';
import { fromDocusaurusConfig } from './from-docusaurus.js';
import { siteConfigSchema } from '../site-config.js';

/** A function as the sandbox reports it, exported by a module of the repository (or none). */
const fn = (index: number, name: string, module?: string) => ({ $function: index, name, ...(module ? { module } : {}) });

describe("a config's Markdown plugins", () => {
  const config = {
    presets: [
      [
        'classic',
        {
          docs: {
            remarkPlugins: [
              [fn(1, 'remarkImages', '/site/website/src/remark/images.js'), { base: '/img/' }],
              [{ $package: '@docusaurus/remark-plugin-npm2yarn' }, { sync: true }],
            ],
            beforeDefaultRemarkPlugins: [fn(0, 'remarkCallouts', '/site/website/src/remark/callouts.mjs')],
            rehypePlugins: [fn(2, 'rehypeShiki', '/site/website/src/rehype/shiki.js')],
          },
          blog: { remarkPlugins: [fn(3, 'remarkImages', '/site/website/src/remark/images.js')] },
          pages: { remarkPlugins: [fn(4, '0')] },
        },
      ],
    ],
    plugins: [['@docusaurus/plugin-content-docs', { id: 'api', path: 'api', routeBasePath: 'api', remarkPlugins: [{ $package: 'remark-code-import' }] }]],
  };
  const read = fromDocusaurusConfig(config, { file: 'website/docusaurus.config.js' });

  it("run the site's own remark plugins of each instance, the before-default ones first, with their options", () => {
    expect(read.input.sitePlugins).toEqual({
      default: [
        { module: 'website/src/remark/callouts.mjs', name: 'remarkCallouts', at: 'presets[0].docs.beforeDefaultRemarkPlugins[0]' },
        { module: 'website/src/remark/images.js', name: 'remarkImages', options: { base: '/img/' }, at: 'presets[0].docs.remarkPlugins[0]' },
      ],
      'blog:default': [{ module: 'website/src/remark/images.js', name: 'remarkImages', at: 'presets[0].blog.remarkPlugins[0]' }],
    });
    // What the server parses, as it parses it.
    expect(siteConfigSchema.parse(read.input).sitePlugins).toEqual(read.input.sitePlugins);
  });

  it('do npm2yarn natively, and name each plugin docsite does not run with where it is', () => {
    expect(read.input.npm2yarn).toEqual({ sync: true, converters: ['yarn', 'pnpm'] });
    expect(read.problems.map((problem) => problem.message)).toEqual([
      "presets[0].docs.rehypePlugins[0]: the rehype plugin website/src/rehype/shiki.js is not run by docsite (its pages have no HTML tree of Docusaurus's to run it over): pages are rendered without it",
      'plugins[0].remarkPlugins[0]: the remark plugin remark-code-import is not run by docsite (a package docsite does not have): pages are rendered without it',
      'presets[0].pages.remarkPlugins[0]: the remark plugin an anonymous function is not run by docsite (a function not exported by a module of the repository): pages are rendered without it',
    ]);
  });
});
