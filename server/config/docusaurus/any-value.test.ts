// The property issue 54 asks of the conversion: whatever one key of a Docusaurus config holds, the
// rest of the site is served (its docs instance, its other values), and what docsite cannot show
// gives problems that name that key alone. Keys are those Docusaurus's config validation and the
// classic theme's options validate; values are fast-check's, of every type and shape.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instancesOf, siteConfigSchema } from '../site-config.js';
import { fromDocusaurusConfig } from './from-docusaurus.js';

/** A site as most are written: the classic preset's docs and blog, a navbar, a footer, an announcement. */
function fixtureConfig(): Record<string, unknown> {
  return {
    title: 'Fixture',
    tagline: 'A site of docs',
    url: 'https://docs.example.org',
    baseUrl: '/',
    favicon: 'img/favicon.ico',
    trailingSlash: false,
    staticDirectories: ['static'],
    i18n: { defaultLocale: 'en', locales: ['en'] },
    markdown: { format: 'mdx', mermaid: true },
    future: { v4: true },
    presets: [
      ['classic', { docs: { path: 'docs', routeBasePath: 'docs', sidebarPath: './sidebars.js', editUrl: 'https://github.com/acme/site/edit/main/' }, blog: { postsPerPage: 5 } }],
    ],
    themeConfig: {
      navbar: {
        title: 'Fixture',
        logo: { alt: 'Logo', src: 'img/logo.svg' },
        items: [
          { type: 'docSidebar', sidebarId: 'tutorial', position: 'left', label: 'Tutorial' },
          { to: '/blog', label: 'Blog', position: 'left' },
          { href: 'https://github.com/acme/site', label: 'GitHub', position: 'right' },
        ],
      },
      footer: { style: 'dark', links: [{ title: 'Docs', items: [{ label: 'Tutorial', to: '/docs/intro' }] }], copyright: 'Copyright Acme' },
      announcementBar: { id: 'news', content: 'News', backgroundColor: '#fafbfc', textColor: '#091E42', isCloseable: false },
    },
  };
}

/** The keys the property is checked for, as paths into the config, with the key path a problem names them by. */
const KEYS: [path: (string | number)[], named: string][] = [
  [['title'], 'title'],
  [['tagline'], 'tagline'],
  [['url'], 'url'],
  [['favicon'], 'favicon'],
  [['staticDirectories'], 'staticDirectories'],
  [['i18n'], 'i18n'],
  [['i18n', 'defaultLocale'], 'i18n.defaultLocale'],
  [['markdown'], 'markdown'],
  [['markdown', 'format'], 'markdown.format'],
  [['future'], 'future'],
  [['presets', 0, 1, 'docs', 'routeBasePath'], 'presets[0].docs.routeBasePath'],
  [['presets', 0, 1, 'docs', 'path'], 'presets[0].docs.path'],
  [['presets', 0, 1, 'docs', 'sidebarPath'], 'presets[0].docs.sidebarPath'],
  [['presets', 0, 1, 'docs', 'editUrl'], 'presets[0].docs.editUrl'],
  [['presets', 0, 1, 'docs', 'versions'], 'presets[0].docs.versions'],
  [['presets', 0, 1, 'docs', 'lastVersion'], 'presets[0].docs.lastVersion'],
  [['presets', 0, 1, 'docs', 'onlyIncludeVersions'], 'presets[0].docs.onlyIncludeVersions'],
  [['presets', 0, 1, 'docs', 'exclude'], 'presets[0].docs.exclude'],
  [['presets', 0, 1, 'docs', 'include'], 'presets[0].docs.include'],
  [['presets', 0, 1, 'blog', 'postsPerPage'], 'presets[0].blog.postsPerPage'],
  [['presets', 0, 1, 'blog', 'routeBasePath'], 'presets[0].blog.routeBasePath'],
  [['themeConfig', 'navbar'], 'themeConfig.navbar'],
  [['themeConfig', 'navbar', 'title'], 'themeConfig.navbar.title'],
  [['themeConfig', 'navbar', 'logo'], 'themeConfig.navbar.logo'],
  [['themeConfig', 'navbar', 'logo', 'src'], 'themeConfig.navbar.logo.src'],
  [['themeConfig', 'navbar', 'logo', 'width'], 'themeConfig.navbar.logo.width'],
  [['themeConfig', 'navbar', 'items', 0], 'themeConfig.navbar.items[0]'],
  [['themeConfig', 'navbar', 'items', 1, 'to'], 'themeConfig.navbar.items[1].to'],
  [['themeConfig', 'navbar', 'items', 2, 'position'], 'themeConfig.navbar.items[2].position'],
  [['themeConfig', 'footer'], 'themeConfig.footer'],
  [['themeConfig', 'footer', 'style'], 'themeConfig.footer.style'],
  [['themeConfig', 'footer', 'links'], 'themeConfig.footer.links'],
  [['themeConfig', 'footer', 'copyright'], 'themeConfig.footer.copyright'],
  [['themeConfig', 'announcementBar', 'backgroundColor'], 'themeConfig.announcementBar.backgroundColor'],
  [['themeConfig', 'announcementBar', 'isCloseable'], 'themeConfig.announcementBar.isCloseable'],
];

