import type { Problem } from '../problem.js';
// The page renderer: parse (MDX, never evaluated) -> Markdown transforms (ids, links, tracker
// references) -> hast (admonitions, code, JSX, components) -> sanitize, last -> HTML.
import { toHast, type State } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import { fromHtml } from 'hast-util-from-html';
import type { ElementContent, Root as HastRoot } from 'hast';
import type { Root, RootContent } from 'mdast';
import { parsePageReusing } from './incremental-parse.js';
import { checkDepth, parsePage } from './parse.js';
import { problemFrom } from '../problem.js';
import { assignHeadingIds, tableOfContents, type PageHeading } from './headings.js';
import { describe } from './description.js';
import { linkTrackerReferences, rewriteLinks } from './links.js';
import { requiredFileUrl } from './images.js';
import { bindTabs, npm2yarnTabs } from './npm2yarn.js';
import { readImports } from './imports.js';
import { renderAdmonition } from './admonitions.js';
import { isMdxPage, markdownOptions } from '../config/markdown-config.js';
import { preprocessPage } from './preprocess.js';
import { codeBlock, parseCodeMeta } from './highlight.js';
import { renderJsx, type JsxEnv } from './jsx.js';
import type { ImportMap } from './imports.js';
import { evaluate, UnsupportedExpression, type ExpressionScope } from './expressions.js';
import { sanitize } from './sanitize.js';
import { sanitizeCss } from './sanitize-css.js';
import { missingModule } from './site-components.js';
import { addHeadingLinks } from './heading-links.js';
import { focusableScrollBoxes } from './scroll-boxes.js';
import { drawFormulas } from './math.js';
import { h, text } from './components/hast.js';
import type { RenderContext, RenderState } from './context.js';
import type { IslandSpec } from '../sandbox/islands.js';
import type { PageLayout } from './page-layout.js';
import { pluggedModule, pluggedTree, treeWanted, type TreesNeeded } from './plugged-tree.js';

export type { PageHeading } from './headings.js';

/** Bumped whenever the HTML for the same source changes, so cached renderings are not reused. */
export const RENDERER_VERSION = 12;

/** What a page renders to: sanitized HTML plus what the shell needs around it. */
export interface RenderedPage {
  html: string;
  /** Every heading, in order. */
  headings: PageHeading[];
  /** The table of contents (front matter toc levels, h2-h3 by default). */
  toc: PageHeading[];
  /** A plain-text description for pages whose front matter has none. */
  description?: string;
  /** Set when the page could not be rendered: the HTML is then an error block naming file and line. */
  error?: Problem;
  /** Problems worth a log line (unknown components, refused expressions, missing files). */
  warnings: Problem[];
  /** Where `<Redirect to>` sends the reader, as a URL on the same ref. */
  redirect?: string;
  /** True when the HTML depends on the date (e.g. supported releases): cache it for one day only. */
  dateDependent: boolean;
  /** True when the HTML shows other docs' titles (DocCardList): cache it for this commit only. */
  listsOtherDocs: boolean;
  /** The canonical names of the native components the page uses. */
  components: string[];
  /** The page's parsed tree, when its instance has remark plugins of the site's and the context held no result of them: run them and render again. */
  pluginTreeNeeded?: TreesNeeded;
  /** The site's own components the page uses and the context did not hold: render them and render the page again. */
  islandsNeeded?: IslandSpec[];
  /** True when the HTML shows the site's own code or Markdown modules: cache it for this commit only. */
  usesSiteCode?: boolean;
  /** True when a file the page names could not be read (its warnings say which): kept in memory only, so a fetch that brings it shows it. */
  incomplete?: boolean;
  /** Set when a limit stopped one of the site's components it shows (a busy moment may have): when to render it again, ms since the epoch. */
  retryAt?: number;
  /** What a site page's own code said of its frame: `<Layout>`'s title, description, wrapper class and footer, `<Head>`'s title. */
  layout?: PageLayout;
  /** The CSS of the CSS modules its site code loaded, sanitized (sanitize-css.ts), in the order they were loaded. */
  styles?: string;
}

/**
 * Renders one page's Markdown/MDX source to sanitized HTML. Content is never executed: imports
 * bind names to native components, expressions go through a literal-only evaluator, and the
 * HTML is sanitized after every transform. `readFile` reads raw-loader imports from the repository.
 */
