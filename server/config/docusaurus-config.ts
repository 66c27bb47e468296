// A site's docusaurus.config, as its code computed it in the sandbox, read as docsite.yaml input:
// the site's title, URL and icon, every docs instance of the classic preset and of
// plugin-content-docs, and themeConfig's navbar, footer and announcement bar. What docsite does not
// use is left out; what it cannot follow (a docs instance at the site root, a remark plugin it has
// no equivalent of) is reported, never fatal.
import type { Problem } from '../problem.js';
import { fitSchema } from './fit-schema.js';
import { siteConfigSchema } from './site-config.js';

/** The file names Docusaurus reads its configuration from, in its order. */
export const DOCUSAURUS_CONFIG_FILES = [
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
];

/** A function of the config as the sandbox reports it: its index, name and the module it came from. */
export interface CodeFunction {
  $function: number;
  name?: string;
  module?: string;
}

/** What docsite does instead of a remark plugin, by the repository path of the plugin's module. */
export type KnownPlugins = Readonly<Record<string, (instances: Record<string, unknown>[]) => Record<string, unknown>>>;

/** The site configuration input read from a Docusaurus config, and what could not be followed. */
export interface DocusaurusInput {
  input: Record<string, unknown>;
  problems: Problem[];
  /** The config's functions docsite calls in the sandbox (an `editUrl`, a `sidebarItemsGenerator`), by instance id: their indexes. */
  functions: Record<string, InstanceFunctions>;
}

/** The functions of a docs instance's options docsite calls (a blog's under `blog:{id}`), by their index in the sandbox's result. */
export interface InstanceFunctions {
  editUrl?: number;
  sidebarItemsGenerator?: number;
  processBlogPosts?: number;
  createFeedItems?: number;
}

/** The functions of a blog's options docsite calls. */
const CALLED_BLOG_OPTIONS = ['processBlogPosts', 'createFeedItems'] as const;

/** The options that may be functions docsite calls with Docusaurus's arguments. */
const CALLED_OPTIONS = ['editUrl', 'sidebarItemsGenerator'] as const;

/** Remark plugins published as packages that docsite does natively, by package name: the site configuration they amount to. */
const PACKAGE_PLUGINS: Record<string, (options: Record<string, unknown>, report: (message: string) => void) => Record<string, unknown>> = {
  '@docusaurus/remark-plugin-npm2yarn': (options, report) => {
    const converters = Array.isArray(options.converters) ? options.converters : ['yarn', 'pnpm'];
    const known = converters.filter((converter): converter is string => typeof converter === 'string' && ['yarn', 'pnpm', 'bun'].includes(converter));
    if (known.length < converters.length) report('npm2yarn: a converter of its own (a function) is not run by docsite: its tab is left out');
    return { npm2yarn: { sync: options.sync === true, converters: known } };
  },
};

/** True for a plain object. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for a function the sandbox reported. */
export function isCodeFunction(value: unknown): value is CodeFunction {
  return isRecord(value) && typeof value.$function === 'number';
}

/** A preset or plugin entry as `[name, options]` (Docusaurus accepts a name alone, or a function). */
function entryOf(entry: unknown): [string, Record<string, unknown>] | undefined {
  if (typeof entry === 'string') return [entry, {}];
  if (Array.isArray(entry) && typeof entry[0] === 'string') return [entry[0], isRecord(entry[1]) ? entry[1] : {}];
  return undefined;
}

