// JSX elements: lowercase tags become HTML elements (sanitized later), capitalised names go to
// the native component they are bound to; anything else (an unknown component) renders its
// children: under a notice on a preview, bare for readers (the link report lists it for authors).
import type { ElementContent } from 'hast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { RootContent } from 'mdast';
import { h, text } from './components/hast.js';
import { ComponentError, type ComponentCall } from './components/types.js';
import { evaluateProgram, styleToCss, UnsupportedExpression, type ExpressionScope } from './expressions.js';
import type { ImportMap } from './imports.js';
import type { RenderContext, RenderState } from './context.js';
import { assetUrl, resolveHref } from './links.js';
import type { ComponentSet } from './components/index.js';
import { isPreviewPrefix } from '../urls.js';
import { renderLocal } from './site-components.js';

type JsxNode = MdxJsxFlowElement | MdxJsxTextElement;

/** What the JSX renderer needs from the page renderer. */
export interface JsxEnv {
  imports: ImportMap;
  scope: ExpressionScope;
  context: RenderContext;
  state: RenderState;
  render(nodes: RootContent[]): ElementContent[];
  /** A Markdown module of the repository rendered as part of the page; undefined when it cannot be read. */
  renderMarkdown(path: string): ElementContent[] | undefined;
}

/** The native component a JSX node is bound to (by import or as a global), if any. */
export function componentOf(node: RootContent, env: Pick<JsxEnv, 'imports'> & { context: Pick<RenderContext, 'components'> }): string | undefined {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
  const name = node.name ?? '';
  const binding = env.imports.bindings.get(name);
  if (binding?.kind === 'component') return binding.name;
  if (name === 'details') return undefined;
  const { globals } = env.context.components;
  return Object.hasOwn(globals, name) ? globals[name] : undefined;
}

/** The name of a JSX element that is an unknown component (neither bound, global nor an HTML tag), else undefined. */
export function unknownComponent(node: RootContent, imports: ImportMap, components: ComponentSet): string | undefined {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
  const name = node.name;
  if (!name || /^[a-z][a-z0-9-]*$/.test(name) || componentOf(node, { imports, context: { components } })) return undefined;
  // The site's own component: rendered in the sandbox (a failure there is a problem of its own).
  if (imports.bindings.get(name)?.kind === 'local') return undefined;
  return name;
}

/** Evaluates a JSX element's attributes with the literal-only evaluator; refused ones are dropped. */
export function propsOf(node: JsxNode, env: JsxEnv): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    const { value } = attribute;
    if (value === null || value === undefined) props[attribute.name] = true;
    else if (typeof value === 'string') props[attribute.name] = value;
    else {
      try {
        props[attribute.name] = evaluateProgram(value.data?.estree, env.scope);
      } catch (error) {
        if (!(error instanceof UnsupportedExpression)) throw error;
        env.state.warnings.push({ code: 'expression', file: env.context.file, line: node.position?.start.line, message: `<${node.name}> ${attribute.name}: ${error.message}` });
      }
    }
  }
  return props;
}

/** Renders one JSX element to hast. */
export function renderJsx(node: JsxNode, env: JsxEnv): ElementContent[] {
  const name = node.name;
  if (!name) return env.render(node.children as RootContent[]);
  const component = componentOf(node, env);
  if (component) return renderComponent(component, node, env);
  if (/^[a-z][a-z0-9-]*$/.test(name)) return [htmlElement(name, node, env)];
  const binding = env.imports.bindings.get(name);
  if (binding?.kind === 'local') return renderLocal(node, binding, env, propsOf(node, env), () => unknownElement(name, node, env, false));
  return unknownElement(name, node, env, true);
}

/** What a page shows for a component it cannot render: its children, under a notice on a preview. */
function unknownElement(name: string, node: JsxNode, env: JsxEnv, warn: boolean): ElementContent[] {
  if (warn) env.state.warnings.push({ code: 'component', file: env.context.file, line: node.position?.start.line, message: `unknown component <${name}>` });
  const children = env.render(node.children as RootContent[]);
  // A reader is never told about the site's machinery: only a preview (a `~branch` prefix) shows
  // the notice. The prefix is part of the rendered-page cache key (page-renderer.ts), so the two
  // renderings are cached apart with nothing added to the key.
  if (!isPreviewPrefix(env.context.prefix)) return children;
  return [
    h('div', { className: ['mdx-unknown'], dataComponent: name }, [
      h('p', { className: ['mdx-unknown__notice', 'preview-aid'], role: 'note' }, [
        h('strong', {}, [text('Preview only: ')]),
        text(`this part of the page uses <${name}>, which this site does not know. Readers see its content alone, without this note.`),
      ]),
      ...children,
    ]),
  ];
}

function renderComponent(component: string, node: JsxNode, env: JsxEnv): ElementContent[] {
  const call: ComponentCall = {
    props: propsOf(node, env),
    node,
    children: () => env.render(node.children as RootContent[]),
    render: env.render,
    componentOf: (child) => componentOf(child, env),
    propsOf: (child) => propsOf(child, env),
    context: env.context,
    state: env.state,
  };
  try {
    env.state.components.add(component);
    const render = env.context.components.components[component];
    if (!render) throw new ComponentError(`<${node.name}> is bound to "${component}", which this site does not have`);
    return render(call);
  } catch (error) {
    if (!(error instanceof ComponentError)) throw error;
    env.state.warnings.push({ code: 'component', file: env.context.file, line: node.position?.start.line, message: error.message });
    return [
      h('div', { className: ['render-error', 'render-error--inline'], role: 'alert' }, [text(`${env.context.file}, line ${node.position?.start.line ?? '?'}: ${error.message}`)]),
    ];
  }
}

/** React attribute names that differ from HTML. */
const RENAMED: Record<string, string> = { className: 'class', htmlFor: 'for' };

function htmlElement(tagName: string, node: JsxNode, env: JsxEnv) {
  const props: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(propsOf(node, env))) {
    const name = RENAMED[key] ?? key;
    if (name === 'style') {
      const css = styleToCss(value);
      if (css) props.style = css;
    } else if (name === 'href') props.href = resolveHref(String(value), env.context);
    else if (name === 'src') props.src = assetUrl(String(value), env.context) ?? String(value);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') props[name] = value;
  }
  let children = env.render(node.children as RootContent[]);
  // `<summary>` on its own line is parsed inside a paragraph; browsers need it as the first child.
  if (tagName === 'details')
    children = children.flatMap((child) =>
      child.type === 'element' && child.tagName === 'p' && child.children.some((c) => c.type === 'element' && c.tagName === 'summary') ? child.children : [child],
    );
  return h(tagName, props, children);
}
