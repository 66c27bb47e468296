// The site's own components in a page (issue 44, part 4): an element bound to an import of a local
// module is an island. Its HTML comes from the sandbox (server/sandbox/islands.ts, on the main
// thread's side): a first render names the islands it lacks (`state.islandsNeeded`), the page
// renderer has them rendered and renders the page again with them. Here the island's HTML is
// parsed and its placeholders filled: the element's children, `.md`/`.mdx` modules (rendered by
// this pipeline), code blocks (highlighted here) and DocCardList. Links and images are resolved as
// the page's own; the whole page is sanitized after, as ever. An imported Markdown module used as
// an element (`<Partial />`) needs no sandbox at all.
import crypto from 'node:crypto';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { RootContent } from 'mdast';
import { fromHtml } from 'hast-util-from-html';
import type { IslandSpec } from '../sandbox/islands.js';
import { codeBlock, parseCodeMeta } from './highlight.js';
import { assetUrl, resolveHref } from './links.js';
import { h, text } from './components/hast.js';
import { importPath } from './import-path.js';
import type { JsxEnv } from './jsx.js';
import type { ImportMap } from './imports.js';
import { readHead, readLayout } from './page-layout.js';

type JsxNode = MdxJsxFlowElement | MdxJsxTextElement;

/** A local import: the module specifier as written and the export used. */
export interface LocalImport {
  source: string;
  name: string;
}

/** True when a module specifier names a file of the repository (relative or `@site/`), not a package. */
export function isLocalSpecifier(source: string): boolean {
  return source.startsWith('./') || source.startsWith('../') || source.startsWith('@site/');
}

/** True when an import is a Markdown module's default export (rendered here, without the sandbox). */
function isMarkdownModule(local: LocalImport): boolean {
  return local.name === 'default' && /\.mdx?$/i.test(local.source);
}

/** True when a node is an element bound to one of the site's own components (not a Markdown module): it renders in the sandbox. */
export function isIsland(node: RootContent, imports: Pick<ImportMap, 'bindings'>): boolean {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return false;
  const binding = imports.bindings.get(node.name ?? '');
  return binding?.kind === 'local' && !isMarkdownModule(binding);
}

/** Renders an element bound to a local import; `fallback` is what a page shows without it (an unknown component). */
export function renderLocal(node: JsxNode, local: LocalImport, env: JsxEnv, props: Record<string, unknown>, fallback: () => ElementContent[]): ElementContent[] {
  env.state.usesSiteCode = true;
  if (isMarkdownModule(local)) return env.renderMarkdown(importPath(env.context.file, local.source, env.context.docSet.config.siteDir) ?? '') ?? fallback();
  const spec: Omit<IslandSpec, 'key'> = { from: env.context.file, specifier: local.source, name: local.name, props, children: node.children.length > 0 };
  const key = crypto.createHash('sha256').update(JSON.stringify(spec)).digest('base64url').slice(0, 22);
  const outcome = env.context.islands?.[key];
  if (!outcome) {
    env.state.islandsNeeded.push({ key, ...spec });
    return fallback();
  }
  if (outcome.problem) {
    const where = outcome.problem.file ? ` (${outcome.problem.file}${outcome.problem.line ? `, line ${outcome.problem.line}` : ''})` : '';
    env.state.warnings.push({
      code: 'site-component',
      file: env.context.file,
      line: node.position?.start.line,
      message: `<${node.name}> could not be rendered${where}: ${outcome.problem.message}`,
    });
    return fallback();
  }
  // A package the component imported that docsite does not have rendered its children: said where the import is.
  for (const stub of outcome.stubbed ?? []) {
    const message = `"${stub.specifier}" is not available to the site's code: it rendered its children only`;
    if (!env.state.warnings.some((warning) => warning.file === stub.file && warning.message === message))
      env.state.warnings.push({ code: 'site-component', file: stub.file, line: stub.line, message });
  }
  Object.assign(env.state.styles, outcome.styles);
  const tree = fromHtml(outcome.html ?? '', { fragment: true }) as HastRoot;
  return fill(tree.children as ElementContent[], node, env);
}

/** The island's nodes with its placeholders filled and its links and images resolved as the page's. */
function fill(nodes: ElementContent[], node: JsxNode, env: JsxEnv): ElementContent[] {
  return nodes.flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [child];
    const { tagName, properties } = child;
    if (tagName === 'docsite-children') return env.render(node.children as RootContent[]);
    if (tagName === 'docsite-markdown') return env.renderMarkdown(String(properties.dataPath ?? '')) ?? [];
    if (tagName === 'docsite-code') {
      const title = properties.dataTitle === undefined ? undefined : `title="${String(properties.dataTitle).replace(/"/g, "'")}"`;
      const meta = parseCodeMeta(properties.dataLanguage === undefined ? undefined : String(properties.dataLanguage), title);
      if (properties.dataLineNumbers !== undefined) meta.showLineNumbers = true;
      return [codeBlock(child.children.map((part) => (part.type === 'text' ? part.value : '')).join(''), meta)];
    }
    if (tagName === 'docsite-doc-cards') return docCards(env);
    // A site page's <Layout> and <Head> (page-layout.ts): the frame is docsite's, the page what is inside.
    if (tagName === 'docsite-head') {
      readHead(child, (env.state.layout ??= {}));
      return [];
    }
    if (tagName === 'docsite-layout') {
      readLayout(child, (env.state.layout ??= {}));
      const wrapper = properties.dataWrapperClassName === undefined ? [] : String(properties.dataWrapperClassName).split(/\s+/);
      return [h('div', { className: ['main-wrapper', ...wrapper] }, fill(child.children, node, env))];
    }
    const element: Element = { ...child, children: fill(child.children, node, env) };
    if (typeof properties.href === 'string') element.properties = { ...element.properties, href: resolveHref(properties.href, env.context) };
    if (typeof properties.src === 'string') element.properties = { ...element.properties, src: assetUrl(properties.src, env.context) ?? properties.src };
    return [element];
  });
}

/** DocCardList inside an island: the native component, as on the page. */
function docCards(env: JsxEnv): ElementContent[] {
  const render = env.context.components.components.DocCardList;
  if (!render) return [];
  const call = { props: {}, node: { type: 'mdxJsxFlowElement', name: 'DocCardList', attributes: [], children: [] } as JsxNode, children: () => [], render: env.render };
  return render({ ...call, componentOf: () => undefined, propsOf: () => ({}), context: env.context, state: env.state });
}

/** The notice for a Markdown module that could not be read. */
export function missingModule(path: string): ElementContent[] {
  return [h('div', { className: ['mdx-missing-file'], role: 'note' }, [text(`The file ${path} is missing from the repository.`)])];
}
