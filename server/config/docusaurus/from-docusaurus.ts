// A site's docusaurus.config, as its code computed it in the sandbox, read as docsite's site
// configuration: the one conversion from Docusaurus's config to ours. It is permissive value by
// value, as Docusaurus validates its config key by key: a value docsite cannot show is left out
// (its default stands in) with one problem naming the config file, the key path as the author wrote
// it (`themeConfig.navbar.logo.src`), the value, and what was done instead. The whole config is
// never discarded for one value; only the operator's own docsite.yaml is strict.
import { posix } from 'node:path';
import type { Problem } from '../../problem.js';
import { fitSchema } from '../fit-schema.js';
import { siteConfigSchema } from '../site-config.js';
import { contentPlugins, isCodeFunction, isRecord, type PluginOptions } from './plugin-options.js';
import { footerOf, navbarOf } from './theme-config.js';
import { DOCUSAURUS_COLOR_MODE } from '../color-mode.js';
import { cssOf } from './css-config.js';
import { mathOf } from './math-plugins.js';
import { clientRedirectsOf, type ClientRedirectsOptions } from './client-redirects.js';
import { unknownPluginsOf } from './unknown-plugins.js';
import { markdownPluginsOf, type KnownPlugins } from './markdown-plugins.js';
import { pwaHeadOf } from './pwa.js';

export { isCodeFunction, type CodeFunction } from './plugin-options.js';
export { NATIVE_PACKAGES } from './markdown-plugins.js';

export type { KnownPlugins } from './markdown-plugins.js';

/** The site configuration input read from a Docusaurus config, and what could not be followed. */
export interface DocusaurusInput {
  /** Valid input of siteConfigSchema, before its defaults. */
  input: Record<string, unknown>;
  problems: Problem[];
  /** The config's functions docsite calls in the sandbox (an `editUrl`, a `sidebarItemsGenerator`), by instance id: their indexes. */
  functions: Record<string, InstanceFunctions>;
  /** The instances of `@docusaurus/plugin-client-redirects` (client-redirects.ts). */
  clientRedirects?: ClientRedirectsOptions[];
}

/** The functions of a docs instance's options docsite calls (a blog's under `blog:{id}`), by their index in the sandbox's result. */
export interface InstanceFunctions {
  editUrl?: number;
  sidebarItemsGenerator?: number;
  processBlogPosts?: number;
  createFeedItems?: number;
}

/** Where the config is and what docsite knows of its plugins. */
export interface DocusaurusSource {
  /** The config file, a repository path (`website/docusaurus.config.js`): its folder is the site's (`siteDir`). */
  file: string;
  /** Remark plugins of the repository docsite does natively, by module path. */
  known?: KnownPlugins;
}

/** The functions of a blog's options docsite calls. */
const CALLED_BLOG_OPTIONS = ['processBlogPosts', 'createFeedItems'] as const;

/** The options that may be functions docsite calls with Docusaurus's arguments. */
const CALLED_OPTIONS = ['editUrl', 'sidebarItemsGenerator'] as const;

/** Our names of a docs instance's options where they differ from Docusaurus's. */
const INSTANCE_KEYS: Record<string, string> = { base: 'routeBasePath', sidebars: 'sidebarPath' };

/**
 * A repository path of a path the config computed, relative to the site's folder as Docusaurus takes
 * it (`/site/website/sidebars.js` from `require.resolve`, `./docs`, `../docs`); undefined when it
 * leaves the repository.
 */
function repositoryPath(path: string, siteDir: string): string | undefined {
  const joined = path.startsWith('/site/') || path === '/site' ? path.slice('/site/'.length) : posix.join(siteDir, path);
  const normal = posix.normalize(joined).replace(/^\.\/?|\/+$/g, '');
  return normal === '..' || normal.startsWith('../') || normal.startsWith('/') ? undefined : normal === '.' ? '' : normal;
}

/** A route of Docusaurus (`/`, `/docs/`, `docs/api`) as our base: its segments without slashes, '' for the site root. */
function routeOf(route: unknown): unknown {
  return typeof route === 'string' ? route.replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/') : route;
}

/** The key path of a value of our input in the config as written (`docs.1.base` is `plugins[2].routeBasePath`). */
function keyPathOf(path: readonly (string | number)[], docs: readonly PluginOptions[], blogs: readonly PluginOptions[], pages: readonly PluginOptions[]): string {
  const [head, index, key, ...rest] = path;
  const tail = (parts: readonly (string | number)[]) => parts.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('');
  if ((head === 'docs' || head === 'blog') && typeof index === 'number') {
    const at = (head === 'docs' ? docs : blogs)[index]?.at ?? `${head}[${index}]`;
    if (key === undefined) return at;
    return `${at}.${head === 'docs' ? (INSTANCE_KEYS[key] ?? key) : key}${tail(rest)}`;
  }
  if (head === 'pages' && typeof index === 'number') return `${pages[index]?.at ?? `pages[${index}]`}${key === undefined ? '' : tail(path.slice(2))}`;
  const theme = head === 'navbar' || head === 'footer' || head === 'announcementBar' || head === 'colorMode' ? 'themeConfig.' : '';
  return `${theme}${String(head)}${tail(path.slice(1))}`;
}

