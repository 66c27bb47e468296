// The site's own stylesheets as a Docusaurus config names them: the classic theme's `customCss`
// (one path or a list, from the classic preset's `theme` options or a `@docusaurus/theme-classic`
// entry), the config's local `stylesheets`, and whether `docusaurus-plugin-sass` compiles `.scss`.
import { posix } from 'node:path';
import { isRecord } from './plugin-options.js';

/** Reports a value left out, at its key path in the config. */
type Report = (at: string, message: string) => void;

/** A preset, theme or plugin entry's name and options (`name`, `[name, options]`, a module the sandbox reported by package). */
function entryOf(entry: unknown): { name: string; options: Record<string, unknown> } | undefined {
  if (typeof entry === 'string') return { name: entry, options: {} };
  if (!Array.isArray(entry)) return undefined;
  const name = typeof entry[0] === 'string' ? entry[0] : isRecord(entry[0]) && typeof entry[0].$package === 'string' ? entry[0].$package : undefined;
  return name === undefined ? undefined : { name, options: isRecord(entry[1]) ? entry[1] : {} };
}

/** The entries of a list of the config with their key paths. */
function entries(config: Record<string, unknown>, list: 'presets' | 'themes' | 'plugins') {
  return (Array.isArray(config[list]) ? config[list] : []).flatMap((entry, index) => {
    const found = entryOf(entry);
    return found ? [{ ...found, at: `${list}[${index}]` }] : [];
  });
}

/** A path the config computed (`/site/src/css/custom.css` from `require.resolve`, `./src/css/custom.css`) as a repository path; undefined outside it. */
function repositoryPath(path: string, siteDir: string): string | undefined {
  const joined = path.startsWith('/site/') ? path.slice('/site/'.length) : posix.join(siteDir, path);
  const normal = posix.normalize(joined).replace(/^\.\//, '');
  return normal.startsWith('..') || normal.startsWith('/') ? undefined : normal;
}

/**
 * The `css` input of the site configuration: the stylesheets the config names, and the global rules of the site's CSS modules.
 * A file outside the repository (a package's `require.resolve` under node_modules stays one: it is
 * read from the commit, where it is not) and a remote stylesheet are reported and left out.
 */
export function cssOf(config: Record<string, unknown>, siteDir: string, report: Report): Record<string, unknown> | undefined {
  const files: string[] = [];
  const themes = [
    ...entries(config, 'presets')
      .filter(({ name }) => /(^|\/|-)classic$/.test(name))
      .map(({ options, at }) => ({ options: isRecord(options.theme) ? options.theme : {}, at: `${at}.theme` })),
    ...[...entries(config, 'themes'), ...entries(config, 'plugins')].filter(({ name }) => /(^|\/)theme-classic$/.test(name)),
  ];
  for (const { options, at } of themes) {
    const list = typeof options.customCss === 'string' ? [options.customCss] : Array.isArray(options.customCss) ? options.customCss : [];
    list.forEach((file, index) => {
      const path = typeof file === 'string' ? repositoryPath(file, siteDir) : undefined;
      if (path && !path.startsWith('node_modules/')) files.push(path);
      else report(`${at}.customCss${Array.isArray(options.customCss) ? `[${index}]` : ''}`, `${JSON.stringify(file)} is not a file of the repository: left out`);
    });
  }
  const stylesheets: string[] = [];
  (Array.isArray(config.stylesheets) ? config.stylesheets : []).forEach((sheet, index) => {
    const href = typeof sheet === 'string' ? sheet : isRecord(sheet) && typeof sheet.href === 'string' ? sheet.href : undefined;
    if (href && /^\/[^/\\]/.test(href)) stylesheets.push(href.replace(/[?#].*$/, ''));
    else report(`stylesheets[${index}]`, `${JSON.stringify(href ?? sheet)} is not a stylesheet of the site's own folders: left out (a page loads nothing from elsewhere)`);
  });
  const sass = [...entries(config, 'plugins'), ...entries(config, 'themes')].some(({ name }) => /(^|\/)docusaurus-plugin-sass$/.test(name));
  // A Docusaurus build bundles every CSS module into the site's one sheet: their global rules apply everywhere.
  return { files, stylesheets, sass, modules: true };
}