export async function renderPage(written: string, context: RenderContext, readFile: (path: string) => Promise<string | undefined>): Promise<RenderedPage> {
  const state: RenderState = {
    warnings: [],
    dateDependent: false,
    listsOtherDocs: false,
    tabGroups: 0,
    components: new Set(),
    islandsNeeded: [],
    usesSiteCode: false,
    styles: {},
  };
  try {
    const options = markdownOptions(context.docSet.config);
    const read = { mdx: isMdxPage(options, context.file, context.frontMatter), comments: options.comments, math: options.math };
    const source = preprocessPage(written, options, read.mdx);
    const { tree: parsed, mdxError } = parsePageReusing(source, context.file, read);
    checkDepth(parsed, context.file);
    if (context.pluginTree === 'wanted') return treeWanted(parsed, context);
    const tree = pluggedTree(parsed, context, read.mdx, state.warnings);
    const imports = readImports(tree, context.file, context.components, context.docSet.config.siteDir);
    state.warnings.push(...imports.unknown);
    const { npm2yarn } = context.docSet.config;
    if (npm2yarn && npm2yarnTabs(tree, npm2yarn)) bindTabs(imports, context.components);
    const rawText = new Map<string, string>();
    await Promise.all(
      [...imports.rawFiles].map(async ([name, path]) => {
        const content = await readFile(path);
        if (content !== undefined) rawText.set(name, content);
      }),
    );
    const rawFiles = new Map(context.rawFiles);
    for (const [name, content] of rawText) rawFiles.set(`name:${name}`, content);
    const fullContext: RenderContext = { ...context, rawFiles };

    const headings = assignHeadingIds(tree);
    const description = describe(tree);
    rewriteLinks(tree, fullContext);
    linkTrackerReferences(tree, context.docSet.config.trackerLinks);

    const requireFile = (specifier: string) => requiredFileUrl(specifier, fullContext);
    const files = new Map<string, string>();
    for (const [name, specifier] of imports.files) {
      const url = requireFile(specifier);
      if (url) files.set(name, url);
      else state.warnings.push({ code: 'import', file: context.file, message: `import of "${specifier}": no file this site serves` });
    }
    const scope = { ...scopeOf(imports, context.frontMatter, rawText), files, requireFile };
    const renderMarkdown = markdownModules(fullContext, state);
    const built = toHastTree(tree, source, read.mdx, { imports, scope, context: fullContext, state, renderMarkdown });
    // A CommonMark page's raw HTML pieces (an open tag here, its close there) are joined into
    // elements by parsing the page's HTML once more, as Docusaurus's rehype-raw does; sanitized last.
    const hast = read.mdx ? built : fromHtml(toHtml(built, { allowDangerousHtml: true }), { fragment: true });
    const lostHtml = mdxError && containsHtml(tree);
    if (lostHtml) {
      // Parsed as plain Markdown: raw HTML shows as text, so say why the page looks odd.
      const where = mdxError.line ? `${mdxError.file}, line ${mdxError.line}` : mdxError.file;
      hast.children.unshift(
        h('div', { className: ['render-notice'], role: 'note' }, [text(`${where}: this page is not valid MDX (${mdxError.message}); it is shown as plain Markdown.`)]),
      );
      state.warnings.push(mdxError);
    }
    addHeadingLinks(hast);
    focusableScrollBoxes(hast);
    const clean = sanitize(hast);
    const { katex } = context.docSet.config.math ?? {};
    if (katex) drawFormulas(clean, katex, context.file, (problem) => state.warnings.push(problem));
    const html = toHtml(clean);
    return {
      html,
      headings,
      toc: tableOfContents(headings, context.frontMatter),
      description,
      warnings: state.warnings,
      redirect: state.redirect,
      dateDependent: state.dateDependent,
      listsOtherDocs: state.listsOtherDocs,
      components: [...state.components],
      islandsNeeded: state.islandsNeeded.length ? state.islandsNeeded : undefined,
      usesSiteCode: state.usesSiteCode || undefined,
      layout: state.layout,
      styles: pageStyles(state.styles, context.docSet),
    };
  } catch (cause) {
    // A stack overflow is nesting the pre-scan missed: a limit, so it is remembered by blob.
    const error = problemFrom(cause, context.file, cause instanceof RangeError ? 'limit' : 'render');
    return { html: renderErrorBlock(error), headings: [], toc: [], warnings: [], error, dateDependent: false, listsOtherDocs: false, components: [] };
  }
}

/** The CSS modules' CSS of a page, each sanitized, as one stylesheet; undefined when there is none. */
function pageStyles(styles: Readonly<Record<string, string>>, { tree, config }: RenderContext['docSet']): string | undefined {
  const files = { oid: (path: string) => tree.get(path)?.oid, staticDirectories: config.staticDirectories, siteDir: config.siteDir };
  const css = Object.entries(styles).map(([path, text]) => sanitizeCss(text, path, files));
  return css.length ? css.join('\n') : undefined;
}

/** What a page's expressions may refer to: its front matter, CSS modules, raw files and the site's own modules. */
function scopeOf(imports: ImportMap, frontMatter: Record<string, unknown>, rawText: ReadonlyMap<string, string>): ExpressionScope {
  const bindings = [...imports.bindings];
  const cssModules = new Set(bindings.filter(([, b]) => b.kind === 'css-module').map(([name]) => name));
  const siteImports = new Map(bindings.flatMap(([name, b]) => (b.kind === 'local' ? [[name, { source: b.source, name: b.name }] as const] : [])));
  const scope: ExpressionScope = { frontMatter, cssModules, rawText, siteImports, constants: new Map() };
  const constants = new Map<string, unknown>();
  for (const [name, init] of imports.constants) {
    try {
      constants.set(name, evaluate(init, { ...scope, constants }));
    } catch (error) {
      if (!(error instanceof UnsupportedExpression)) throw error;
    }
  }
  return { ...scope, constants };
}

