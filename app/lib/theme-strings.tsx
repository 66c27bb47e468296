// The words of docsite's page chrome, by the classic theme's message ids, in English as Docusaurus
// writes them (`@docusaurus/theme-translations`' base). The root loader sends only those the page's
// locale (or the site's code.json) says otherwise, so an English page carries none of them twice.
import { useRouteLoaderData } from '@remix-run/react';
import { Fragment, type ReactNode } from 'react';

/** The strings docsite shows, by id, in Docusaurus's English. */
export const THEME_STRINGS = {
  'theme.TOCCollapsible.toggleButtonLabel': 'On this page',
  'theme.docs.paginator.navAriaLabel': 'Docs pages',
  'theme.docs.paginator.previous': 'Previous',
  'theme.docs.paginator.next': 'Next',
  'theme.common.editThisPage': 'Edit this page',
  'theme.lastUpdated.lastUpdatedAtBy': 'Last updated{atDate}{byUser}',
  'theme.lastUpdated.atDate': ' on {date}',
  'theme.lastUpdated.byUser': ' by {user}',
  'theme.common.skipToMainContent': 'Skip to main content',
  'theme.docs.breadcrumbs.home': 'Home page',
  'theme.docs.breadcrumbs.navAriaLabel': 'Breadcrumbs',
  'theme.docs.versions.unreleasedVersionLabel': 'This is unreleased documentation for {siteTitle} {versionLabel} version.',
  'theme.docs.versions.unmaintainedVersionLabel': 'This is documentation for {siteTitle} {versionLabel}, which is no longer actively maintained.',
  'theme.docs.versions.latestVersionSuggestionLabel': 'For up-to-date documentation, see the {latestVersionLink} ({versionLabel}).',
  'theme.docs.versions.latestVersionLinkLabel': 'latest version',
  'theme.docs.versionBadge.label': 'Version: {versionLabel}',
  'theme.tags.tagsListLabel': 'Tags:',
  'theme.SearchBar.label': 'Search',
} as const;

/** A string's id. */
export type ThemeStringId = keyof typeof THEME_STRINGS;

/** A string with its `{name}` placeholders replaced by `values` (text or elements). */
export type Translate = (id: ThemeStringId, values?: Record<string, ReactNode>) => ReactNode;

/**
 * A message's parts with its placeholders replaced: text stays one string (React writes no
 * `<!-- -->` inside it), an element keeps its place, and a value that is itself parts (another
 * message's) is spliced in.
 */
export function messageParts(message: string, values: Record<string, ReactNode> = {}): ReactNode[] {
  const parts: ReactNode[] = [];
  const add = (value: ReactNode) => {
    if (Array.isArray(value)) for (const inner of value) add(inner);
    else if (typeof value === 'string' || typeof value === 'number') {
      if (typeof parts[parts.length - 1] === 'string') parts[parts.length - 1] += String(value);
      else if (value !== '') parts.push(String(value));
    } else parts.push(value);
  };
  for (const part of message.split(/(\{\w+\})/)) {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    add(name !== undefined && name in values ? values[name] : part);
  }
  return parts;
}

/** A message as React children: its parts, each keyed. */
export function interpolate(message: string, values: Record<string, ReactNode> = {}): ReactNode {
  const parts = messageParts(message, values);
  if (parts.length <= 1) return parts[0] ?? '';
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

/** The text of a string with no elements in it (an aria-label, a placeholder). */
export function plainText(message: string, values: Record<string, string> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The page's strings: the locale's where the root loader sent them, else Docusaurus's English. */
export function useThemeStrings(): {
  t: Translate;
  text: (id: ThemeStringId, values?: Record<string, string>) => string;
  parts: (id: ThemeStringId, values?: Record<string, ReactNode>) => ReactNode[];
} {
  const sent = useRouteLoaderData<{ strings?: Partial<Record<ThemeStringId, string>> }>('root')?.strings ?? {};
  const message = (id: ThemeStringId) => sent[id] ?? THEME_STRINGS[id];
  return {
    t: (id, values) => interpolate(message(id), values),
    text: (id, values) => plainText(message(id), values),
    parts: (id, values) => messageParts(message(id), values),
  };
}
