// Tabs / TabItem without JavaScript: one radio input per tab, labels as the tab bar, and CSS that
// shows the panel after the checked input. Works with JS off and with the keyboard.
import type { ElementContent } from 'hast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { h, stringProp, text } from './hast.js';
import type { Component } from './types.js';

/**
 * A tab set; `default` on a TabItem selects it initially, otherwise the first tab. Docusaurus's
 * `groupId` (tab sets that switch together, remembered) and `queryString` (`?{key}={value}`) are
 * passed as data attributes for the browser script (app/lib/tabs.ts), and each radio's value is
 * its TabItem's `value`.
 */
export const Tabs: Component = ({ node, props: tabsProps, componentOf, propsOf, render, state }) => {
  const items = node.children.filter((child): child is MdxJsxFlowElement | MdxJsxTextElement => componentOf(child) === 'TabItem');
  if (!items.length) return render(node.children);
  // Ids must be unique in the page and stable for the same source: count per render.
  const group = `tabs-${++state.tabGroups}`;
  const tabs = items.map((item) => ({ props: propsOf(item), item }));
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.props.default === true),
  );
  const parts: ElementContent[] = [];
  tabs.forEach(({ props, item }, index) => {
    const id = `${group}-${index}`;
    const value = stringProp(props.value, stringProp(props.label, `${index}`));
    parts.push(h('input', { type: 'radio', name: group, id, value, className: ['tabs__radio'], checked: index === selected }));
    parts.push(h('label', { htmlFor: id, className: ['tabs__label'] }, [text(stringProp(props.label, stringProp(props.value, `Tab ${index + 1}`)))]));
    parts.push(h('div', { className: ['tabs__panel'] }, render(item.children)));
  });
  const groupId = stringProp(tabsProps.groupId) || undefined;
  const queryKey = typeof tabsProps.queryString === 'string' ? tabsProps.queryString : tabsProps.queryString === true ? groupId : undefined;
  return [h('div', { className: ['tabs'], dataGroupId: groupId, dataQueryString: queryKey || undefined }, parts)];
};

/** A TabItem outside Tabs: just its content. */
export const TabItem: Component = ({ children }) => [h('div', { className: ['tabs__panel', 'tabs__panel--alone'] }, children())];
