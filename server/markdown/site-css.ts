// A site's own stylesheet (its `customCss` and local `stylesheets`, decision 042), as one sheet sent
// after docsite's: each file read from the commit, its local `@import`s inlined in place, Sass
// compiled when the site uses docusaurus-plugin-sass, then made safe (sanitize-css.ts: nothing it
// loads leaves the site) and fitted to docsite's page: the site's `[data-theme]` rules also apply
// where docsite follows the system's colour scheme, no z-index of the site's reaches docsite's
// navbar, so no layer of a branch's CSS covers the page's own controls, and its fonts load on wide
// screens only, as the brand's.
import { posix } from 'node:path';
import { transform } from 'esbuild';
import postcss, { type AtRule, type Rule } from 'postcss';
import type { Problem } from '../problem.js';
import { allowedOrigin, sanitizeCss, type CssFiles } from './sanitize-css.js';
import { compileSass } from './sass-compile.js';
import { moduleGlobals } from './module-globals.js';

/** The highest z-index a site's CSS keeps: docsite's navbar and its menus sit above it (app/styles/navbar.css). */
export const SITE_Z_INDEX_MAX = 99;

/** Where fonts load: keep in step with FONT_MEDIA of server/site/views/brand-css.ts. */
const FONT_MEDIA = '(min-width: 997px)';

/** How deep local `@import`s are followed. */
const MAX_IMPORT_DEPTH = 8;

/** What the site's stylesheet is read with. */
export interface SiteCssInput extends CssFiles {
  /** A file's text at the commit; undefined when there is none. */
  read(path: string): Promise<string | undefined>;
  /** The commit's style files (.scss, .sass, .css) of the site's folder, for Sass's imports. */
  styleFiles(): Promise<ReadonlyMap<string, string>>;
  /** `.scss` and `.sass` are compiled (docusaurus-plugin-sass). */
  sass: boolean;
  /** Files of which only the global rules are kept (CSS modules: module-globals.ts). */
  globalsOnly?: ReadonlySet<string>;
}

/** The sheet, and what in it could not be used. */
export interface SiteStylesheet {
  css: string;
  problems: Problem[];
}

/** An `@import` as esbuild prints it: its URL and its media list. */
const IMPORT = /^@import\s+(?:url\(\s*)?(?:"([^"]*)"|'([^']*)'|([^\s"')]+))\s*\)?\s*([^;]*);\s*$/gm;

/** One file, its imports inlined, normalized by esbuild and sanitized against its own folder; remote imports the operator allows are collected in `hoisted`. */
async function cssFile(path: string, input: SiteCssInput, problems: Problem[], hoisted: string[], depth: number, seen: Set<string>): Promise<string> {
  const problem = (message: string) => problems.push({ code: 'site-css', file: path, message });
  let text: string | undefined;
  if (/\.s[ac]ss$/i.test(path)) {
    if (!input.sass) {
      problem('a Sass file, and the site does not use docusaurus-plugin-sass: left out');
      return '';
    }
    const compiled = await compileSass(path, await input.styleFiles(), input.siteDir ?? '');
    if ('error' in compiled) {
      problems.push({ code: 'site-css', file: path, line: compiled.line, message: `Sass: ${compiled.error}: left out` });
      return '';
    }
    text = compiled.css;
  } else text = await input.read(path);
  if (text === undefined) {
    problem('no such file at this commit: left out');
    return '';
  }
  const normalized = await transform(text, { loader: 'css', logLevel: 'silent' }).then(
    (result) => result.code,
    (error: Error) => {
      problem(`not CSS esbuild can read (${error.message.split('\n')[0]}): left out`);
      return '';
    },
  );
  const parts: string[] = [];
  for (const [, double, single, bare, media] of normalized.matchAll(IMPORT)) {
    const url = (double ?? single ?? bare ?? '').trim();
    if (allowedOrigin(url, input.origins)) hoisted.push(`@import url(${JSON.stringify(url)})${media ? ` ${media}` : ''};`);
    else if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) problem(`@import of ${url.slice(0, 100)}: a stylesheet from elsewhere is not loaded`);
    else {
      const target = url.startsWith('/') ? posix.join(input.siteDir ?? '', url) : posix.join(posix.dirname(path), url);
      if (depth >= MAX_IMPORT_DEPTH || seen.has(target)) problem(`@import of ${url}: imports nested too deep or in a cycle: left out`);
      else {
        const inner = await cssFile(target, input, problems, hoisted, depth + 1, new Set([...seen, target]));
        parts.push(media && media !== 'all' ? `@media ${media} {\n${inner}\n}` : inner);
      }
    }
  }
  parts.push(sanitizeCss(normalized, path, input));
  return parts.join('\n');
}

