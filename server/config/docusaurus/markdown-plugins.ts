// The Markdown plugins a Docusaurus config names (`beforeDefaultRemarkPlugins`, `remarkPlugins`,
// `beforeDefaultRehypePlugins`, `rehypePlugins` of each docs, blog and pages instance), read as
// what docsite does with each (decision 045): a plugin docsite does natively (npm2yarn, a module the
// preset stands in for) becomes the configuration it amounts to; a remark plugin that is a module of
// the site's repository, or of the packages the operator installed for it (SITE_MODULES), is run in
// the sandbox over each page's tree (`sitePlugins`); anything else
// (a rehype plugin, a function written in the config, a package docsite does not have) is named
// once, with what was done instead.
import { posix } from 'node:path';
import { isCodeFunction, isRecord, type PluginOptions } from './plugin-options.js';
import { remarkMathOf } from './math-plugins.js';

/** What docsite does instead of a remark plugin, by the repository path of the plugin's module. */
export type KnownPlugins = Readonly<Record<string, (instances: Record<string, unknown>[]) => Record<string, unknown>>>;

/** The content instances whose plugins are read: docs (by id), blogs and pages (`blog:{id}`, `pages:{id}`). */
export interface ContentInstances {
  docs: readonly PluginOptions[];
  blogs: readonly PluginOptions[];
  pages: readonly PluginOptions[];
  /** The docs instances as our input (what a known plugin's stand-in reads). */
  instances: Record<string, unknown>[];
}

/** Remark plugins published as packages that docsite does natively, by package name: the site configuration they amount to. */
const PACKAGE_PLUGINS: Record<string, (options: Record<string, unknown>, report: (message: string) => void) => Record<string, unknown>> = {
  '@docusaurus/remark-plugin-npm2yarn': (options, report) => {
    const converters = Array.isArray(options.converters) ? options.converters : ['yarn', 'pnpm'];
    const known = converters.filter((converter): converter is string => typeof converter === 'string' && ['yarn', 'pnpm', 'bun'].includes(converter));
    if (known.length < converters.length) report('npm2yarn: a converter of its own (a function) is not run by docsite: its tab is left out');
    return { npm2yarn: { sync: options.sync === true, converters: known } };
  },
  // Its syntax; what draws the formulas is a rehype plugin (math-plugins.ts).
  'remark-math': remarkMathOf,
};

/** rehype plugins docsite does natively (math-plugins.ts reads them). */
const REHYPE_PACKAGES = ['rehype-katex', 'rehype-mathjax'];

/** The packages a config names that docsite does natively: that the site's code cannot load them is no problem. */
export const NATIVE_PACKAGES: readonly string[] = [...Object.keys(PACKAGE_PLUGINS), ...REHYPE_PACKAGES];

/** The plugin lists of an instance's options, in the order Docusaurus runs them. */
const LISTS = ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins'] as const;

/**
 * The repository path of a module the sandbox names (`/site/src/x.js`), or the sandbox path of an
 * installed package's (`/node_modules/remark-x/index.js`, SITE_MODULES); undefined for any other.
 */
function moduleOf(module: string | undefined): string | undefined {
  if (module?.startsWith('/node_modules/') && !posix.normalize(module).startsWith('/node_modules/..')) return posix.normalize(module);
  if (!module?.startsWith('/site/')) return undefined;
  const path = posix.normalize(module.slice('/site/'.length));
  return path.startsWith('../') ? undefined : path;
}

/**
 * The site configuration the instances' Markdown plugins amount to: `sitePlugins` (the site's own
 * remark plugins by instance) and what docsite's native stand-ins read (`npm2yarn`); the rest reported.
 */
export function markdownPluginsOf(content: ContentInstances, known: KnownPlugins, report: (message: string) => void): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  const sitePlugins: Record<string, Record<string, unknown>[]> = {};
  const seen = new Set<string>();
  const kinds = [
    ...content.docs.map((entry) => ({ entry, key: (id: string) => id })),
    ...content.blogs.map((entry) => ({ entry, key: (id: string) => `blog:${id}` })),
    ...content.pages.map((entry) => ({ entry, key: (id: string) => `pages:${id}` })),
  ];
  for (const { entry, key } of kinds) {
    const { options, at } = entry;
    const instance = key(typeof options.id === 'string' ? options.id : 'default');
    for (const list of LISTS) {
      (Array.isArray(options[list]) ? options[list] : []).forEach((plugin: unknown, index: number) => {
        const where = `${at}.${list}[${index}]`;
        const fn = Array.isArray(plugin) ? plugin[0] : plugin;
        const pluginOptions = Array.isArray(plugin) ? plugin[1] : undefined;
        const module = isCodeFunction(fn) ? moduleOf(fn.module) : undefined;
        const packageName = isRecord(fn) && typeof fn.$package === 'string' ? fn.$package : undefined;
        // An anonymous function is named by its key in the list (`0`): not a name.
        const named = isCodeFunction(fn) && fn.name && !/^\d+$/.test(fn.name) ? fn.name : 'an anonymous function';
        const name = module ?? (isCodeFunction(fn) ? named : (packageName ?? String(fn)));
        // A native stand-in is the site's whole configuration: said and done once.
        if (module && Object.hasOwn(known, module)) {
          if (!seen.has(module)) Object.assign(extra, known[module](content.instances));
          seen.add(module);
        } else if (packageName && Object.hasOwn(PACKAGE_PLUGINS, packageName)) {
          if (!seen.has(packageName)) Object.assign(extra, PACKAGE_PLUGINS[packageName](isRecord(pluginOptions) ? pluginOptions : {}, report));
          seen.add(packageName);
        } else if (packageName && REHYPE_PACKAGES.includes(packageName))
          // Drawn natively where remark-math is there (math-plugins.ts), which says what it does.
          return;
        else if (/rehype/i.test(list))
          report(`${where}: the rehype plugin ${name} is not run by docsite (its pages have no HTML tree of Docusaurus's to run it over): pages are rendered without it`);
        else if (module && isCodeFunction(fn)) {
          const options = pluginOptions === undefined ? {} : { options: pluginOptions };
          (sitePlugins[instance] ??= []).push({ module, name: fn.name, ...options, at: where });
        } else
          report(
            `${where}: the remark plugin ${name} is not run by docsite (${isCodeFunction(fn) ? 'a function not exported by a module of the repository' : 'a package docsite does not have'}): pages are rendered without it`,
          );
      });
    }
  }
  return Object.keys(sitePlugins).length ? { ...extra, sitePlugins } : extra;
}
