// A Docusaurus config read as docsite's input: what it cannot follow is reported (issue 45, a real site's config).
import { describe, expect, it } from 'vitest';
import { fromDocusaurusConfig } from './from-docusaurus.js';
import { instancesOf, siteConfigSchema } from '../site-config.js';

/** Input the conversion gave, parsed as the server parses it: it must parse, whatever the config said. */
function parseSiteConfigInput(input: Record<string, unknown>) {
  return siteConfigSchema.parse(input);
}

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

describe('a Docusaurus config taken value by value', () => {
  const FILE = 'docusaurus.config.js';
  /** The site configuration the conversion's input parses to (it must always parse). */
  const parsed = (input: Record<string, unknown>) => parseSiteConfigInput(input);

  it('shows logos and icons of any image type, remote or inline, and CSS colours and sizes as Docusaurus takes them', () => {
    const config = {
      title: 'Site',
      favicon: 'img/favicon.jpg',
      themeConfig: {
        navbar: { logo: { src: 'img/logo.ico', srcDark: 'https://cdn.example/logo-dark.png', width: '100%', href: 'https://example.org' } },
        footer: { logo: { src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', alt: 'Footer' } },
        announcementBar: { content: 'News', backgroundColor: 'var(--ifm-color-primary)', textColor: 'rgb(255, 255, 255)' },
      },
    };
    const read = fromDocusaurusConfig(config, { file: FILE });
    expect(read.problems).toEqual([]);
    const site = parsed(read.input);
    expect(site.favicon).toBe('img/favicon.jpg');
    expect(site.navbar.logo).toMatchObject({ src: 'img/logo.ico', srcDark: 'https://cdn.example/logo-dark.png', width: '100%', href: 'https://example.org' });
    expect(site.footer?.logo?.src).toMatch(/^data:image\/svg\+xml/);
    expect(site.announcementBar?.backgroundColor).toBe('var(--ifm-color-primary)');
  });

  it('leaves out a value it cannot show, alone, naming its key path in the config', () => {
    const config = {
      title: 'Site',
      themeConfig: {
        navbar: { title: 'Nav', logo: { src: 'javascript:alert(1)' }, items: [{ label: 'Docs', to: '/docs' }] },
        announcementBar: { content: 'News', backgroundColor: 'red; position: fixed' },
      },
    };
    const read = fromDocusaurusConfig(config, { file: FILE });
    expect(read.problems.map((problem) => problem.message.split(':')[0]).sort()).toEqual(['themeConfig.announcementBar.backgroundColor', 'themeConfig.navbar.logo.src']);
    expect(read.problems.every((problem) => problem.file === FILE)).toBe(true);
    const site = parsed(read.input);
    expect(site.navbar.logo).toBeUndefined();
    expect(site.navbar.title).toBe('Nav');
    expect(site.navbar.items).toEqual([expect.objectContaining({ label: 'Docs', to: '/docs' })]);
    expect(site.announcementBar?.content).toBe('News');
    expect(site.announcementBar?.backgroundColor).toBeUndefined();
  });

  it("takes themeConfig.colorMode over Docusaurus's defaults (light, the system's preference ignored)", () => {
    expect(parsed(fromDocusaurusConfig({ title: 'Site' }, { file: FILE }).input).colorMode).toEqual({
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    });
    const dark = fromDocusaurusConfig({ title: 'Site', themeConfig: { colorMode: { defaultMode: 'dark', disableSwitch: true, switchConfig: {} } } }, { file: FILE });
    expect(dark.problems).toEqual([]);
    expect(parsed(dark.input).colorMode).toEqual({ defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false });
    const odd = fromDocusaurusConfig({ title: 'Site', themeConfig: { colorMode: { defaultMode: 'sepia' } } }, { file: FILE });
    expect(odd.problems.map((problem) => problem.message.split(':')[0])).toEqual(['themeConfig.colorMode.defaultMode']);
    expect(parsed(odd.input).colorMode.defaultMode).toBe('light');
  });

  it('serves docs at any route: the site root, several segments; blogs likewise', () => {
    const config = {
      presets: [['classic', { docs: { routeBasePath: '/' }, blog: { routeBasePath: '/news/' } }]],
      plugins: [['@docusaurus/plugin-content-docs', { id: 'api', path: 'api', routeBasePath: 'docs/api/' }]],
    };
    const site = parsed(fromDocusaurusConfig(config, { file: FILE }).input);
    expect(instancesOf(site).map((instance) => [instance.id, instance.base])).toEqual([
      ['default', ''],
      ['api', 'docs/api'],
    ]);
    expect(site.blog).toEqual([expect.objectContaining({ routeBasePath: 'news' })]);
  });

  it("reads a site in a folder of the repository: its paths from the site's folder, docs outside it too", () => {
    const config = {
      staticDirectories: ['static', '../assets'],
      presets: [['@docusaurus/preset-classic', { docs: { path: '../docs', sidebarPath: '/site/website/sidebars.js' } }]],
    };
    const site = parsed(fromDocusaurusConfig(config, { file: 'website/docusaurus.config.js' }).input);
    const [docs] = instancesOf(site);
    expect(docs).toMatchObject({ path: 'docs', sidebars: 'website/sidebars.js', siteDir: 'website' });
    expect(site.staticDirectories).toEqual(['website/static', 'assets']);
    expect(site.blog).toEqual([expect.objectContaining({ path: 'website/blog' })]);
  });

  it('takes the navbar in every form of the classic theme, and reports the items of the site’s own theme it cannot draw', () => {
    const items = [
      { href: 'https://github.com/acme/site', className: 'header-github-link', 'aria-label': 'GitHub repository', position: 'right' },
      { to: 'https://status.example.org', label: 'Status' },
      {
        label: 'More',
        items: [
          { label: 'Blog', to: 'blog' },
          { type: 'html', value: '<b>Hi</b>' },
        ],
      },
      { type: 'docSidebar', sidebarId: 'tutorial', label: 'Tutorial' },
      { type: 'docsVersion', label: 'Current' },
      { type: 'search', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { type: 'custom-fancy', position: 'right' },
    ];
    const read = fromDocusaurusConfig({ themeConfig: { navbar: { items } } }, { file: FILE });
    expect(read.problems.map((problem) => problem.message)).toEqual([expect.stringMatching(/^themeConfig\.navbar\.items\[7\]: a "custom-fancy" item/)]);
    const kept = parsed(read.input).navbar.items!;
    expect(kept.map((item) => item.type ?? 'default')).toEqual(['default', 'default', 'dropdown', 'docSidebar', 'docsVersion', 'search', 'localeDropdown']);
    expect(kept[1]).toMatchObject({ href: 'https://status.example.org' });
    expect(kept[2]).toMatchObject({
      items: [
        { label: 'Blog', to: '/blog' },
        { type: 'html', value: '<b>Hi</b>' },
      ],
    });
  });

  it('has no docs instance when the preset turns docs off, and names none of its own', () => {
    const site = parsed(fromDocusaurusConfig({ presets: [['classic', { docs: false }]] }, { file: FILE }).input);
    expect(instancesOf(site)).toEqual([]);
  });

  it("reads the preset's pages (on unless false) and each plugin-content-pages from the site's folder, its customFields and tagline; never docsite's own landing page", () => {
    const config = {
      tagline: 'Monitoring',
      customFields: { apiUrl: 'https://api.example.org', nested: { a: 1 } },
      presets: [['classic', { pages: { exclude: ['**/drafts/**'] } }]],
      plugins: [['@docusaurus/plugin-content-pages', { id: 'community', path: 'community', routeBasePath: '/community/' }]],
    };
    const site = parsed(fromDocusaurusConfig(config, { file: 'home/docusaurus.config.js' }).input);
    expect(site.pages).toEqual([
      { id: 'default', path: 'home/src/pages', routeBasePath: '', include: ['**/*.{js,jsx,ts,tsx,md,mdx}'], exclude: ['**/drafts/**'] },
      { id: 'community', path: 'home/community', routeBasePath: 'community', include: ['**/*.{js,jsx,ts,tsx,md,mdx}'], exclude: expect.arrayContaining(['**/_*/**']) },
    ]);
    expect(site).toMatchObject({ tagline: 'Monitoring', customFields: config.customFields, landingPage: false });
    expect(parsed(fromDocusaurusConfig({ presets: [['classic', { pages: false }]] }, { file: FILE }).input).pages).toEqual([]);
  });
});
