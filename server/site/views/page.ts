// A documentation page: its rendered article and what surrounds it.
import type { Doc } from '../../content/doc-set.js';
import { suggestPages } from './suggestions.js';
import { breadcrumbsOf, docNavigationOf, type NavLink } from '../../content/sidebars/navigation.js';
import { kebabCase } from '../../content/tags.js';
import { renderErrorBlock } from '../../markdown/render.js';
import { docEditUrl } from '../../docs/edit-url.js';
import { instanceById } from '../../config/site-config.js';
import { diffUrl, docsUrl, historyUrl, markdownUrl, tagsUrl } from '../../urls.js';
import { renamedPermalink } from '../review/history.js';
import { HttpError, redirectTo } from '../http-error.js';
import { openDocs, permalinkOf, slugOfPermalink, type OpenedDocs, type RequestContext } from '../request.js';
import { firstPermalink } from './first-page.js';
import { SWITCH_PARAM } from './shell.js';
import { pageInVersions, versionsAround } from './available.js';
import { translationNotice } from './translation.js';

/** A link of the page view: a label and an href on the reader's ref. */
export type ViewLink = { label: string; href?: string } | undefined;

/** Everything the page view needs, small enough to send on client navigation. */
export async function pageView(context: RequestContext) {
  const { opened, doc, rendered } = await renderedDoc(context, 'doc');
  return {
    title: doc.title,
    /** Whether the page shows its title as its h1: not when it starts with an h1 of its own (Docusaurus's synthetic title), nor with `hide_title`. */
    showTitle: !doc.shownTitle && doc.frontMatter.hide_title !== true && doc.title !== '',
    description: doc.description ?? rendered.description,
    // A page of another locale says when it is not translated, or when its translation is older than its original.
    html: (await translationNotice(context, opened, doc)) + rendered.html,
    /** Part of it could not be shown this time (a file it names, a component a limit stopped): not kept by the page cache. */
    incomplete: rendered.incomplete === true,
    /** A `<Redirect>` page: where its head's refresh sends the reader at once (decision 019). */
    redirect: rendered.redirect ?? null,
    bannerHtml: rendered.bannerHtml,
    headings: rendered.toc,
    sourcePath: doc.sourcePath,
    commit: opened.docSet.commit,
    ...(await surroundings(context, opened, doc)),
    // A permalink shows nothing that moves (its ETag names only its commit).
    versions: opened.located.kind === 'commit' ? [] : await pageInVersions(context, opened.located, opened.slug),
    /** On a branch: the diff of what it changed in this page. */
    branchDiff: opened.located.kind === 'branch' ? diffUrl(opened.located.prefix, opened.slug) : null,
  };
}

/**
 * The doc a URL names, rendered for the reader's ref (its problems shown above it). A version root
 * with no page of its own redirects to its first section; a missing page is a 404 offering pages
 * at a similar address; a `<Redirect>` page's Markdown redirects (the page itself sends readers on).
 */
export async function renderedDoc(context: RequestContext, kind: 'doc' | 'markdown') {
  const opened = await openDocs(context, [kind]);
  const { docSet, located, slug, href } = opened;
  const permalink = permalinkOf(docSet, slug);
  // A draft (`draft: true`) is served on a branch preview only, as Docusaurus shows drafts in development and never in production.
  const doc = docSet.byPermalink.get(permalink) ?? (located.kind === 'branch' ? docSet.drafts?.get(permalink) : undefined);
  if (!doc && slug && context.search.has(SWITCH_PARAM)) {
    // The version switcher keeps the page when it can, else lands on the version's home and says so.
    throw redirectTo(`${located.prefix}?missing=${encodeURIComponent(slug)}`);
  }
  if (!doc && !slug) {
    // A version's root with no page of its own (the navbar brand links there): its first section.
    const first = (await context.reads.sidebars(docSet)).sidebars.map((sidebar) => firstPermalink(sidebar.items, docSet)).find(Boolean);
    // The switcher's `missing` note goes along, so the first section says which page this version lacks.
    const missing = context.search.get('missing');
    const note = missing && kind !== 'markdown' ? `?missing=${encodeURIComponent(missing)}` : '';
    if (first) throw redirectTo(kind === 'markdown' ? markdownUrl(located.prefix, slugOfPermalink(docSet, first)) : href(first) + note);
  }
  if (!doc) {
    // Moved in git (renamed, or only in another version): a temporary redirect (decision 019).
    const moved = await movedTo(context, opened);
    if (moved) throw redirectTo(kind === 'markdown' ? `${moved}.md` : moved, 302);
    // No commit id or ref in what readers see: the address they typed, and where they may have meant to go.
    const links = suggestPages(docSet, slug).map((page) => ({ label: page.label, href: href(page.permalink) }));
    throw new HttpError(404, 'Page not found', 'There is no page at this address.', undefined, undefined, links);
  }
  const rendered = await renderOnRef(context, opened, doc);
  // A `<Redirect>` page is the page, as a Docusaurus build has it (its title, its sidebar entry), which
  // sends a reader on with a refresh (pageView); an agent's Markdown goes to the target's at once.
  if (rendered.redirect && kind === 'markdown') throw redirectTo(markdownRedirect(rendered.redirect, located.prefix), 301);
  return { opened, doc, rendered };
}

