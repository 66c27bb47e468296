// The one module through which routes reach server/. Loaders call these; nothing else in app/
// imports from server/ at run time.
import { redirect } from '@remix-run/node';
import type { Located, Site, Snapshot } from '../../server/site/site.js';
import type { DocPath } from '../../server/site/doc-path.js';
import type { Doc, DocSet } from '../../server/content/doc-set.js';
import { permalinkOnRef } from '../../server/content/ids.js';
import { sidebarsOf, type SiteSidebars } from '../../server/content/sidebars/sidebars.js';
import { breadcrumbsOf, categoryCards, docCardsOf, paginationOf, type NavLink, type NavTarget } from '../../server/content/sidebars/navigation.js';
import { toNavItems } from '../../server/content/sidebars/view.js';
import { kebabCase, tagsOf } from '../../server/content/tags.js';
import { lastUpdatedOf } from '../../server/content/last-updated.js';
import { renderErrorBlock } from '../../server/markdown/render.js';
import { assetType } from '../../server/markdown/links.js';
import { invariantResponse } from './http.js';
import { apiPage, apiPages, apiSidebar, apiVersions, problem } from '../../server/site/api.js';
import { siteConfigJsonSchema } from '../../server/site/schema.js';

/** The query parameter the version switcher adds: a missing page then leads to the version's home. */
export const SWITCH_PARAM = 'switch';

declare module '@remix-run/node' {
  interface AppLoadContext {
    site: Site;
    /** Pinned once per request by the server, so every loader of a request reads the same commit. */
    snapshot: Snapshot;
    /**
     * Set on document requests only: the page loader leaves its article HTML here for the server
     * entry, so the HTML is not sent a second time in the hydration data (app/lib/article-html.ts).
     */
    documentArticle?: { html?: string };
  }
}

interface Context {
  site: Site;
  documentArticle?: { html?: string };
  snapshot: Snapshot;
}

/**
 * The docs of the commit a URL selects; 404s for a foreign base or an unknown ref.
 * Reads the raw request path (still percent-encoded), so `%2F` in a branch name survives.
 */
export async function openDocs(context: Context, request: Request): Promise<{ docSet: DocSet; path: DocPath; located: Located }> {
  const [, base = '', ...rest] = new URL(request.url).pathname.split('/');
  const { site, snapshot } = context;
  invariantResponse(base === snapshot.config.docs.base, `No documentation is served under /${base}.`);
  const located = await site.locate(snapshot, rest.join('/'));
  invariantResponse(!('notFound' in located), 'notFound' in located ? located.notFound : '');
  return { docSet: await site.docSet(located.commit), path: located.path, located };
}

/**
 * The docs shell's data: the site title, the navbar's sections, the sidebar of the page's group
 * (none for a page in no sidebar, compact, links on the reader's ref), and what the version
 * switcher and banners show. Commit permalinks get no version list, so their page never changes.
 */
