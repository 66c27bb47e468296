// The allow-list of components: which import sources and global names bind to which native
// implementation. Content imports are never resolved or executed; they only select from this list.
import type { Component } from './types.js';
import { CodeDiff, CodeExample, InvalidExample, ValidExample } from './examples.js';
import { DeprecatedSince, Since } from './since.js';
import { ReleaseNoteIntro, ReleaseTable, SupportedReleases, WorkplaceReleaseTable, WorkplaceSupportedReleases } from './releases.js';
import { ProjectSummary } from './projects.js';
import { TabItem, Tabs } from './tabs.js';
import { AcademyLink, DocCardList, Link, ReactPlayer, Redirect } from './navigation.js';
import { CodeBlock, Details } from './code.js';

/** Every native component by its canonical name. */
export const COMPONENTS: Readonly<Record<string, Component>> = {
  ValidExample, InvalidExample, CodeExample, CodeDiff, Since, DeprecatedSince, ReleaseNoteIntro, ReleaseTable,
  SupportedReleases, WorkplaceReleaseTable, WorkplaceSupportedReleases, ProjectSummary, Tabs, TabItem, AcademyLink,
  DocCardList, Link, ReactPlayer, Redirect, CodeBlock, Details,
};

/** Components the upstream site registers globally (usable without an import). */
export const GLOBAL_COMPONENTS: Readonly<Record<string, string>> = {
  AcademyLink: 'AcademyLink', CodeBlock: 'CodeBlock', CodeDiff: 'CodeDiff', CodeExample: 'CodeExample', Tabs: 'Tabs',
  TabItem: 'TabItem', Since: 'Since', DeprecatedSince: 'DeprecatedSince', ValidExample: 'ValidExample',
  InvalidExample: 'InvalidExample', Details: 'Details',
};

/** What an import may bind: a component, or a CSS module whose lookups give class names. */
export type Binding = { kind: 'component'; name: string } | { kind: 'css-module' };

/** Known import sources: export name (`default` for the default export) to binding. */
const MODULES: Readonly<Record<string, Readonly<Record<string, Binding>>>> = {
  '@site/src/components/ReleaseInformation': { ReleaseNoteIntro: component('ReleaseNoteIntro') },
  '@site/src': { ProjectSummary: component('ProjectSummary') },
  '@theme/DocCardList': { default: component('DocCardList') },
  '@docusaurus/router': { Redirect: component('Redirect') },
  '@docusaurus/Link': { default: component('Link') },
  '@theme/Tabs': { default: component('Tabs') },
  '@theme/TabItem': { default: component('TabItem') },
  '@theme/CodeBlock': { default: component('CodeBlock') },
  '@theme/Details': { default: component('Details') },
  '@site/src/components/SupportedReleases': { default: component('SupportedReleases'), styles: { kind: 'css-module' } },
  '@site/src/components/ReleaseTable': { default: component('ReleaseTable') },
  '@site/src/components/Workplace': {
    ReleaseTable: component('WorkplaceReleaseTable'),
    SupportedReleases: component('WorkplaceSupportedReleases'),
    SupportedReleasesStyles: { kind: 'css-module' },
  },
  'react-player': { default: component('ReactPlayer') },
  'react-player/lazy': { default: component('ReactPlayer') },
  'react-player/youtube': { default: component('ReactPlayer') },
};

function component(name: string): Binding {
  return { kind: 'component', name };
}

/** The binding of one imported name, or undefined when the module or export is not allow-listed. */
export function bindingFor(source: string, exportName: string): Binding | undefined {
  const bindings = Object.hasOwn(MODULES, source) ? MODULES[source] : undefined;
  return bindings && Object.hasOwn(bindings, exportName) ? bindings[exportName] : undefined;
}
