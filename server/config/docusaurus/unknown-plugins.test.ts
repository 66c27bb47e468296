// The plugins and themes docsite neither runs nor does itself are named once per site, with what
// they would have done; the ones it does are not.
import { describe, expect, it } from 'vitest';
import { fromDocusaurusConfig } from './from-docusaurus.js';
import { unknownPluginsOf } from './unknown-plugins.js';

describe('plugins docsite neither runs nor knows', () => {
  it('names each once, by its key, with what it does in a build', () => {
    const config = {
      plugins: [
        '@docusaurus/plugin-content-docs',
        ['@docusaurus/plugin-client-redirects', { fromExtensions: ['html'] }],
        'docusaurus-plugin-sass',
        '@docusaurus/plugin-sitemap',
        ['@docusaurus/plugin-pwa', { offlineModeActivationStrategies: ['appInstalled'] }],
        'docusaurus-plugin-matomo',
        { $function: 3, name: 'blogFeaturedPosts', module: '/site/home/plugins/blogFeaturedPosts/index.js' },
        './plugins/tailwind',
        '@docusaurus/plugin-pwa',
      ],
      themes: ['@docusaurus/theme-classic', '@docusaurus/theme-mermaid', '@easyops-cn/docusaurus-search-local', '@docusaurus/theme-live-codeblock'],
    };
    expect(unknownPluginsOf(config)).toEqual([
      'plugins[5]: docusaurus-plugin-matomo is not run by docsite: what it adds to a build (routes, pages, client modules, head tags) is not served',
      "plugins[6]: /site/home/plugins/blogFeaturedPosts/index.js is not run by docsite (a plugin of the site's own): what it adds to a build (routes, pages, client modules, head tags) is not served",
      "plugins[7]: ./plugins/tailwind is not run by docsite (a plugin of the site's own): what it adds to a build (routes, pages, client modules, head tags) is not served",
      'themes[3]: @docusaurus/theme-live-codeblock is not run by docsite (in a build it makes ```live code blocks editable, with their result): pages are served without it',
    ]);
  });

  it('is said as a problem of the config file', () => {
    const { problems } = fromDocusaurusConfig({ title: 'x', plugins: ['@docusaurus/plugin-google-gtag'] }, { file: 'website/docusaurus.config.js' });
    expect(problems).toContainEqual({
      code: 'site-config',
      file: 'website/docusaurus.config.js',
      message: 'plugins[0]: @docusaurus/plugin-google-gtag is not run by docsite (in a build it adds the Google tag (gtag.js) to every page): pages are served without it',
    });
  });
});
