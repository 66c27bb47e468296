// Infima, the CSS framework of Docusaurus's classic theme (the version @docusaurus/theme-classic 3.x
// uses), for the React pages of the pages plugin (decision 042): their markup is written against its
// classes (`container`, `row`, `col col--4`, `button button--primary`, `hero`, `text--center`...).
// Its sheet is fitted to docsite's page once per process: its rules apply inside a React page's
// frame only, so docsite's navbar, footer and doc pages keep their look, and its dark palette
// applies whichever way dark mode came, as the site's sheet does (site-css.ts).
import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';
import postcss, { type AtRule, type Rule } from 'postcss';
import { followSystemTheme, INFIMA_SCOPE, ROOT_SELECTOR } from './site-css.js';

/** Infima's stylesheet as the classic theme imports it. */
const INFIMA_FILE = 'infima/dist/css/default/default.css';

/** A selector that starts at the root element (`html[data-theme='dark'] .navbar`): its first compound and the rest. */
const ROOT_PREFIX = /^((?::root|html)(?::root|\[[^\]]*\]|:not\([^)]*\))*|(?:\[[^\]]*\])+)(\s+|\s*[>+~]\s*)(.+)$/i;

/**
 * A selector of Infima's, moved into the scope with its specificity: the root element's (`:root`,
 * `html[data-theme='dark']`) and `body`'s rules apply to the frame itself, any other inside it.
 */
export function scopedSelector(selector: string): string {
  const trimmed = selector.trim();
  if (/^(?:html|:root|body)$/i.test(trimmed)) return INFIMA_SCOPE;
  if (ROOT_SELECTOR.test(trimmed)) return `${trimmed} ${INFIMA_SCOPE}`;
  const prefix = ROOT_PREFIX.exec(trimmed);
  if (prefix) return `${prefix[1]} ${INFIMA_SCOPE}${prefix[2].trim() ? prefix[2] : ' '}${prefix[3]}`;
  return `${INFIMA_SCOPE} ${trimmed}`;
}

/**
 * docsite's own rules of Infima's names (app/styles/markdown-blocks.css: a doc's `row`; page.css: a
 * category's `card`) set what Infima does not: undone in the frame, so the page has Infima's alone.
 */
const UNDO_DOCSITE = `${INFIMA_SCOPE} .row { gap: 0; }
${INFIMA_SCOPE} .card { border: 0; padding: 0; }
${INFIMA_SCOPE} .card p { margin: 0 0 var(--ifm-paragraph-margin-bottom); color: inherit; font-size: inherit; }`;

/** Infima's CSS fitted to docsite's page: dark mode by choice or by system, every rule inside the scope, minified. */
export async function fitInfima(css: string): Promise<string> {
  const root = postcss.parse(css);
  followSystemTheme(root);
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    const scoped = rule.selectors.map(scopedSelector);
    // The root element's background is docsite's frame's: a page sits on the page's own background.
    if (scoped.includes(INFIMA_SCOPE) && rule.selectors.length === 1) {
      rule.walkDecls(/^background(-color)?$/i, (declaration) => {
        declaration.remove();
      });
    }
    rule.selectors = scoped;
  });
  const { code } = await transform(`${root.toString()}\n${UNDO_DOCSITE}`, { loader: 'css', minify: true, logLevel: 'silent' });
  // `<` never appears raw, as in the site's sheet.
  return code.replace(/</g, '\\3c ');
}

/** Infima's sheet, by the hash of its content. */
export interface InfimaSheet {
  hash: string;
  css: string;
}

let infima: Promise<InfimaSheet> | undefined;

/** Infima's sheet, read and fitted once per process. */
export function infimaSheet(): Promise<InfimaSheet> {
  infima ??= (async () => {
    const path = createRequire(import.meta.url).resolve(INFIMA_FILE);
    const css = await fitInfima(await readFile(path, 'utf8'));
    return { hash: crypto.createHash('sha256').update(css).digest('hex').slice(0, 20), css };
  })();
  infima.catch(() => {
    infima = undefined;
  });
  return infima;
}