/** The config with the value at `path` replaced (set where the fixture has none). */
function withValue(config: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(config);
  let holder = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  holder[path.at(-1)!] = value;
  return copy;
}

/** The problems' key paths: what each message starts with. */
const keyPaths = (problems: { message: string }[]) => problems.map((problem) => problem.message.slice(0, problem.message.indexOf(':')));

/** Values of no type any of these keys takes: a list of numbers, a function the sandbox reported, an object of nothing docsite knows. */
const unusable = fc.oneof(fc.array(fc.integer(), { minLength: 1, maxLength: 3 }), fc.constant({ $function: 0, name: 'f' }), fc.constant({ nothing: { known: true } }));

/** True when a problem's key path names the key, a value inside it, or the object that holds it (a value it needs, left out with it). */
function namesKey(at: string, named: string): boolean {
  const holder = named.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
  return at === named || at.startsWith(`${named}.`) || at.startsWith(`${named}[`) || at === holder;
}

describe('any value of one key of a Docusaurus config', () => {
  it.each(KEYS)('at %j: the rest is served, and the problems name that key alone', (path, named) => {
    fc.assert(
      fc.property(fc.oneof(fc.anything({ maxDepth: 2 }), unusable), (value) => {
        const read = fromDocusaurusConfig(withValue(fixtureConfig(), path, value), { file: 'docusaurus.config.js' });
        // Never discarded: what the conversion gives is valid, whatever the key held.
        const site = siteConfigSchema.parse(read.input);
        // The docs are served, where the config says unless the key is where they are.
        const [docs] = instancesOf(site);
        expect(docs?.id).toBe('default');
        if (named !== 'presets[0].docs.path') expect(docs.path).toBe('docs');
        if (named !== 'presets[0].docs.routeBasePath') expect(docs.base).toBe('docs');
        // Other keys keep their values.
        if (named !== 'title') expect(site.title).toBe('Fixture');
        if (!named.startsWith('themeConfig.footer')) expect(site.footer?.copyright).toBe('Copyright Acme');
        if (!named.startsWith('themeConfig.navbar')) expect(site.navbar.items).toHaveLength(3);
        // Each problem names the key (or a value inside it): none of the others.
        for (const at of keyPaths(read.problems)) expect(namesKey(at, named), at).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  // Keys whose every value of these shapes is a form of their own, checked where they are used (versions) or simply empty: not here.
  it.each(KEYS.filter(([, named]) => !['i18n', 'markdown', 'future', 'themeConfig.navbar', 'themeConfig.footer', 'presets[0].docs.versions'].includes(named)))(
    'at %j: a value of no type the key takes is left out with a problem that names it',
    (path, named) => {
      fc.assert(
        fc.property(unusable, (value) => {
          // An editUrl may be a function: docsite calls it for every doc, in the sandbox.
          if (named.endsWith('.editUrl') && typeof value === 'object' && value !== null && '$function' in value) return;
          const read = fromDocusaurusConfig(withValue(fixtureConfig(), path, value), { file: 'docusaurus.config.js' });
          expect(
            keyPaths(read.problems).some((at) => namesKey(at, named)),
            JSON.stringify({ value, problems: read.problems }),
          ).toBe(true);
        }),
        { numRuns: 15 },
      );
    },
  );
});