/** A value as a problem quotes it: short, one line. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One docs instance's options as our instance input (paths made repository paths), reporting what docsite does not run. */
function instanceOf({ options, at }: PluginOptions, siteDir: string, report: (message: string) => void): Record<string, unknown> {
  const id = typeof options.id === 'string' ? options.id : 'default';
  for (const [key, value] of Object.entries(options)) {
    if (!(CALLED_OPTIONS as readonly string[]).includes(key) && isCodeFunction(value))
      report(`${at}.${key}: a function docsite does not run (docs instance "${id}"): Docusaurus's default stands in for it`);
  }
  // Paths and URLs are text; anything else is left out here, said once, with Docusaurus's default in its place.
  const text = (key: string, instead: string) => {
    const value = options[key];
    if (value === undefined || value === null || typeof value === 'string' || isCodeFunction(value)) return typeof value === 'string' ? value : undefined;
    report(`${at}.${key}: ${quoted(value)} is not shown by docsite (text was expected): left out, ${instead}`);
    return undefined;
  };
  const written = text('path', 'the folder "docs" of the site stands in');
  const path = written === undefined ? posix.join(siteDir, 'docs') : repositoryPath(written, siteDir);
  if (path === undefined) report(`${at}.path: ${quoted(options.path)} is outside the repository: the folder "docs" of the site stands in`);
  const sidebarPath = options.sidebarPath === false ? undefined : text('sidebarPath', 'one sidebar of every doc stands in');
  if (options.sidebarPath === false) report(`${at}.sidebarPath: false (no sidebars) is not shown by docsite: one sidebar of every doc stands in`);
  return {
    ...options,
    id,
    path: path ?? posix.join(siteDir, 'docs'),
    base: options.routeBasePath === undefined ? 'docs' : routeOf(options.routeBasePath),
    sidebars: sidebarPath === undefined ? undefined : repositoryPath(sidebarPath, siteDir),
    editUrl: text('editUrl', 'no edit link'),
  };
}

/** One blog's options as our blog input, its functions docsite calls kept by index in `functions`. */
function blogOf({ options, at }: PluginOptions, siteDir: string, report: (message: string) => void, functions: Record<string, InstanceFunctions>): Record<string, unknown> {
  const id = typeof options.id === 'string' ? options.id : 'default';
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
    else if (!(CALLED_BLOG_OPTIONS as readonly string[]).includes(key)) report(`${at}.${key}: a function docsite does not run (blog "${id}")`);
  }
  // XSLT is code that runs on this site's origin: a stylesheet of the repository is never served.
  const xslt = isRecord(blog.feedOptions) ? blog.feedOptions.xslt : undefined;
  if (isRecord(xslt) && Object.values(xslt).some((value) => typeof value === 'string'))
    report(`${at}.feedOptions.xslt: names stylesheets of the repository (blog "${id}"); docsite's own stands in`);
  blog.path = (typeof blog.path === 'string' ? repositoryPath(blog.path, siteDir) : undefined) ?? posix.join(siteDir, 'blog');
  // Its edit links name a post's path in the site's folder, as Docusaurus's do (edit-url.ts).
  if (siteDir) blog.siteDir = siteDir;
  if (typeof blog.routeBasePath === 'string') blog.routeBasePath = routeOf(blog.routeBasePath);
  return blog;
}

/** One pages instance's options as our pages input: its folder a repository path, its route without slashes. */
function pagesOf({ options }: PluginOptions, siteDir: string): Record<string, unknown> {
  const pages: Record<string, unknown> = Object.fromEntries(Object.entries(options).filter(([, value]) => !isCodeFunction(value)));
  pages.path = (typeof options.path === 'string' ? repositoryPath(options.path, siteDir) : undefined) ?? posix.join(siteDir, 'src/pages');
  if (typeof options.routeBasePath === 'string') pages.routeBasePath = routeOf(options.routeBasePath);
  return pages;
}

