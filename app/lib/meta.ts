import type { MetaDescriptor } from '@remix-run/node';
import { type PageBoundShell, shellForPage } from './shell-page';
import { blogMeta, isBlogPage } from './blog-meta';
import type { BlogPageView } from '../../server/site/index.js';

/** What the page meta needs from the docs shell's loader (shellView, plus the site's origin). */
export interface ShellMeta extends PageBoundShell {
  title: string;
  origin: string;
  noIndex: boolean;
}

/** The docs shell's data among a route's matches, for `meta` functions. */
export function shellOf(matches: readonly { id: string; data: unknown }[]): ShellMeta | undefined {
  return matches.find((match) => match.id === 'routes/$base')?.data as ShellMeta | undefined;
}

/**
 * A docs page's head: `<title>` with the site name (as Docusaurus: `Page | Site`), its description,
 * a canonical link (the page itself, or the same page in the last version for previews, permalinks
 * and `noIndex` versions, which also get `noindex`), and OpenGraph and Twitter card tags.
 */
export function pageMeta(shell: ShellMeta | undefined, page: { title: string; description?: string; redirect?: string | null }, pathname: string): MetaDescriptor[] {
  // A `<Redirect>` page sends the reader on at once, with or without JavaScript (search engines read it as a permanent move).
  const refresh: MetaDescriptor[] = page.redirect ? [{ httpEquiv: 'refresh', content: `0; url=${page.redirect}` }] : [];
  if (!shell) return [{ title: page.title }, ...refresh];
  const title = page.title === shell.title || !page.title ? shell.title : `${page.title} | ${shell.title}`;
  const url = shell.origin + (shellForPage(shell, pathname).canonical ?? pathname);
  return [
    { title },
    ...(page.description ? [{ name: 'description', content: page.description }] : []),
    ...(shell.noIndex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: page.title },
    ...(page.description ? [{ property: 'og:description', content: page.description }] : []),
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: shell.title },
    { name: 'twitter:card', content: 'summary' },
    ...refresh,
  ];
}

/** The head of a docs or blog page rendered by another route than the docs routes (DocsPageElsewhere). */
export function elsewhereMeta(
  data: { shell: ShellMeta | null; page: { kind: string; title?: string; description?: string; redirect?: string | null } },
  pathname: string,
): MetaDescriptor[] {
  const { page, shell } = data;
  if (isBlogPage(page as { kind: string })) return blogMeta(page as unknown as BlogPageView);
  if (page.kind === 'page' || page.kind === 'category')
    return pageMeta(shell ?? undefined, { title: page.title ?? '', description: page.description, redirect: page.redirect }, pathname);
  return [{ title: page.title ?? shell?.title ?? '' }];
}