/** The repository path of a path the config computed (`/site/sidebars.js`, `./sidebars.js`). */
function repositoryPath(path: string): string {
  return path.replace(/^\/site\//, '').replace(/^\.\//, '');
}

/** One plugin-content-docs instance as our instance input. */
function instanceOf(options: Record<string, unknown>, report: (message: string) => void): Record<string, unknown> {
  const id = typeof options.id === 'string' ? options.id : 'default';
  const routeBasePath = typeof options.routeBasePath === 'string' ? options.routeBasePath.replace(/^\/+|\/+$/g, '') : 'docs';
  if (!/^[\w-]+$/.test(routeBasePath)) report(`docs instance "${id}": routeBasePath "${options.routeBasePath}" is not a single URL segment; docsite serves it at /docs`);
  const sidebars = typeof options.sidebarPath === 'string' ? repositoryPath(options.sidebarPath) : undefined;
  return {
    ...options,
    id,
    path: typeof options.path === 'string' ? repositoryPath(options.path) : 'docs',
    base: /^[\w-]+$/.test(routeBasePath) ? routeBasePath : 'docs',
    sidebars,
    editUrl: typeof options.editUrl === 'string' ? options.editUrl : undefined,
  };
}

/** The docs instances of the classic preset and of every plugin-content-docs, in Docusaurus's order. */
function instancesOf(config: Record<string, unknown>, report: (message: string) => void): { options: Record<string, unknown>; instance: Record<string, unknown> }[] {
  const found: Record<string, unknown>[] = [];
  for (const [name, options] of (Array.isArray(config.presets) ? config.presets : []).map(entryOf).filter((entry) => entry !== undefined)) {
    if (/(^|\/|-)classic$/.test(name) && options.docs !== false) found.push(isRecord(options.docs) ? options.docs : {});
  }
  for (const [name, options] of (Array.isArray(config.plugins) ? config.plugins : []).map(entryOf).filter((entry) => entry !== undefined)) {
    if (/(^|\/)(plugin-)?content-docs$/.test(name)) found.push(options);
  }
  return found.map((options) => ({ options, instance: instanceOf(options, report) }));
}

/** The blog instances of the classic preset (on unless `blog: false`) and of every plugin-content-blog, as blog options input. */
function blogsOf(config: Record<string, unknown>, report: (message: string) => void, functions: Record<string, InstanceFunctions>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const [name, options] of (Array.isArray(config.presets) ? config.presets : []).map(entryOf).filter((entry) => entry !== undefined)) {
    if (/(^|\/|-)classic$/.test(name) && options.blog !== false) found.push(isRecord(options.blog) ? options.blog : {});
  }
  for (const [name, options] of (Array.isArray(config.plugins) ? config.plugins : []).map(entryOf).filter((entry) => entry !== undefined)) {
    if (/(^|\/)(plugin-)?content-blog$/.test(name)) found.push(options);
  }
  return found.map((options) => {
    const id = typeof options.id === 'string' ? options.id : 'default';
    // Functions docsite calls in the sandbox are kept by index; for others (an editUrl function), Docusaurus's default stands in.
    // processBlogPosts is an option of the blog, createFeedItems of its feedOptions.
    const written = { processBlogPosts: options.processBlogPosts, createFeedItems: isRecord(options.feedOptions) ? options.feedOptions.createFeedItems : undefined };
    const called = CALLED_BLOG_OPTIONS.flatMap((key) => {
      const value = written[key];
      return isCodeFunction(value) ? [[key, value.$function] as const] : [];
    });
    if (called.length) functions[`blog:${id}`] = Object.fromEntries(called);
    const blog: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options)) {
      if (!isCodeFunction(value)) blog[key] = value;
      else if (!(CALLED_BLOG_OPTIONS as readonly string[]).includes(key)) report(`blog "${id}": ${key} is a function docsite does not run`);
    }
    // XSLT is code that runs on this site's origin: a stylesheet of the repository is never served.
    const xslt = isRecord(blog.feedOptions) ? blog.feedOptions.xslt : undefined;
    if (isRecord(xslt) && Object.values(xslt).some((value) => typeof value === 'string'))
      report(`blog "${id}": feedOptions.xslt names stylesheets of the repository; docsite's own stands in`);
    if (typeof blog.path === 'string') blog.path = repositoryPath(blog.path);
    if (typeof blog.routeBasePath === 'string') blog.routeBasePath = blog.routeBasePath.replace(/^\/+|\/+$/g, '');
    return blog;
  });
}

/** A navbar link with Docusaurus's relative `to` made a site path. */
function navbarItemOf(item: unknown): unknown {
  if (!isRecord(item)) return item;
  const to = typeof item.to === 'string' && !/^([a-z][a-z0-9+.-]*:|\/)/i.test(item.to) ? `/${item.to}` : item.to;
  const items = Array.isArray(item.items) ? item.items.map(navbarItemOf) : item.items;
  const after = Array.isArray(item.dropdownItemsAfter) ? item.dropdownItemsAfter.map(navbarItemOf) : item.dropdownItemsAfter;
  return { ...item, to, items, dropdownItemsAfter: after };
}

