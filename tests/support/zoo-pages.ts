// What a zoo site's own build shows on the pages of its pages plugin (`pages-oracle.json.gz` beside
// its oracle: title, the text of `<main>`, its internal links), and the same read from docsite's page
// as the oracle's extractor reads a build's HTML (the first `<main>`, else the document; the title
// is its first <h1>, else `<title>` without the site's suffix).
import { execFileSync } from 'node:child_process';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { zooJson } from './zoo.js';

/** One page of the build's pages plugin as its HTML shows it. */
export interface OraclePage {
  permalink: string;
  kind: string;
  title: string;
  headTitle?: string;
  text?: string;
  links?: string[];
}

/** The pages oracle of a zoo site. */
export interface PagesOracle {
  site: { url: string; titleSuffix: string };
  pages: OraclePage[];
}

/** What docsite's page shows, read the same way, and how it compares. */
export interface PageComparison {
  permalink: string;
  status: number;
  title: string;
  titleOk: boolean;
  /** The share of the build's words (each as often as it has it) that docsite's page has. */
  text: number;
  missingWords: string[];
  linksMissing: string[];
  linksExtra: string[];
}

/** Elements whose text is no page text, and elements that separate words (extract.py's TEXT_SKIP and TEXT_BREAK). */
const TEXT_SKIP = new Set(['script', 'style', 'template', 'noscript']);
const TEXT_BREAK = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'pre']);

/** The first element under `node` (itself excluded) that `test` accepts, in document order. */
function find(node: Root | Element, test: (element: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

/** Every element under `node` that `test` accepts. */
function findAll(node: Root | Element, test: (element: Element) => boolean, into: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) into.push(child);
    findAll(child, test, into);
  }
  return into;
}

/** Whether an element has a class. */
const hasClass = (element: Element, name: string) => ([] as unknown[]).concat(element.properties.className ?? []).includes(name);

/** The text of a node as the extractor reads it: whitespace collapsed, blocks apart, heading self-links left out. */
function textOf(node: Root | Element): string {
  const out: string[] = [];
  const walk = (children: RootContent[]) => {
    for (const child of children) {
      if (child.type === 'text') out.push(child.value);
      else if (child.type === 'element' && !TEXT_SKIP.has(child.tagName) && !hasClass(child, 'hash-link')) {
        const gap = TEXT_BREAK.has(child.tagName) ? ' ' : '';
        out.push(gap);
        walk(child.children);
        out.push(gap);
      }
    }
  };
  walk(node.children);
  return out
    .join('')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a text (runs of letters and digits), so that how elements are spaced does not count. */
function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A link of a page as the pages oracle keeps it: its origin dropped, resolved, its path decoded without a trailing slash, its query kept. */
function linkOf(href: string, page: string, origin: string): string | undefined {
  let url = href.trim();
  if (origin && (url === origin || url.startsWith(`${origin}/`))) url = url.slice(origin.length) || '/';
  if (url.startsWith('#') || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return undefined;
  const resolved = new URL(url, `http://x${page}`);
  const path = decodeURIComponent(resolved.pathname).replace(/\/+$/, '') || '/';
  return resolved.search ? `${path}?${decodeURIComponent(resolved.search.slice(1))}` : path;
}

/** Reads docsite's answer for one page of the oracle and compares it with what the build shows. */
export function comparePage(oracle: PagesOracle, page: OraclePage, status: number, html: string): PageComparison {
  const root = fromHtml(html);
  const main = find(root, (element) => element.tagName === 'main') ?? root;
  const scope = find(main, (element) => element.tagName === 'article') ?? main;
  const h1 = findAll(scope, (element) => element.tagName === 'h1')
    .map(textOf)
    .find(Boolean);
  const head = find(root, (element) => element.tagName === 'title');
  const headText = head ? textOf(head) : '';
  const { titleSuffix: suffix, url: origin } = oracle.site;
  const title = h1 ?? (suffix && headText.endsWith(suffix) ? headText.slice(0, -suffix.length) : headText).trim();
  const counts = new Map<string, number>();
  for (const word of wordsOf(textOf(main))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const wanted = wordsOf(page.text ?? '');
  const missingWords = wanted.filter((word) => {
    const left = counts.get(word) ?? 0;
    counts.set(word, left - 1);
    return left <= 0;
  });
  const links = new Set(
    findAll(main, (element) => element.tagName === 'a' && typeof element.properties.href === 'string' && !hasClass(element, 'hash-link')).flatMap(
      (element) => linkOf(String(element.properties.href), page.permalink, origin) ?? [],
    ),
  );
  const expected = new Set(page.links ?? []);
  return {
    permalink: page.permalink,
    status,
    title,
    titleOk: title === page.title,
    text: wanted.length ? 1 - missingWords.length / wanted.length : 1,
    missingWords,
    linksMissing: [...expected].filter((link) => !links.has(link)),
    linksExtra: [...links].filter((link) => !expected.has(link)),
  };
}

/**
 * The pages of a zoo site's pages plugin as its build has them: its `page` kind, and the `other`
 * pages at the route of a file of `folder` (a page drawn without `<Layout>` has no page class).
 */
export function pagesOf(oracle: PagesOracle, repo: string, folder: string): OraclePage[] {
  const files = execFileSync('git', ['-C', repo, 'ls-tree', '-r', '--name-only', 'HEAD', `${folder}/`], { encoding: 'utf8' }).split('\n');
  const routes = new Set(
    files
      .filter((file) => /\.(jsx?|tsx?|mdx?)$/.test(file) && !/(^|\/)_/.test(file.slice(folder.length)))
      .map((file) =>
        `${file
          .slice(folder.length)
          .replace(/\.\w+$/, '')
          .replace(/(^|\/)index$/, '')}/`.replace(/\/+$/, '/'),
      ),
  );
  return oracle.pages.filter((page) => page.kind === 'page' || (page.kind === 'other' && routes.has(page.permalink)));
}

/** A zoo site's pages oracle. */
export function pagesOracle(name: string): PagesOracle {
  return zooJson<PagesOracle>(name, 'pages-oracle.json.gz');
}
