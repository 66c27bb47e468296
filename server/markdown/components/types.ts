import type { ElementContent } from 'hast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { RootContent } from 'mdast';
import type { RenderContext, RenderState } from '../context.js';

/** One use of a component in a page, as its native implementation sees it. */
export interface ComponentCall {
  /** The evaluated props (literal-only). */
  props: Record<string, unknown>;
  node: MdxJsxFlowElement | MdxJsxTextElement;
  /** The children rendered to hast. */
  children(): ElementContent[];
  /** Renders some Markdown nodes (e.g. one child) to hast. */
  render(nodes: RootContent[]): ElementContent[];
  /** The native component a child JSX element is bound to, if any (for Tabs/TabItem, CodeDiff). */
  componentOf(node: RootContent): string | undefined;
  /** Evaluates a child JSX element's props. */
  propsOf(node: MdxJsxFlowElement | MdxJsxTextElement): Record<string, unknown>;
  context: RenderContext;
  state: RenderState;
}

/** A native component: a plain function from a call to hast. Throws ComponentError for bad props. */
export type Component = (call: ComponentCall) => ElementContent[];

/** A component's props or data are wrong: the page shows a notice in its place. */
export class ComponentError extends Error {}