/** The footer with Docusaurus's simple form (a flat list of links) as one untitled column. */
function footerOf(footer: unknown): unknown {
  if (!isRecord(footer) || !Array.isArray(footer.links)) return footer;
  const columns = footer.links.every((link) => isRecord(link) && Array.isArray(link.items));
  return { ...footer, links: columns ? footer.links : [{ items: footer.links }] };
}

/**
 * Reads an evaluated docusaurus.config (`file` names it in problems) as site configuration input;
 * `known` maps remark plugins to what docsite does instead.
 */
export function fromDocusaurusConfig(config: unknown, file: string, known: KnownPlugins = {}): DocusaurusInput {
  const problems: Problem[] = [];
  const report = (message: string) => problems.push({ code: 'site-config', file, message });
  if (!isRecord(config)) {
    report('the config module exports no configuration object');
    return { input: {}, problems, functions: {} };
  }
  const theme = isRecord(config.themeConfig) ? config.themeConfig : {};
  const found = instancesOf(config, report);
  const functions: Record<string, InstanceFunctions> = {};
  const extra: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const { options, instance } of found) {
    // Code docsite does not call (numberPrefixParser): Docusaurus's default stands in.
    for (const [key, value] of Object.entries(options)) {
      if (!(CALLED_OPTIONS as readonly string[]).includes(key) && isCodeFunction(value))
        report(`docs instance "${instance.id}": ${key} is a function docsite does not run: Docusaurus's default stands in for it`);
    }
    for (const plugin of Array.isArray(options.remarkPlugins) ? options.remarkPlugins : []) {
      const fn = Array.isArray(plugin) ? plugin[0] : plugin;
      const pluginOptions = Array.isArray(plugin) && isRecord(plugin[1]) ? plugin[1] : {};
      const module = isCodeFunction(fn) && fn.module ? repositoryPath(fn.module) : undefined;
      const packageName = isRecord(fn) && typeof fn.$package === 'string' ? fn.$package : undefined;
      // A function by its module (or name); a package docsite stands in for by its name.
      const key = module ?? (isCodeFunction(fn) ? fn.name : (packageName ?? String(fn)));
      if (!key || seen.has(key)) continue;
      seen.add(key);
      if (module && Object.hasOwn(known, module)) Object.assign(extra, known[module](found.map(({ instance }) => instance)));
      else if (packageName && Object.hasOwn(PACKAGE_PLUGINS, packageName)) Object.assign(extra, PACKAGE_PLUGINS[packageName](pluginOptions, report));
      else report(`the remark plugin ${key} is not run by docsite: pages are rendered without it`);
    }
  }
  const raw = {
    title: config.title,
    tagline: config.tagline,
    url: typeof config.url === 'string' ? config.url.replace(/^(https?:\/\/[^/?#\s]+).*$/, '$1') : undefined,
    favicon: typeof config.favicon === 'string' ? config.favicon.replace(/^\/+/, '') : undefined,
    staticDirectories: config.staticDirectories,
    docs: found.map(({ instance }) => instance),
    blog: blogsOf(config, report, functions),
    navbar: isRecord(theme.navbar) ? { ...theme.navbar, items: Array.isArray(theme.navbar.items) ? theme.navbar.items.map(navbarItemOf) : undefined } : undefined,
    footer: footerOf(theme.footer),
    announcementBar: theme.announcementBar,
    // How Markdown is read (`format`, `mdx1Compat`) and `future.v4`, which turns MDX 1's syntax off.
    markdown: config.markdown,
    future: config.future,
    ...extra,
  };
  const input = fitSchema(raw, siteConfigSchema, [], (path, message) =>
    problems.push({ code: 'site-config', file, message: `${path.join('.')}: left out, docsite cannot show it (${message})` }),
  ) as Record<string, unknown>;
  if (!found.length) input.docs = undefined;
  for (const { options, instance } of found) {
    const called = CALLED_OPTIONS.flatMap((key) => (isCodeFunction(options[key]) ? [[key, options[key].$function] as const] : []));
    if (called.length) functions[String(instance.id)] = Object.fromEntries(called);
  }
  return { input, problems, functions };
}
