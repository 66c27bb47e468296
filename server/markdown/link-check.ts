// What a page links to and what it can be linked to, read from its source with the renderer's own
// parser and heading-id rules, so the link report (server/site/views/links.ts) agrees with the
// rendered pages. Pure and keyed by nothing but the source: callers cache it by blob oid.
import { walk } from './walk.js';
import type { Root, RootContent } from 'mdast';
import { parsePage } from './parse.js';
import { preprocessPage } from './preprocess.js';
import { isMdxFile, markdownOptions, type MarkdownOptions } from '../config/markdown-config.js';

/** Docusaurus 3's defaults: every page MDX, MDX 1 comments and admonition titles accepted. */
const DEFAULT_MARKDOWN = markdownOptions({});
import { assignHeadingIds } from './headings.js';
import { readImports } from './imports.js';
import { unknownComponent } from './jsx.js';
import { isIsland } from './site-components.js';
import { importPath } from './import-path.js';
import { assetType } from './asset-types.js';
import type { Program } from 'estree';
import type { ComponentSet } from './components/index.js';

/** One URL a page's source holds, where it is written. */
export interface SourceLink {
  url: string;
  line: number;
  /** `image`s and `src` attributes must name a file; the rest may name a page. */
  kind: 'link' | 'image';
  /** A Markdown link (not JSX): unversioned `/docs/` links are rewritten for these only, as the renderer does. */
  markdown: boolean;
}

/** A page's outgoing links and its anchors (heading ids, and `id`s written on JSX elements). */
export interface PageLinks {
  links: SourceLink[];
  ids: string[];
  /** Unknown components used (readers see their children only), found by the renderer's own rule (jsx.ts). */
  components?: { name: string; line: number }[];
  /** Elements bound to the site's own components (not Markdown modules): only a render in the sandbox tells whether they work. */
  islands?: number;
  /** The page could not be parsed (too large, too deep): its links are unknown. */
  error?: string;
  /** Repository files its imports read (partials, raw-loader files, imported media), where each is imported. */
  files?: { path: string; line: number }[];
}

/** JSX attributes that hold a URL, and whether it must name a file. */
const URL_ATTRIBUTES: Readonly<Record<string, SourceLink['kind']>> = { href: 'link', to: 'link', src: 'image' };

/**
 * The links, anchors and unknown components of one page's source (Markdown/MDX), each with its
 * line, read as the renderer reads it under the site's Markdown options (markdown-config.ts).
 */
export function pageLinks(source: string, file: string, components: ComponentSet, markdown: MarkdownOptions = DEFAULT_MARKDOWN): PageLinks {
  let tree: Root;
  try {
    const mdx = isMdxFile(markdown.format, file);
    tree = parsePage(preprocessPage(source, markdown, mdx), file, { mdx, comments: markdown.comments, math: markdown.math }).tree;
  } catch (error) {
    return { links: [], ids: [], error: error instanceof Error ? error.message : String(error) };
  }
  const ids = assignHeadingIds(tree).map((heading) => heading.id);
  const links: SourceLink[] = [];
  const imports = readImports(tree, file, components);
  const unknown: { name: string; line: number }[] = [];
  let islands = 0;
  walk<RootContent>(tree, (node) => {
    const line = node.position?.start.line ?? 0;
    const name = unknownComponent(node, imports, components);
    if (name) unknown.push({ name, line });
    if (isIsland(node, imports)) islands++;
    if (node.type === 'link' || node.type === 'definition') links.push({ url: node.url, line, kind: 'link', markdown: node.type === 'link' });
    else if (node.type === 'image') links.push({ url: node.url, line, kind: 'image', markdown: true });
    else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes) {
        // Only literal values: expressions are never evaluated, so their URLs are unknown.
        if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
        if (attribute.name === 'id' || (attribute.name === 'name' && node.name === 'a')) ids.push(attribute.value);
        const kind = Object.hasOwn(URL_ATTRIBUTES, attribute.name) ? URL_ATTRIBUTES[attribute.name] : undefined;
        // `<Redirect to>` sends the reader away; the page itself is never read, so it is checked like a link.
        if (kind) links.push({ url: attribute.value, line, kind, markdown: false });
      }
    }
  });
  const files = importedFiles(tree, file);
  return { links, ids, components: unknown, ...(islands ? { islands } : {}), ...(files.length ? { files } : {}) };
}

/** The repository files a page's imports read: raw-loader files, Markdown modules and media (not the site's code, which the sandbox reads). */
function importedFiles(tree: Root, file: string): { path: string; line: number }[] {
  const files: { path: string; line: number }[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of (node.data?.estree as Program | undefined)?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      const source = String(statement.source.value);
      const raw = /^!!raw-loader!(.+)$/.exec(source)?.[1];
      const named = raw ?? (/^(?:\.{1,2}\/|@site\/)/.test(source) && (/\.mdx?$/.test(source) || assetType(source)) ? source : undefined);
      const path = named && importPath(file, named.replace(/[?#].*$/, ''));
      if (path) files.push({ path, line: statement.loc?.start.line ?? node.position?.start.line ?? 0 });
    }
  }
  return files;
}

/** Rough bytes of a PageLinks, for the cache budget. */
export function pageLinksBytes(page: PageLinks): number {
  return (
    200 +
    (page.components?.length ?? 0) * 80 +
    (page.files?.length ?? 0) * 120 +
    page.links.reduce((n, link) => n + 80 + link.url.length * 2, 0) +
    page.ids.reduce((n, id) => n + 40 + id.length * 2, 0)
  );
}