export async function loadShell(context: Context, request: Request) {
  const { docSet, path, located } = await openDocs(context, request);
  const { snapshot } = context;
  const base = snapshot.config.docs.base;
  const versionHref = (versionPath: string, slug: string) => `/${base}${versionPath ? `/${versionPath}` : ''}${slug ? `/${slug}` : ''}`;
  const slugPath = path.slug.split('/').map(encodeURIComponent).join('/');
  const last = snapshot.versions.find((version) => version.isLast)!;
  const version = located.version;
  const sidebars = await sidebarsOf(context.site, docSet);
  const href = hrefOn(docSet, path);
  const target = targetOf(docSet, path, sidebars);
  const group = target && ('docId' in target ? sidebars.groupOf.get(target.docId) : sidebars.generatedIndexes.get(target.permalink)?.sidebar);
  const sidebar = sidebars.sidebars.find((candidate) => candidate.name === group);
  return {
    title: docSet.config.title,
    base: docSet.location.base,
    prefix: path.prefix,
    kind: located.kind,
    commit: located.commit,
    branch: located.branch ?? null,
    version: version ? { name: version.name, label: version.label, banner: version.banner, className: version.className, isLast: version.isLast } : null,
    versions:
      located.kind === 'commit'
        ? []
        : snapshot.versions
            .filter((candidate) => candidate.commit)
            .map((candidate) => ({ name: candidate.name, label: candidate.label, href: `${versionHref(candidate.path, slugPath)}?${SWITCH_PARAM}`, current: candidate.name === version?.name })),
    lastVersion: { label: last.label, href: versionHref('', slugPath) },
    /** A page the switcher could not find in this version, which led here (the version's home). */
    missing: new URL(request.url).searchParams.get('missing'),
    // Previews and permalinks are copies of a version: keep them out of search engines, like a
    // version that asks for it.
    noIndex: located.kind !== 'version' || version!.noIndex,
    canonical: located.kind !== 'version' || version!.noIndex ? versionHref('', slugPath) : null,
    sections: sidebars.sidebars.flatMap((candidate) => {
      const first = firstPermalink(candidate.items, docSet);
      return first ? [{ label: candidate.label, href: href(first), current: candidate.name === group }] : [];
    }),
    sidebar: sidebar ? { name: sidebar.name, label: sidebar.label, items: toNavItems(sidebar.items, docSet, href) } : undefined,
    problems: sidebars.problems.map((problem) => `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`),
  };
}

/** Maps a default-ref permalink (`/general/x`) to the same page on the reader's ref; other URLs pass. */
function hrefOn(docSet: DocSet, path: DocPath): (permalink: string) => string {
  return (permalink) => permalinkOnRef(permalink, docSet.location.base, path.prefix);
}

function targetOf(docSet: DocSet, path: DocPath, sidebars: SiteSidebars): NavTarget | undefined {
  const permalink = permalinkOf(docSet, path);
  const doc = docSet.byPermalink.get(permalink);
  if (doc) return { docId: doc.id };
  return sidebars.generatedIndexes.has(permalink) ? { permalink } : undefined;
}

function permalinkOf(docSet: DocSet, path: DocPath): string {
  return path.slug ? `/${docSet.location.base}/${path.slug}` : `/${docSet.location.base}`;
}

function firstPermalink(items: SiteSidebars['sidebars'][number]['items'], docSet: DocSet): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return docSet.byId.get(item.id)?.permalink;
    if (item.type !== 'category') continue;
    const own = item.link?.type === 'doc' ? docSet.byId.get(item.link.id)?.permalink : item.link?.permalink;
    const found = own ?? firstPermalink(item.items, docSet);
    if (found) return found;
  }
  return undefined;
}

/** What surrounds a page: breadcrumbs, previous/next, tags, edit link and last update. */
async function pageSurroundings(context: Context, docSet: DocSet, path: DocPath, doc: Doc) {
  const sidebars = await sidebarsOf(context.site, docSet);
  const href = hrefOn(docSet, path);
  const sidebar = sidebars.sidebars.find((candidate) => candidate.name === sidebars.groupOf.get(doc.id));
  const target = { docId: doc.id };
  const linked = (link: NavLink | undefined) => link && { label: link.label, href: link.permalink && href(link.permalink) };
  const { previous, next } = paginationOf(sidebar?.items ?? [], target, docSet);
  const updates = await lastUpdatedOf(context.site, docSet);
  const updated = updates.get(doc.sourcePath);
  const ref = path.ref.kind === 'branch' ? path.ref.name : path.ref.kind === 'commit' ? docSet.commit : context.snapshot.defaultRef;
  const editUrl = docSet.config.editUrl?.replaceAll('{ref}', encodeURIComponent(ref)).replaceAll('{path}', doc.sourcePath);
  return {
    breadcrumbs: breadcrumbsOf(sidebar?.items ?? [], target, docSet).map(linked),
    previous: linked(previous),
    next: linked(next),
    tags: doc.tags.map((label) => ({ label, href: href(`/${docSet.location.base}/tags/${kebabCase(label)}`) })),
    editUrl,
    lastUpdated: updated && { date: new Date(updated.time).toISOString().slice(0, 10), author: updated.author },
  };
}

