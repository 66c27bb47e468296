import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxjs } from 'micromark-extension-mdxjs';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { toHast, type State } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import { sanitize, defaultSchema, type Schema } from 'hast-util-sanitize';
import { toString } from 'mdast-util-to-string';
import { visit, SKIP } from 'unist-util-visit';
import GithubSlugger from 'github-slugger';
import type { Root, Heading } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { Element, ElementContent } from 'hast';

/** Bumped whenever the HTML for the same source changes, so cached renderings are not reused. */
export const RENDERER_VERSION = 1;

/** A heading of the page, for the table of contents and anchors. */
export interface PageHeading {
  depth: number;
  id: string;
  text: string;
}

/** What a page renders to: sanitized HTML plus what the shell needs around it. */
export interface RenderedPage {
  html: string;
  headings: PageHeading[];
  /** Set when the page could not be parsed: the HTML is then an error block naming file and line. */
  error?: { file: string; line?: number; column?: number; message: string };
}

const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important']);

const schema: Schema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className', 'id'],
  },
};

/**
 * Renders one page's Markdown/MDX source to sanitized HTML. Content is never executed: JSX is
 * read as data, and components the renderer does not know render their children.
 * `file` names the page in error messages.
 */
export function renderMarkdown(source: string, file: string): RenderedPage {
  let tree: Root;
  try {
    tree = fromMarkdown(source, {
      extensions: [mdxjs(), gfm(), frontmatter(['yaml']), directive()],
      mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown(), frontmatterFromMarkdown(['yaml']), directiveFromMarkdown()],
    });
  } catch (cause) {
    const place = (cause as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
    const line = place?.line ?? place?.start?.line;
    const column = place?.column ?? place?.start?.column;
    const message = (cause as { reason?: string }).reason ?? String(cause);
    const error = { file, line, column, message };
    return { html: renderErrorBlock(error), headings: [], error };
  }

  const headings = assignHeadingIds(tree);
  const hast = toHast(tree, {
    allowDangerousHtml: false,
    handlers: {
      yaml: () => undefined,
      mdxjsEsm: () => undefined,
      mdxFlowExpression: () => undefined,
      mdxTextExpression: () => undefined,
      mdxJsxFlowElement: (state, node) => jsxElement(state, node),
      mdxJsxTextElement: (state, node) => jsxElement(state, node),
      containerDirective: (state, node) => {
        if (!ADMONITIONS.has(node.name)) return state.all(node) as ElementContent[];
        const [label, ...rest] = node.children[0]?.data?.directiveLabel ? node.children : [undefined, ...node.children];
        const title = label ? toString(label) : node.name.toUpperCase();
        return {
          type: 'element',
          tagName: 'div',
          properties: { className: ['admonition', `admonition-${node.name}`] },
          children: [
            { type: 'element', tagName: 'p', properties: { className: ['admonition-title'] }, children: [{ type: 'text', value: title }] },
            ...(state.all({ type: 'root', children: rest as Root['children'] }) as ElementContent[]),
          ],
        } satisfies Element;
      },
      leafDirective: (state, node) => state.all(node) as ElementContent[],
      textDirective: (state, node) => [{ type: 'text', value: `:${node.name}` }, ...(state.all(node) as ElementContent[])],
    },
  });
  const clean = sanitize(hast, schema);
  return { html: toHtml(clean), headings };
}

/** Lowercase JSX tags are HTML; components render their children until they have a renderer. */
function jsxElement(state: State, node: MdxJsxFlowElement | MdxJsxTextElement): ElementContent | ElementContent[] {
  const children = state.all(node) as ElementContent[];
  if (!node.name || /^[A-Z]/.test(node.name) || node.name.includes('.')) {
    return { type: 'element', tagName: 'div', properties: { className: ['mdx-component'], dataComponent: node.name ?? 'fragment' }, children };
  }
  const properties: Record<string, string> = {};
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string') {
      properties[attribute.name === 'className' ? 'className' : attribute.name] = attribute.value;
    }
  }
  return { type: 'element', tagName: node.name, properties, children };
}

/** Gives every heading an id: the `{/* #id *\/}` comment when present, else a GitHub-style slug. */
function assignHeadingIds(tree: Root): PageHeading[] {
  const slugger = new GithubSlugger();
  const headings: PageHeading[] = [];
  visit(tree, 'heading', (node: Heading) => {
    let id: string | undefined;
    node.children = node.children.filter((child) => {
      if (child.type !== 'mdxTextExpression') return true;
      const match = /^\s*\/\*\s*#([\w-]+)\s*\*\/\s*$/.exec(child.value);
      if (match) id = match[1];
      return false;
    });
    const text = toString(node).trim();
    id ??= slugger.slug(text);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    headings.push({ depth: node.depth, id, text });
    return SKIP;
  });
  return headings;
}

/** The visible notice shown in place of (or above) a page that has a problem, naming file and line. */
export function renderErrorBlock(error: { file: string; line?: number; message: string }): string {
  const where = error.line ? `${error.file}, line ${error.line}` : error.file;
  return `<div class="render-error" role="alert"><p><strong>This page has a problem.</strong></p><p>${escapeHtml(where)}: ${escapeHtml(error.message)}</p></div>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
