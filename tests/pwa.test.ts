// @docusaurus/plugin-pwa configured as its docs show: docsite serves no service worker (said once in
// /readyz), but every page's head has the plugin's `pwaHead` tags, their paths under the site's
// baseUrl as the plugin's `injectHtmlTags` writes them (`/manifest.json` is `/project/manifest.json`
// under baseUrl `/project/`, worked out by hand from its index.ts and normalizeUrl), so that the
// site's manifest and theme colour work. A tag that could run code is left out, named by its key.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root } from 'hast';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

// The plugin's docs' configuration, then three hostile tags.
const CONFIG = `module.exports = {
  title: 'Installable',
  url: 'https://pwa.example',
  baseUrl: '/project/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
  plugins: [
    ['@docusaurus/plugin-pwa', {
      debug: true,
      offlineModeActivationStrategies: ['appInstalled', 'standalone', 'queryString'],
      pwaHead: [
        { tagName: 'link', rel: 'icon', href: '/img/docusaurus.png' },
        { tagName: 'link', rel: 'manifest', href: '/manifest.json' },
        { tagName: 'meta', name: 'theme-color', content: 'rgb(37, 194, 160)' },
        { tagName: 'script', src: 'https://evil.example/x.js' },
        { tagName: 'link', rel: 'apple-touch-icon', href: 'javascript:alert(1)' },
        { tagName: 'meta', name: 'apple-mobile-web-app-capable', content: 'yes', onload: 'alert(1)' },
      ],
    }],
  ],
};
`;

const MANIFEST = JSON.stringify({ name: 'Installable', short_name: 'Docs', start_url: '/project/', display: 'standalone' });

describe('@docusaurus/plugin-pwa', () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-pwa-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docusaurus.config.js': CONFIG,
      'docs/intro.md': '# Intro\n\nHello.\n',
      'docs/other.md': '# Other\n',
      'static/manifest.json': MANIFEST,
      'static/img/docusaurus.png': 'png',
    });
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  /** The tags of a page's head, each as its tag name and attributes. */
  const headOf = async (pathname: string) => {
    const response = await fetch(`${app.url}${pathname}`);
    expect(response.status).toBe(200);
    const html = (fromHtml(await response.text()) as Root).children.find((node): node is Element => node.type === 'element' && node.tagName === 'html');
    const head = html?.children.find((node): node is Element => node.type === 'element' && node.tagName === 'head');
    return { tags: (head?.children ?? []).filter((node): node is Element => node.type === 'element') };
  };

  it("puts the site's manifest, icon and theme colour in every page's head, under its baseUrl", async () => {
    for (const pathname of ['/project/docs/intro', '/project/docs/other']) {
      const { tags } = await headOf(pathname);
      const manifests = tags.filter((tag) => tag.tagName === 'link' && String(tag.properties.rel) === 'manifest');
      expect(manifests.map((tag) => tag.properties.href)).toEqual(['/project/manifest.json']);
      const colours = tags.filter((tag) => tag.tagName === 'meta' && tag.properties.name === 'theme-color');
      expect(colours.map((tag) => tag.properties.content)).toEqual(['rgb(37, 194, 160)']);
      expect(tags.some((tag) => tag.tagName === 'link' && String(tag.properties.rel) === 'icon' && tag.properties.href === '/project/img/docusaurus.png')).toBe(true);
      expect(tags.some((tag) => tag.tagName === 'meta' && tag.properties.name === 'apple-mobile-web-app-capable' && tag.properties.content === 'yes')).toBe(true);
    }
    // The manifest the head names is the site's own file.
    const manifest = await fetch(`${app.url}/project/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toEqual(JSON.parse(MANIFEST));
  });

  it('leaves out a script, a javascript: URL and an event handler', async () => {
    const { tags } = await headOf('/project/docs/intro');
    expect(tags.some((tag) => tag.tagName === 'script' && String(tag.properties.src ?? '').includes('evil'))).toBe(false);
    expect(tags.some((tag) => String(tag.properties.href ?? '').startsWith('javascript:'))).toBe(false);
    expect(tags.some((tag) => tag.tagName === 'link' && String(tag.properties.rel) === 'apple-touch-icon')).toBe(false);
    expect(tags.some((tag) => 'onLoad' in tag.properties || 'onload' in tag.properties)).toBe(false);
  });

  it('says in /readyz that no service worker is served, and names each tag or attribute left out', async () => {
    const problems: { file: string; message: string }[] = (await (await fetch(`${app.url}/readyz`)).json()).problems;
    const messages = problems.filter((problem) => problem.file === 'docusaurus.config.js').map((problem) => problem.message);
    expect(messages.filter((message) => message.includes('plugin-pwa'))).toEqual([
      "plugins[0]: @docusaurus/plugin-pwa: docsite serves no service worker, so pages do not work offline (offlineModeActivationStrategies, debug not followed): its pwaHead tags are in every page's head",
    ]);
    expect(messages).toContain('plugins[0].pwaHead[3].tagName: "script" is not put in pages by docsite (only link and meta tags are): the tag is left out');
    expect(messages).toContain('plugins[0].pwaHead[4].href: "javascript:alert(1)" is neither a path of the site nor an https URL: the tag is left out');
    expect(messages).toContain('plugins[0].pwaHead[5].onload: the attribute is not put in pages by docsite: left out');
    expect(messages.some((message) => message.includes('is not run by docsite') && message.includes('pwa'))).toBe(false);
  });
});