/** Everything the page view needs, small enough to send on client navigation. */
export async function loadPage(context: Context, request: Request) {
  const { docSet, path } = await openDocs(context, request);
  const doc = docSet.byPermalink.get(permalinkOf(docSet, path));
  if (!doc && path.slug && new URL(request.url).searchParams.has(SWITCH_PARAM)) {
    // The version switcher keeps the page when it can, else lands on the version's home and says so.
    throw redirect(`${path.prefix}?missing=${encodeURIComponent(path.slug)}`);
  }
  invariantResponse(doc, `There is no page at ${path.prefix}/${path.slug} (commit ${docSet.commit.slice(0, 7)}).`);
  const sidebars = await sidebarsOf(context.site, docSet);
  // <DocCardList /> shows the items of the sidebar category this page is the link of.
  const href = hrefOn(docSet, path);
  const docCards = (docId: string) =>
    docCardsOf(sidebars.sidebars, docSet, docId).flatMap((card) => (card.permalink ? [{ title: card.label, href: href(card.permalink), description: card.description }] : []));
  const rendered = await context.site.renderDoc(doc, docSet, { prefix: path.prefix, docCards });
  if (rendered.redirect) throw redirect(rendered.redirect, 301);
  const html = doc.error ? renderErrorBlock(doc.error) + rendered.html : rendered.html;
  if (context.documentArticle) context.documentArticle.html = html;
  return {
    title: doc.title,
    description: doc.description ?? rendered.description,
    html: context.documentArticle ? undefined : html,
    bannerHtml: rendered.bannerHtml,
    headings: rendered.toc,
    sourcePath: doc.sourcePath,
    commit: docSet.commit,
    ...(await pageSurroundings(context, docSet, path, doc)),
  };
}

/** A generated index page (`/{base}/category/{slug}`): the category's items as cards. */
export async function loadCategoryIndex(context: Context, request: Request) {
  const { docSet, path } = await openDocs(context, request);
  const sidebars = await sidebarsOf(context.site, docSet);
  const permalink = permalinkOf(docSet, path);
  const found = sidebars.generatedIndexes.get(permalink);
  invariantResponse(found, `There is no category page at ${path.prefix}/${path.slug}.`);
  const href = hrefOn(docSet, path);
  const sidebar = sidebars.sidebars.find((candidate) => candidate.name === found.sidebar)!;
  const target = { permalink };
  const linked = (link: NavLink | undefined) => link && { label: link.label, href: link.permalink && href(link.permalink) };
  const { previous, next } = paginationOf(sidebar.items, target, docSet);
  const link = found.category.link?.type === 'generated-index' ? found.category.link : undefined;
  return {
    title: link?.title ?? found.category.label,
    description: link?.description,
    cards: categoryCards(found.category, docSet).map((card) => ({ ...card, href: card.permalink && href(card.permalink) })),
    breadcrumbs: breadcrumbsOf(sidebar.items, target, docSet).map(linked),
    previous: linked(previous),
    next: linked(next),
  };
}

/** The tag index (`/{base}/tags`) or one tag's pages (`/{base}/tags/{tag}`). */
export async function loadTags(context: Context, request: Request) {
  const { docSet, path } = await openDocs(context, request);
  const href = hrefOn(docSet, path);
  const tags = tagsOf(docSet);
  const [first, slug, ...rest] = path.slug.split('/');
  invariantResponse(first === 'tags' && rest.length === 0, `There is no page at ${path.prefix}/${path.slug}.`);
  if (slug === undefined) {
    const all = [...tags.values()].sort((a, b) => a.label.localeCompare(b.label));
    return { kind: 'index' as const, title: 'Tags', tags: all.map((tag) => ({ label: tag.label, href: href(tag.permalink), count: tag.docs.length })) };
  }
  const tag = tags.get(slug);
  invariantResponse(tag, `No page is tagged "${slug}".`);
  return {
    kind: 'tag' as const,
    title: `${tag.docs.length} ${tag.docs.length === 1 ? 'page' : 'pages'} tagged "${tag.label}"`,
    allTagsHref: href(`/${docSet.location.base}/tags`),
    docs: tag.docs.map((doc) => ({ title: doc.title, href: href(doc.permalink), description: doc.description })),
  };
}

