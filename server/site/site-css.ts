// The site's own stylesheet of a commit (decision 042): read from the files its config names, once
// per commit, and served by the hash of its content at `/_assets/css/{hash}.css`, so commits with
// the same CSS share one address, cached for good by browsers and CDNs.
import crypto from 'node:crypto';
import { posix } from 'node:path';
import postcss from 'postcss';
import { readFileContent } from '../git/file-content.js';
import { infimaSheet } from '../markdown/infima.js';
import { siteStylesheet } from '../markdown/site-css.js';
import { CODE_FILE, styleImportsOf } from '../markdown/style-imports.js';
import type { Problem } from '../problem.js';
import { siteCssUrl } from '../urls.js';
import { notFound } from './http-error.js';
import type { Site } from './site.js';
import type { Snapshot } from './snapshot.js';
import type { RequestContext } from './request.js';
import { requestCommit } from './request-commit.js';

/** A commit's site stylesheet. */
export interface SiteCss {
  hash: string;
  href: string;
  css: string;
  /** The sheet of lite pages (decision 031): the same without its fonts. */
  lite: { hash: string; href: string; css: string };
  problems: Problem[];
}

/** The most the style files Sass may import may weigh together. */
const MAX_STYLE_FILES_BYTES = 4 * 1024 * 1024;

/** A sheet without its `@font-face` rules. */
function withoutFonts(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules(/^font-face$/i, (face) => {
    face.remove();
  });
  return root.toString();
}

/** The most CSS modules whose global rules the sheet takes. */
const MAX_MODULES = 300;

/** The site's CSS modules (`{siteDir}/src/**\/*.module.css`, and Sass ones with the plugin), in path order, as the build bundles them all. */
function cssModulesOf(paths: Iterable<string>, siteDir: string, sass: boolean): string[] {
  const src = siteDir ? `${siteDir}/src/` : 'src/';
  const kind = sass ? /\.module\.(css|s[ac]ss)$/i : /\.module\.css$/i;
  return [...paths]
    .filter((path) => path.startsWith(src) && kind.test(path) && !path.includes('node_modules/'))
    .sort()
    .slice(0, MAX_MODULES);
}

/** The most code files, and bytes of them, read for the stylesheets they import. */
const MAX_CODE_FILES = { count: 1000, bytes: 4 * 1024 * 1024 };

/**
 * The global stylesheets the site's code (`{siteDir}/src/`) imports, each once, as its build bundles
 * them: files in path order, each file's imports in the order written (style-imports.ts).
 */
async function importedStylesheetsOf(paths: Iterable<string>, siteDir: string, text: (path: string) => Promise<string | undefined>): Promise<string[]> {
  const src = siteDir ? `${siteDir}/src/` : 'src/';
  const code = [...paths].filter((path) => path.startsWith(src) && CODE_FILE.test(path) && !path.includes('node_modules/')).sort();
  const found = new Set<string>();
  let bytes = 0;
  for (const path of code.slice(0, MAX_CODE_FILES.count)) {
    const content = (await text(path)) ?? '';
    bytes += content.length;
    if (bytes > MAX_CODE_FILES.bytes) break;
    for (const stylesheet of styleImportsOf(path, content, siteDir)) found.add(stylesheet);
  }
  return [...found];
}

/** The derived-cache name of a stylesheet by hash. */
const BY_HASH = 'site-css-by-hash';

