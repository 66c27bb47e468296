// What a site's own page says of its frame, as Docusaurus's `<Layout>` and `<Head>` take it: the
// sandbox's shims render them as placeholders (`docsite-layout` with the props as data attributes,
// `docsite-head` with the head elements), and this reads them back. The frame itself (navbar,
// footer, the document's head) is docsite's.
import type { Element, ElementContent } from 'hast';
import { toText as textOf } from 'hast-util-to-text';

/** A page's frame as its code asked for it. */
export interface PageLayout {
  /** `<Layout title>`: the document's title is `{title} | {site title}`. */
  title?: string;
  description?: string;
  /** Classes of the element around the page (`<Layout wrapperClassName>`). */
  wrapperClassName?: string;
  /** `<Layout noFooter>`: the page has no footer. */
  noFooter?: boolean;
  /** `<Head><title>`: the document's title as written, over the layout's. */
  headTitle?: string;
  /** `<Head><meta name="description">`. */
  headDescription?: string;
}

/** A data attribute's text, undefined when absent. */
function textProperty(element: Element, name: string): string | undefined {
  const value = element.properties[name];
  return value === undefined || value === null ? undefined : Array.isArray(value) ? value.join(' ') : String(value);
}

/** Records a `docsite-layout` placeholder's props in `layout` (the outermost one wins, as the page's own Layout is). */
export function readLayout(element: Element, layout: PageLayout): void {
  layout.title ??= textProperty(element, 'dataTitle');
  layout.description ??= textProperty(element, 'dataDescription');
  layout.wrapperClassName ??= textProperty(element, 'dataWrapperClassName');
  if (textProperty(element, 'dataNoFooter') === 'true') layout.noFooter = true;
}

/** Records what a `docsite-head` placeholder holds that docsite's head shows: a title, a description. */
export function readHead(element: Element, layout: PageLayout): void {
  const walk = (nodes: ElementContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      if (node.tagName === 'title') layout.headTitle = textOf(node).trim() || layout.headTitle;
      else if (node.tagName === 'meta' && (textProperty(node, 'name') === 'description' || textProperty(node, 'property') === 'og:description'))
        layout.headDescription ??= textProperty(node, 'content');
      else walk(node.children);
    }
  };
  walk(element.children);
}