/** The landing page: the site's sections (one per sidebar, as in the navbar), each entered at its first page. */
export async function loadHome(context: Context) {
  // The docs home reads what /{base}/ serves: the last version.
  const located = await context.site.locate(context.snapshot, '');
  invariantResponse(!('notFound' in located), 'notFound' in located ? located.notFound : '', { status: 503 });
  const docSet = await context.site.docSet(located.commit);
  const { sidebars } = await sidebarsOf(context.site, docSet);
  const sections = sidebars.flatMap((sidebar) => {
    const permalink = firstPermalink(sidebar.items, docSet);
    const doc = permalink ? docSet.byPermalink.get(permalink) : undefined;
    return permalink ? [{ label: sidebar.label, href: permalink, description: doc?.description }] : [];
  });
  return { title: docSet.config.title, base: docSet.location.base, sections };
}

/**
 * A repository file by blob id with an allow-listed type, `nosniff` and immutable caching. SVG gets a
 * CSP that forbids scripts and sandboxes it, so it is never an active document.
 */
export async function assetResponse(context: Context, oid: string, name: string): Promise<Response> {
  const type = assetType(name);
  invariantResponse(type && /^[0-9a-f]{40}$/.test(oid), 'No such file.');
  let bytes: Uint8Array;
  try {
    bytes = await context.site.repository.readBlob(oid);
  } catch {
    throw new Response('No such file.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(bytes.byteLength),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'public, max-age=31536000, immutable',
  };
  if (type === 'image/svg+xml') headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
  return new Response(bytes as unknown as BodyInit, { headers });
}

/** A content API answer: JSON, or a problem document with its status. */
function apiResponse(result: { ok: true; value: unknown } | { ok: false; problem: { status: number } }): Response {
  if (result.ok) return Response.json(result.value);
  return new Response(JSON.stringify(result.problem), { status: result.problem.status, headers: { 'Content-Type': 'application/problem+json' } });
}

/** The API's version selector, still percent-encoded (`~feature%2Fx` stays one segment). */
function selectorOf(request: Request): string {
  return new URL(request.url).pathname.split('/')[3] ?? '';
}

/** `GET /api/versions`. */
export function apiVersionsResponse(context: Context): Response {
  return Response.json(apiVersions(context.snapshot));
}

/** `GET /api/versions/{v}/pages`. */
export async function apiPagesResponse(context: Context, request: Request): Promise<Response> {
  return apiResponse(await apiPages(context.site, context.snapshot, selectorOf(request)));
}

/** `GET /api/versions/{v}/pages/{slug}`. */
export async function apiPageResponse(context: Context, request: Request): Promise<Response> {
  const slug = new URL(request.url).pathname.split('/').slice(5).map((part) => decodeURIComponentOr(part)).join('/');
  return apiResponse(await apiPage(context.site, context.snapshot, selectorOf(request), slug));
}

/** `GET /api/versions/{v}/sidebars/{name}`. */
export async function apiSidebarResponse(context: Context, request: Request, name: string): Promise<Response> {
  return apiResponse(await apiSidebar(context.site, context.snapshot, selectorOf(request), name));
}

/** Any other path under /api/: a problem document, not an HTML page. */
export function apiNotFoundResponse(request: Request): Response {
  return apiResponse(problem(404, 'Not found', `No API endpoint at ${new URL(request.url).pathname}.`));
}

/** `GET /api/schema/docsite.json`: the JSON Schema of docsite.yaml, for editors. */
export function siteConfigSchemaResponse(): Response {
  return new Response(JSON.stringify(siteConfigJsonSchema(), null, 2), { headers: { 'Content-Type': 'application/schema+json', 'Cache-Control': 'public, max-age=3600' } });
}

function decodeURIComponentOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