/** The site stylesheet of a commit, undefined when its config names none (or none could be used). */
export async function siteCssAt(site: Pick<Site, 'caches' | 'docs' | 'repository' | 'config' | 'log'>, commit: string): Promise<SiteCss | undefined> {
  const origins = site.config.siteCssOrigins ?? [];
  const sheet = await site.caches.derive(
    commit,
    `site-css:${origins.join(',')}`,
    async (): Promise<SiteCss | undefined> => {
      const [config, tree] = await Promise.all([site.docs.configAt(commit), site.docs.treeAt(commit)]);
      const css = config.css;
      if (!css) return undefined;
      const staticDirectories = config.staticDirectories.map((folder) => folder.replace(/\/+$/, ''));
      const text = async (path: string) => {
        const oid = tree.get(path)?.oid;
        return oid === undefined ? undefined : new TextDecoder().decode(await readFileContent(site.repository, oid).catch(() => new Uint8Array()));
      };
      // A local stylesheet is a file of the static folders, by its address.
      const stylesheets = css.stylesheets.map((href) => {
        const file = decodeURIComponent(href.slice(1));
        return staticDirectories.map((folder) => posix.join(folder, file)).find((path) => tree.has(path)) ?? posix.join(staticDirectories[0] ?? 'static', file);
      });
      let styleFiles: Promise<Map<string, string>> | undefined;
      const siteDir = config.siteDir ?? '';
      const modules = css.modules ? cssModulesOf(tree.keys(), siteDir, css.sass) : [];
      const imported = css.modules ? await importedStylesheetsOf(tree.keys(), siteDir, text) : [];
      const named = new Set([...stylesheets, ...css.files]);
      const result = await siteStylesheet([...named, ...imported.filter((path) => !named.has(path)), ...modules], {
        globalsOnly: new Set(modules),
        oid: (path) => tree.get(path)?.oid,
        staticDirectories,
        siteDir,
        origins,
        sass: css.sass,
        read: text,
        styleFiles: () => {
          styleFiles ??= (async () => {
            const files = new Map<string, string>();
            let bytes = 0;
            for (const path of tree.keys()) {
              if (!/\.(s[ac]ss|css)$/i.test(path) || (siteDir && !path.startsWith(`${siteDir}/`)) || path.includes('node_modules/')) continue;
              const content = await text(path);
              bytes += content?.length ?? 0;
              if (content === undefined || bytes > MAX_STYLE_FILES_BYTES) break;
              files.set(path, content);
            }
            return files;
          })();
          return styleFiles;
        },
      });
      for (const problem of result.problems) site.log.warn({ problem }, 'site css');
      if (!result.css) return undefined;
      const hashOf = (css: string) => crypto.createHash('sha256').update(css).digest('hex').slice(0, 20);
      const hash = hashOf(result.css);
      const liteCss = withoutFonts(result.css);
      return { hash, href: siteCssUrl(hash), css: result.css, lite: { hash: hashOf(liteCss), href: siteCssUrl(hashOf(liteCss)), css: liteCss }, problems: result.problems };
    },
    (value) => 500 + (value?.css.length ?? 0) * 2,
  );
  for (const one of sheet ? [sheet, sheet.lite] : []) site.caches.derived.set(`${one.hash}:${BY_HASH}`, { value: one.css, bytes: one.css.length * 2 });
  return sheet;
}

/**
 * The stylesheet a hash names: as a page of this process linked it, Infima's, else that of a served tip
 * (the default commit first) whose CSS has that hash; a 404 for any other.
 */
export async function siteCssByHash(site: Pick<Site, 'caches' | 'docs' | 'repository' | 'config' | 'log'>, snapshot: Snapshot, hash: string): Promise<string> {
  const known = site.caches.derived.get(`${hash}:${BY_HASH}`)?.value;
  if (typeof known === 'string') return known;
  const infima = await infimaSheet();
  if (infima.hash === hash) return infima.css;
  for (const commit of new Set([snapshot.defaultCommit, ...snapshot.servedTips].slice(0, 50))) {
    const sheet = await siteCssAt(site, commit).catch(() => undefined);
    if (sheet?.hash === hash) return sheet.css;
    if (sheet?.lite.hash === hash) return sheet.lite.css;
  }
  throw notFound('No such stylesheet.');
}

/** The address of the site stylesheet of the commit a request reads (its docs' ref, else the default commit); undefined: none. */
export async function requestSiteCss(context: RequestContext, lite = false): Promise<string | undefined> {
  const commit = await requestCommit(context);
  return siteCssAt(context.site, commit).then(
    (sheet) => (lite ? sheet?.lite.href : sheet?.href),
    (error: Error) => {
      context.site.log.warn({ err: error, commit }, 'site css failed');
      return undefined;
    },
  );
}

/**
 * The content security policy of a page, for what stylesheets load: fonts and stylesheets from the
 * site's own origin (and `data:` fonts), plus the origins the operator allows. Images stay open:
 * a doc may show another site's image, and the site's CSS is kept from remote ones by the sanitizer.
 */
export function pageStylePolicy(origins: readonly string[]): string {
  const extra = origins.length ? ` ${origins.join(' ')}` : '';
  return `font-src 'self' data:${extra}; style-src 'self' 'unsafe-inline'${extra}`;
}

/** The address of Infima's sheet, for a React page of the pages plugin (server/markdown/infima.ts); undefined when it cannot be read. */
export async function infimaHref(site: Pick<Site, 'log'>): Promise<string | undefined> {
  return infimaSheet().then(
    (sheet) => siteCssUrl(sheet.hash),
    (error: Error) => {
      site.log.warn({ err: error }, 'infima css failed');
      return undefined;
    },
  );
}