/** Reads an evaluated docusaurus.config as site configuration input, value by value. */
export function fromDocusaurusConfig(config: unknown, source: DocusaurusSource): DocusaurusInput {
  const { file } = source;
  const siteDir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  const problems: Problem[] = [];
  const report = (message: string) => problems.push({ code: 'site-config', file, message });
  if (!isRecord(config)) {
    report('the config module exports no configuration object: docsite serves the repository with its defaults');
    return { input: {}, problems, functions: {} };
  }
  const theme = isRecord(config.themeConfig) ? config.themeConfig : {};
  const docs = contentPlugins(config, 'docs');
  const blogs = contentPlugins(config, 'blog');
  const pagesPlugins = contentPlugins(config, 'pages');
  const functions: Record<string, InstanceFunctions> = {};
  const instances = docs.map((entry) => instanceOf(entry, siteDir, report));
  docs.forEach(({ options }, index) => {
    const called = CALLED_OPTIONS.flatMap((key) => (isCodeFunction(options[key]) ? [[key, options[key].$function] as const] : []));
    if (called.length) functions[String(instances[index].id)] = Object.fromEntries(called);
  });
  if (config.staticDirectories !== undefined && !Array.isArray(config.staticDirectories))
    report(`staticDirectories: ${quoted(config.staticDirectories)} is not shown by docsite (a list of folders was expected): left out, the site's static folder stands in`);
  const staticDirectories = Array.isArray(config.staticDirectories) ? config.staticDirectories : ['static'];
  // Docusaurus's baseUrl, as a path that starts and ends with `/`.
  const markdownPlugins = markdownPluginsOf({ docs, blogs, pages: pagesPlugins, instances }, source.known ?? {}, report);
  const baseUrl = typeof config.baseUrl === 'string' ? `/${config.baseUrl.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/') : '/';
  const raw = {
    title: config.title,
    tagline: config.tagline,
    url: typeof config.url === 'string' ? config.url.replace(/^(https?:\/\/[^/?#\s]+).*$/, '$1') : config.url,
    favicon: typeof config.favicon === 'string' && !/^(https?:|data:)/i.test(config.favicon) ? config.favicon.replace(/^\/+/, '') : config.favicon,
    siteDir: siteDir || undefined,
    staticDirectories: staticDirectories.map((folder) => (typeof folder === 'string' ? (repositoryPath(folder, siteDir) ?? folder) : folder)),
    docs: instances,
    blog: blogs.map((entry) => blogOf(entry, siteDir, report, functions)),
    // The classic preset's pages are on unless `pages: false`, as in Docusaurus.
    pages: pagesPlugins.map((entry) => pagesOf(entry, siteDir)),
    // `/` is what the site's build has there (a page, the docs' root doc, a blog), never docsite's own landing page.
    landingPage: false,
    customFields: config.customFields,
    // The site's own CSS (customCss, local stylesheets), read per commit (server/site/site-css.ts).
    css: cssOf(config, siteDir, (at, message) => report(`${at}: ${message}`)),
    baseUrl: baseUrl === '/' ? undefined : baseUrl,
    trailingSlash: config.trailingSlash,
    navbar: navbarOf(theme.navbar, (at, message) => report(`${at}: ${message}`), baseUrl),
    footer: footerOf(theme.footer, baseUrl),
    announcementBar: theme.announcementBar,
    // Docusaurus's defaults (light, the system ignored) under the site's own values.
    colorMode: isRecord(theme.colorMode) ? { ...DOCUSAURUS_COLOR_MODE, ...theme.colorMode } : DOCUSAURUS_COLOR_MODE,
    i18n: config.i18n,
    // How Markdown is read (`format`, `mdx1Compat`) and `future.v4`, which turns MDX 1's syntax off.
    // Docusaurus draws ```mermaid only with markdown.mermaid (and theme-mermaid), in the theme's colours.
    markdown: { mermaid: false, ...(isRecord(config.markdown) ? config.markdown : {}) },
    mermaidTheme: isRecord(theme.mermaid) ? theme.mermaid.theme : undefined,
    future: config.future,
    // `@docusaurus/plugin-pwa`'s `pwaHead`, in every page's head (pwa.ts).
    headTags: pwaHeadOf(config, baseUrl, report),
    ...markdownPlugins,
    math: mathOf(markdownPlugins.math, [...docs, ...blogs, ...pagesPlugins], report),
  };
  const input = fitSchema(raw, siteConfigSchema, (path, message, value) => {
    // A list's item goes alone; a value of a key leaves that key to its default.
    const instead = typeof path.at(-1) === 'number' ? 'left out' : 'left out, its default stands in';
    report(`${keyPathOf(path, docs, blogs, pagesPlugins)}: ${quoted(value)} is not shown by docsite (${message}): ${instead}`);
  }) as Record<string, unknown>;
  for (const message of unknownPluginsOf(config)) report(message);
  return { input, problems, functions, clientRedirects: clientRedirectsOf(config, report) };
}
