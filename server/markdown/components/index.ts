// The allow-list of components: which import sources and global names bind to which native
// implementation. Content imports are never resolved or executed; they only select from a
// ComponentSet: Docusaurus's own components here, and a product's from its preset
// (server/presets/), merged by the site.
import type { Component } from './types.js';
import { TabItem, Tabs } from './tabs.js';
import { DocCardList, Link, ReactPlayer, Redirect } from './navigation.js';
import { CodeBlock, Details } from './code.js';
import { Heading } from './heading.js';

/** What an import may bind: a component, a CSS module whose lookups give class names, or a module of the site's own (rendered in the sandbox). */
export type Binding = { kind: 'component'; name: string } | { kind: 'css-module' } | { kind: 'local'; source: string; name: string };

/** Native components, the names pages may use without an import, and the import sources they come from. */
export interface ComponentSet {
  /** Every native component by its canonical name. */
  components: Readonly<Record<string, Component>>;
  /** Names usable without an import (the site's MDXComponents) -> canonical name. */
  globals: Readonly<Record<string, string>>;
  /** Import source -> export name (`default` for the default export) -> binding. */
  modules: Readonly<Record<string, Readonly<Record<string, Binding>>>>;
}

/** A binding to the component of that canonical name. */
export function component(name: string): Binding {
  return { kind: 'component', name };
}

/** Docusaurus's theme and router components, which any Docusaurus site may use. */
export const DOCUSAURUS_COMPONENTS: ComponentSet = {
  components: { Tabs, TabItem, DocCardList, Link, ReactPlayer, Redirect, CodeBlock, Details, Heading },
  globals: { CodeBlock: 'CodeBlock', Tabs: 'Tabs', TabItem: 'TabItem', Details: 'Details' },
  modules: {
    '@theme/DocCardList': { default: component('DocCardList') },
    '@docusaurus/router': { Redirect: component('Redirect') },
    '@docusaurus/Link': { default: component('Link') },
    '@theme/Tabs': { default: component('Tabs') },
    '@theme/TabItem': { default: component('TabItem') },
    '@theme/CodeBlock': { default: component('CodeBlock') },
    '@theme/Details': { default: component('Details') },
    '@theme/Heading': { default: component('Heading') },
    'react-player': { default: component('ReactPlayer') },
    'react-player/lazy': { default: component('ReactPlayer') },
    'react-player/youtube': { default: component('ReactPlayer') },
  },
};

/** One ComponentSet of several; a later set wins a name both define. */
export function mergeComponentSets(...sets: readonly ComponentSet[]): ComponentSet {
  return {
    components: Object.assign({}, ...sets.map((set) => set.components)),
    globals: Object.assign({}, ...sets.map((set) => set.globals)),
    modules: Object.assign({}, ...sets.map((set) => set.modules)),
  };
}

/** The binding of one imported name, or undefined when the module or export is not allow-listed. */
export function bindingFor(set: ComponentSet, source: string, exportName: string): Binding | undefined {
  const bindings = Object.hasOwn(set.modules, source) ? set.modules[source] : undefined;
  return bindings && Object.hasOwn(bindings, exportName) ? bindings[exportName] : undefined;
}
