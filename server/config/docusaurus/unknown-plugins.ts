// The plugins and themes of a docusaurus.config that docsite neither runs nor does natively (issue
// 58): each named once per site, with what it would have done in the site's build, so that nothing
// it generates is silently missing. Content plugins and the plugins docsite does itself (its
// sitemaps, search, Sass, SVG components, Mermaid, image zoom, client redirects, PWA head tags) are not named.
import { isCodeFunction, isRecord } from './plugin-options.js';

/** The plugins and themes docsite does itself, by the names Docusaurus resolves (`@docusaurus/plugin-x`, `docusaurus-plugin-x`, `x`). */
const DONE = [
  /(^|\/|-)(plugin-)?content-(docs|blog|pages)$/,
  /(^|\/|-)(plugin-)?client-redirects$/,
  // Its head tags; that no service worker is served is said by pwa.ts.
  /(^|\/|-)(plugin-)?pwa$/,
  /(^|\/|-)(plugin-)?sitemap$/,
  /(^|\/|-)(plugin-)?svgr$/,
  /(^|\/)docusaurus-plugin-sass$/,
  /(^|\/|-)theme-(classic|common|mermaid|search-algolia)$/,
  /(^|\/)docusaurus-(plugin-)?image-zoom$/,
  // Local and lunr search: docsite's own search stands in.
  /(^|\/)docusaurus-search-local$/,
  /(^|\/)docusaurus-(plugin-)?lunr-search$/,
];

/** What a package Docusaurus users often install does in a build, by the name's last part. */
const WHAT: Record<string, string> = {
  'plugin-google-gtag': 'adds the Google tag (gtag.js) to every page',
  'plugin-google-analytics': 'adds Google Analytics to every page',
  'plugin-google-tag-manager': 'adds Google Tag Manager to every page',
  'plugin-ideal-image': 'turns `ideal-img!` images into responsive, lazily loaded images',
  'theme-live-codeblock': 'makes ```live code blocks editable, with their result',
  'plugin-debug': 'adds its /__docusaurus/debug pages',
  'plugin-vercel-analytics': 'adds Vercel Analytics to every page',
  'plugin-rsdoctor': 'reports on the build',
  'plugin-css-cascade-layers': "puts the site's CSS into cascade layers",
};

/** The name of a plugin entry as written (`'@docusaurus/plugin-pwa'`, `['x', {}]`, a required package, a function), if it has one. */
function nameOf(entry: unknown): { name: string; local: boolean } | undefined {
  const head = Array.isArray(entry) ? entry[0] : entry;
  if (typeof head === 'string') return { name: head, local: head.startsWith('.') || head.startsWith('/') };
  if (isRecord(head) && typeof head.$package === 'string') return { name: head.$package, local: false };
  // A function of the site's own (`plugins: [myPlugin]`, `require('./plugins/x')`).
  if (isCodeFunction(head)) return { name: head.module ?? head.name ?? 'a function', local: true };
  return undefined;
}

/** What a plugin would have done, as a problem says it: after "is not run by docsite". */
function whatItDoes(name: string, local: boolean): string {
  const known = Object.entries(WHAT).find(([suffix]) => name === suffix || name.endsWith(`/${suffix}`) || name.endsWith(`-${suffix}`));
  if (known) return ` (in a build it ${known[1]}): pages are served without it`;
  return `${local ? " (a plugin of the site's own)" : ''}: what it adds to a build (routes, pages, client modules, head tags) is not served`;
}

/** One message per plugin or theme of `plugins` and `themes` that docsite neither runs nor does itself, each name once. */
export function unknownPluginsOf(config: Record<string, unknown>): string[] {
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const list of ['plugins', 'themes'] as const) {
    const entries = Array.isArray(config[list]) ? (config[list] as unknown[]) : [];
    entries.forEach((entry, index) => {
      const found = nameOf(entry);
      if (!found || seen.has(found.name) || DONE.some((pattern) => pattern.test(found.name))) return;
      seen.add(found.name);
      messages.push(`${list}[${index}]: ${found.name} is not run by docsite${whatItDoes(found.name, found.local)}`);
    });
  }
  return messages;
}