/** A doc of the opened commit rendered for the reader's ref, with its problems shown above it. */
export async function renderOnRef(context: RequestContext, { docSet, located }: OpenedDocs, doc: Doc) {
  const page = await context.site.render.renderDoc(doc, docSet, { prefix: located.prefix, sidebars: await context.reads.sidebars(docSet) });
  return { ...page, html: page.problems.map(renderErrorBlock).join('') + (doc.frontMatter.draft === true ? DRAFT_NOTICE : '') + page.html };
}

/** Above a draft on a branch preview: why readers of the published site will not find it. */
const DRAFT_NOTICE =
  '<div class="render-notice draft-notice" role="note"><strong>Draft.</strong> This page has <code>draft: true</code> in its front matter: branch previews show it, published versions do not (Docusaurus leaves drafts out of production builds).</div>';

/** Where a `<Redirect>` page's Markdown sends an agent: the target's Markdown when it is a plain page URL of the same ref. */
function markdownRedirect(location: string, prefix: string): string {
  return location.startsWith(`${prefix}/`) && !/[?#]/.test(location) ? markdownUrl(prefix, decodeURIComponent(location.slice(prefix.length + 1))) : location;
}

/**
 * Where a URL that names no page at its ref should send the reader: the page's new URL when git
 * history shows its file was renamed or moved, else the same page in another version (the last
 * version first) for a version or branch reader. Undefined when neither exists.
 */
async function movedTo(context: RequestContext, { docSet, located, slug, href }: OpenedDocs): Promise<string | undefined> {
  const permalink = permalinkOf(docSet, slug);
  const renamed = await renamedPermalink(context.site, docSet, permalink);
  if (renamed) return href(renamed);
  // A commit permalink stays on its commit (versionsAround lists none): it is immutable, the versions move.
  const versions = (await versionsAround(context, located)).sort((a, b) => Number(b.version.isLast) - Number(a.version.isLast));
  for (const entry of versions) {
    if (entry.current) continue;
    const other = await entry.docSet();
    if (other && other !== docSet && other.byPermalink.has(permalinkOf(other, slug))) return docsUrl(entry.prefix, slug);
  }
  return undefined;
}

/** What surrounds a page: breadcrumbs, previous/next, tags, edit link and last update. */
async function surroundings(context: RequestContext, { docSet, located, href }: OpenedDocs, doc: Doc) {
  const sidebars = await context.reads.sidebars(docSet);
  const target = { docId: doc.id };
  const linked = (link: NavLink | undefined): ViewLink => link && { label: link.label, href: link.permalink && href(link.permalink) };
  // The doc's sidebar is its front matter's displayed_sidebar, else the first that holds it.
  const { items, previous, next } = docNavigationOf(sidebars, doc, docSet);
  const updated = (await context.reads.lastUpdated(docSet)).get(doc.sourcePath);
  const ref = located.kind === 'branch' ? located.branch! : located.kind === 'commit' ? docSet.commit : (located.version?.ref ?? context.snapshot.defaultRef);
  const instance = instanceById(docSet.config, docSet.instance);
  // A config whose editUrl is a function had it called for every doc, in the sandbox.
  const computed = (await context.site.docs.editUrlsOf(docSet))?.get(doc.sourcePath);
  const editUrl = docEditUrl(instance, doc, ref, computed);
  return {
    breadcrumbs: breadcrumbsOf(items, target, docSet).map(linked),
    previous: linked(previous),
    next: linked(next),
    tags: doc.tags.map((label) => ({ label, href: tagsUrl(located.prefix, kebabCase(label)) })),
    editUrl,
    historyUrl: historyUrl(href(doc.permalink)),
    /** The page as Markdown, for a person who pastes it into a chat (an agent reads it with get_page). */
    markdownUrl: markdownUrl(located.prefix, slugOfPermalink(docSet, doc.permalink)),
    lastUpdated: updated && { date: new Date(updated.time).toISOString().slice(0, 10), author: updated.author },
  };
}
