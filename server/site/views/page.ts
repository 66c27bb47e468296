// A documentation page: its rendered article and what surrounds it.
import type { Doc } from '../../content/doc-set.js';
import { suggestPages } from './suggestions.js';
import { breadcrumbsOf, docCardsOf, paginationOf, type NavLink } from '../../content/sidebars/navigation.js';
import { kebabCase } from '../../content/tags.js';
import { renderErrorBlock } from '../../markdown/render.js';
import { diffUrl, tagsUrl } from '../../urls.js';
import { HttpError, redirectTo } from '../http-error.js';
import { openDocs, permalinkOf, type OpenedDocs, type RequestContext } from '../request.js';
import { firstPermalink, SWITCH_PARAM } from './shell.js';
import { pageInVersions } from './available.js';

/** A link of the page view: a label and an href on the reader's ref. */
export type ViewLink = { label: string; href?: string } | undefined;

/** Everything the page view needs, small enough to send on client navigation. */
export async function pageView(context: RequestContext) {
  const opened = await openDocs(context, ['doc']);
  const { docSet, located, slug, href } = opened;
  const doc = docSet.byPermalink.get(permalinkOf(docSet, slug));
  if (!doc && slug && context.search.has(SWITCH_PARAM)) {
    // The version switcher keeps the page when it can, else lands on the version's home and says so.
    throw redirectTo(`${located.prefix}?missing=${encodeURIComponent(slug)}`);
  }
  const sidebars = await context.site.sidebars(docSet);
  if (!doc && !slug) {
    // A version's root with no page of its own (the navbar brand links there): its first section.
    const first = sidebars.sidebars.map((sidebar) => firstPermalink(sidebar.items, docSet)).find(Boolean);
    if (first) throw redirectTo(href(first));
  }
  if (!doc) {
    // No commit id or ref in what readers see: the address they typed, and where they may have meant to go.
    const links = suggestPages(docSet, slug).map((page) => ({ label: page.label, href: href(page.permalink) }));
    throw new HttpError(404, 'Page not found', 'There is no page at this address.', undefined, undefined, links);
  }
  // <DocCardList /> shows the items of the sidebar category this page is the link of.
  const docCards = (docId: string) =>
    docCardsOf(sidebars.sidebars, docSet, docId).flatMap((card) => (card.permalink ? [{ title: card.label, href: href(card.permalink), description: card.description }] : []));
  const rendered = await context.site.renderDoc(doc, docSet, { prefix: located.prefix, docCards });
  if (rendered.redirect) throw redirectTo(rendered.redirect, 301);
  return {
    title: doc.title,
    description: doc.description ?? rendered.description,
    html: rendered.problems.map(renderErrorBlock).join('') + rendered.html,
    bannerHtml: rendered.bannerHtml,
    headings: rendered.toc,
    sourcePath: doc.sourcePath,
    commit: docSet.commit,
    ...(await surroundings(context, opened, doc)),
    // A permalink shows nothing that moves (its ETag names only its commit).
    versions: located.kind === 'commit' ? [] : await pageInVersions(context, located, slug),
    /** On a branch: the diff of what it changed in this page. */
    branchDiff: located.kind === 'branch' ? diffUrl(located.prefix, slug) : null,
  };
}

/** What surrounds a page: breadcrumbs, previous/next, tags, edit link and last update. */
async function surroundings(context: RequestContext, { docSet, located, href }: OpenedDocs, doc: Doc) {
  const sidebars = await context.site.sidebars(docSet);
  const sidebar = sidebars.sidebars.find((candidate) => candidate.name === sidebars.groupOf.get(doc.id));
  const target = { docId: doc.id };
  const linked = (link: NavLink | undefined): ViewLink => link && { label: link.label, href: link.permalink && href(link.permalink) };
  const { previous, next } = paginationOf(sidebar?.items ?? [], target, docSet);
  const updated = (await context.site.lastUpdated(docSet)).get(doc.sourcePath);
  const ref = located.kind === 'branch' ? located.branch! : located.kind === 'commit' ? docSet.commit : context.snapshot.defaultRef;
  const editUrl = docSet.config.editUrl?.replaceAll('{ref}', encodeURIComponent(ref)).replaceAll('{path}', doc.sourcePath);
  return {
    breadcrumbs: breadcrumbsOf(sidebar?.items ?? [], target, docSet).map(linked),
    previous: linked(previous),
    next: linked(next),
    tags: doc.tags.map((label) => ({ label, href: tagsUrl(located.prefix, kebabCase(label)) })),
    editUrl,
    lastUpdated: updated && { date: new Date(updated.time).toISOString().slice(0, 10), author: updated.author },
  };
}
