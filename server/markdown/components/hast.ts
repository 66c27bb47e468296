import { h } from 'hastscript';
import type { Element, ElementContent } from 'hast';

export { h };

/** A text node. */
export function text(value: string): ElementContent {
  return { type: 'text', value };
}

/** An admonition box, as the page's `:::type` blocks and several components render (with the classic theme's `theme-admonition` classes, for a site's CSS). */
export function admonition(type: string, title: ElementContent[] | string, body: ElementContent[]): Element {
  return h('div', { className: ['admonition', `admonition-${type}`, 'theme-admonition', `theme-admonition-${type}`] }, [
    h('div', { className: ['admonition-heading'] }, typeof title === 'string' ? [text(title)] : title),
    h('div', { className: ['admonition-content'] }, body),
  ]);
}

/** An admonition with no title of its own: its heading is the name written (`info`), shown capitalised as Docusaurus does. */
export function untitledAdmonition(type: string, name: string, body: ElementContent[]): Element {
  return h('div', { className: ['admonition', `admonition-${type}`, 'theme-admonition', `theme-admonition-${type}`] }, [
    h('div', { className: ['admonition-heading', 'admonition-heading--default'] }, [text(name)]),
    h('div', { className: ['admonition-content'] }, body),
  ]);
}

/** A string prop, or the fallback. */
export function stringProp(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}