/**
 * Renders the repository's Markdown modules (`import Part from './part.mdx'`) as parts of the page,
 * with their own imports and links resolved from their own file; a module that includes itself, or
 * modules nested past 8, render nothing; a module that is not there, a notice naming it.
 */
function markdownModules(context: RenderContext, state: RenderState): (path: string) => ElementContent[] | undefined {
  const open = new Set<string>();
  const renderMarkdown = (path: string): ElementContent[] | undefined => {
    const source = context.markdown?.[path];
    // A module the commit lacks (or whose blob cannot be read: render-job.ts leaves it out of the tree) says so where it would be.
    if (source === undefined) return path && !context.docSet.tree.has(path) ? missingModule(path) : undefined;
    if (open.has(path) || open.size >= 8) return undefined;
    open.add(path);
    try {
      // Read as a page of its own would be: the site's markdown options, its format by its name.
      const options = markdownOptions(context.docSet.config);
      const mdx = isMdxPage(options, path, {});
      const text = preprocessPage(source, options, mdx);
      const tree = pluggedModule(parsePage(text, path, { mdx, comments: options.comments, math: options.math }).tree, path, context, mdx, state.warnings);
      checkDepth(tree, path);
      const imports = readImports(tree, path, context.components, context.docSet.config.siteDir);
      const part: RenderContext = { ...context, file: path };
      assignHeadingIds(tree);
      rewriteLinks(tree, part);
      linkTrackerReferences(tree, context.docSet.config.trackerLinks);
      const root = toHastTree(tree, text, mdx, { imports, scope: scopeOf(imports, {}, new Map()), context: part, state, renderMarkdown });
      return root.children as ElementContent[];
    } finally {
      open.delete(path);
    }
  };
  return renderMarkdown;
}

function containsHtml(tree: Root): boolean {
  let found = false;
  const walk = (node: RootContent | Root) => {
    if (node.type === 'html') found = true;
    else if ('children' in node) node.children.forEach(walk);
  };
  walk(tree);
  return found;
}

/** mdast -> hast with the handlers for everything MDX and Docusaurus add to Markdown. */
function toHastTree(tree: Root, source: string, mdx: boolean, partial: Omit<JsxEnv, 'render'>): HastRoot {
  let state: State;
  const env: JsxEnv = { ...partial, render: (nodes) => state.all({ type: 'root', children: nodes }) as ElementContent[] };
  // A ```math block is a formula where KaTeX draws them (math.ts, after sanitizing), as rehype-katex has it.
  const katex = partial.context.docSet.config.math?.katex !== undefined;
  const { config } = partial.context.docSet;
  const diagrams = { mermaid: markdownOptions(config).mermaid !== false, theme: config.mermaidTheme };
  const sourceText = (node: RootContent): ElementContent[] => {
    const { start, end } = node.position ?? {};
    return start?.offset !== undefined && end?.offset !== undefined ? [text(source.slice(start.offset, end.offset))] : [];
  };
  const root = toHast(tree, {
    allowDangerousHtml: false,
    handlers: {
      yaml: () => undefined,
      mdxjsEsm: () => undefined,
      // Expressions are never evaluated; comments (the only ones in practice) vanish.
      mdxFlowExpression: () => undefined,
      mdxTextExpression: () => undefined,
      // A CommonMark page's HTML (markdown.format) stays raw until the page is parsed again (above);
      // in a page that fell back to plain Markdown it is shown as text.
      html: (_s, node) => (mdx ? text(node.value) : ({ type: 'raw', value: node.value } as unknown as ElementContent)),
      mdxJsxFlowElement: (s, node) => {
        state = s;
        return renderJsx(node, env);
      },
      mdxJsxTextElement: (s, node) => {
        state = s;
        return renderJsx(node, env);
      },
      code: (_s, node) =>
        katex && node.lang === 'math'
          ? h('pre', [h('code', { className: ['language-math'] }, [text(node.value ? `${node.value}\n` : '')])]) // with its newline, as mdast-util-to-hast writes code
          : codeBlock(node.value, parseCodeMeta(node.lang, node.meta), diagrams),
      containerDirective: (s, node) => {
        state = s;
        return renderAdmonition(node, env.render);
      },
      leafDirective: (_s, node) => h('p', sourceText(node)),
      textDirective: (_s, node) => sourceText(node),
    },
  });
  return root as HastRoot;
}

/** The visible notice shown in place of (or above) a page that has a problem, naming file and line. */
export function renderErrorBlock(error: { file: string; line?: number; message: string }): string {
  const where = error.line ? `${error.file}, line ${error.line}` : error.file;
  return `<div class="render-error" role="alert"><p><strong>This page has a problem.</strong></p><p>${escapeHtml(where)}: ${escapeHtml(error.message)}</p></div>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