/** `[data-theme=dark]` in any quoting: Docusaurus's dark (or light) mode on <html>. */
const THEME_SELECTOR = /\[\s*data-theme\s*=\s*(["']?)(dark|light)\1\s*\]/g;

/**
 * The sheet fitted to docsite's page. docsite marks a mode the reader chose with `data-theme` on
 * <html>, as Docusaurus does, but with no choice it follows `prefers-color-scheme` and sets none: each
 * `[data-theme=dark]` rule is repeated for that case inside the media query. A z-index above the
 * site's ceiling is lowered to it.
 */
function fitted(css: string): string {
  const root = postcss.parse(css);
  root.walkDecls(/^z-index$/i, (declaration) => {
    const value = Number.parseInt(declaration.value, 10);
    if (Number.isFinite(value) && value > SITE_Z_INDEX_MAX) declaration.value = String(SITE_Z_INDEX_MAX);
  });
  // Phones keep system fonts (decision 031): the site's font files load from FONT_MEDIA up, as the brand's do.
  root.walkAtRules(/^font-face$/i, (face) => {
    if (face.parent?.type !== 'root') return;
    const media = postcss.atRule({ name: 'media', params: FONT_MEDIA });
    face.replaceWith(media);
    media.append(face);
  });
  followSystemTheme(root);
  scopeRootRules(root);
  return root.toString();
}

/** Inside keyframes, a rule's selector is a step (`from`, `50%`), not a selector. */
const inKeyframes = (rule: Rule) => rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name);

/**
 * Each `[data-theme=dark]` (or `light`) rule repeated inside `@media (prefers-color-scheme: dark)`
 * with `:root:not([data-theme])` in its place: docsite marks a mode the reader chose as Docusaurus
 * does, and with no choice follows the system's and sets no attribute. Infima's sheet too (infima.ts).
 */
export function followSystemTheme(root: postcss.Root): void {
  const themed: { rule: Rule; mode: string }[] = [];
  root.walkRules((rule) => {
    const modes = new Set([...rule.selector.matchAll(THEME_SELECTOR)].map((match) => match[2]));
    if (modes.size === 1 && !inKeyframes(rule)) themed.push({ rule, mode: [...modes][0] });
  });
  for (const { rule, mode } of themed) {
    const copy = rule.clone({ selector: rule.selector.replace(THEME_SELECTOR, ':root:not([data-theme])') });
    const media = postcss.atRule({ name: 'media', params: `(prefers-color-scheme: ${mode})` });
    media.append(copy);
    rule.after(media);
  }
}

/** Where a React page's markup sits (app/components/SitePage.tsx), and Infima's rules with it (infima.ts). */
export const INFIMA_SCOPE = ':where(.site-page-react)';

/** A selector of the root element alone: `:root`, `html`, with attributes or `:not()`s (`html[data-theme='dark']`, `:root:not([data-theme])`, `[data-theme=dark]`). */
export const ROOT_SELECTOR = /^(?:(?::root|html)(?::root|\[[^\]]*\]|:not\([^)]*\))*|(?:\[[^\]]*\])+)$/i;

/**
 * A rule of the root element (the site's Infima variables: `:root { --ifm-color-primary }`) also
 * applies to a React page's frame, where Infima's defaults sit (infima.ts keeps them off docsite's
 * shell): with the same specificity as written, the site's, later, win as over Infima in its build.
 */
function scopeRootRules(root: postcss.Root): void {
  root.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    const scoped = rule.selectors.filter((selector) => ROOT_SELECTOR.test(selector.trim())).map((selector) => `${selector.trim()} ${INFIMA_SCOPE}`);
    if (scoped.length) rule.selectors = [...rule.selectors, ...scoped];
  });
}

/** The site's stylesheet from its files in order; empty CSS when none could be used. */
export async function siteStylesheet(paths: readonly string[], input: SiteCssInput): Promise<SiteStylesheet> {
  const problems: Problem[] = [];
  const hoisted: string[] = [];
  const sheets: string[] = [];
  for (const path of paths) {
    const read = await cssFile(path, input, problems, hoisted, 0, new Set([path]));
    const css = input.globalsOnly?.has(path) ? moduleGlobals(read) : read;
    if (css.trim()) sheets.push(`/* ${path.replace(/\*\//g, '')} */\n${css}`);
  }
  if (!sheets.length) return { css: '', problems };
  let body = sheets.join('\n');
  try {
    body = fitted(body);
  } catch (error) {
    problems.push({ code: 'site-css', file: paths[0], message: `the sheet could not be fitted to the page (${(error as Error).message}): left out` });
    return { css: '', problems };
  }
  // `@import` must come first in a sheet; `<` never appears raw (the sheet may be inlined one day).
  return { css: [...new Set(hoisted), body].join('\n').replace(/</g, '\\3c '), problems };
}
