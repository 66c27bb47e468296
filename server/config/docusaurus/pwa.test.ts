// pwaHead's paths under the site's baseUrl as the plugin's injectHtmlTags writes them: a value with
// a file extension not already under the baseUrl is joined to it with normalizeUrl (expected values
// worked out by hand from @docusaurus/plugin-pwa's index.ts); a value without one is kept.
import { describe, expect, it } from 'vitest';
import { pwaHeadOf } from './pwa.js';

describe('pwaHead under a baseUrl', () => {
  it('joins paths with an extension to the baseUrl, as the plugin does', () => {
    const problems: string[] = [];
    const pwaHead = [
      { tagName: 'link', rel: 'manifest', href: 'manifest.json' },
      { tagName: 'link', rel: 'icon', href: '/docs-site/img/logo.png' },
      { tagName: 'link', rel: 'mask-icon', href: '/img/logo.svg', color: 'rgb(62, 204, 94)' },
      { tagName: 'meta', name: 'msapplication-TileImage', content: 'img/logo.png' },
      { tagName: 'meta', name: 'theme-color', content: '#111111' },
      { tagName: 'link', rel: 'apple-touch-icon', href: 'https://cdn.example/icon.png' },
      { tagName: 'link', rel: 'stylesheet', href: '/x.css' },
    ];
    const tags = pwaHeadOf({ plugins: [['@docusaurus/plugin-pwa', { pwaHead }]] }, '/docs-site/', (message) => problems.push(message));
    expect(tags?.map((tag) => tag.attributes.href ?? tag.attributes.content)).toEqual([
      '/docs-site/manifest.json',
      '/docs-site/img/logo.png',
      '/docs-site/img/logo.svg',
      '/docs-site/img/logo.png',
      '#111111',
      'https://cdn.example/icon.png',
    ]);
    expect(problems).toContain(
      'plugins[0].pwaHead[6].rel: "stylesheet" is not a link of a web app\'s head (manifest, icon, shortcut, apple-touch-icon, apple-touch-icon-precomposed, apple-touch-startup-image, mask-icon): the tag is left out',
    );
  });

  it('is nothing without the plugin', () => {
    expect(pwaHeadOf({ plugins: ['@docusaurus/plugin-sitemap'] }, '/', () => {})).toBeUndefined();
  });
});
