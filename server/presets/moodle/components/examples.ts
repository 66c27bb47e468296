// ValidExample, InvalidExample, CodeExample and CodeDiff: coding-style examples in coloured boxes.
import type { ElementContent, Element } from 'hast';
import { h, stringProp, text } from '../../../markdown/components/hast.js';
import type { Component } from '../../../markdown/components/types.js';

function example(type: string, title: string, children: ElementContent[]): Element {
  return h('div', { className: ['alert', `alert--${type}`, 'example'] }, [h('span', { className: ['badge', `badge--${type}`] }, [text(title)]), ...children]);
}

/** An example of correct behaviour (green). */
export const ValidExample: Component = ({ props, children }) => [example('success', stringProp(props.title, 'An example of correct behaviour'), children())];

/** An example of incorrect behaviour (red). */
export const InvalidExample: Component = ({ props, children }) => [example('danger', stringProp(props.title, 'An example of incorrect behaviour'), children())];

/** An example with a chosen colour (`type`: success, danger, warning, info). */
export const CodeExample: Component = ({ props, children }) => {
  const type = /^(success|danger|warning|info|secondary)$/.test(stringProp(props.type)) ? stringProp(props.type) : 'info';
  return [example(type, stringProp(props.title, 'Example'), children())];
};

/** Before and after: the first child as the incorrect example, the second as the correct one. */
export const CodeDiff: Component = ({ props, node, render }) => {
  const titles = stringProp(props.titles).split(', ');
  const blocks = node.children.filter((child) => child.type !== 'mdxFlowExpression');
  const panes = [example('danger', titles[0] || 'Before', render(blocks.slice(0, 1))), example('success', titles[1] || 'After', render(blocks.slice(1)))];
  return [h('div', { className: ['code-diff', props.vertical ? 'code-diff--vertical' : 'code-diff--horizontal'] }, panes)];
};
