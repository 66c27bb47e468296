// The one module through which routes reach server/. Loaders call these; nothing else in app/
// imports from server/ at run time.
import type { Site, Snapshot } from '../../server/site/site.js';
import { parseDocPath, type DocPath } from '../../server/site/doc-path.js';
import type { Doc, DocSet } from '../../server/content/doc-set.js';
import { sidebarsOf, type SiteSidebars } from '../../server/content/sidebars/sidebars.js';
import { breadcrumbsOf, categoryCards, paginationOf, type NavLink, type NavTarget } from '../../server/content/sidebars/navigation.js';
import { toNavItems } from '../../server/content/sidebars/view.js';
import { kebabCase, tagsOf } from '../../server/content/tags.js';
import { lastUpdates } from '../../server/git/history.js';
import { renderErrorBlock } from '../../server/markdown/render.js';
import { invariantResponse } from './http.js';

declare module '@remix-run/node' {
  interface AppLoadContext {
    site: Site;
    /** Pinned once per request by the server, so every loader of a request reads the same commit. */
    snapshot: Snapshot;
  }
}

interface Context {
  site: Site;
  snapshot: Snapshot;
}

/**
 * The docs of the commit a URL selects; 404s for a foreign base or an unknown ref.
 * Reads the raw request path (still percent-encoded), so `%2F` in a branch name survives.
 */
export async function openDocs(context: Context, request: Request): Promise<{ docSet: DocSet; path: DocPath }> {
  const [, base = '', ...rest] = new URL(request.url).pathname.split('/');
  const splat = rest.join('/');
  const { site, snapshot } = context;
  const home = await site.docSet(snapshot.defaultCommit);
  invariantResponse(base === home.location.base, `No documentation is served under /${base}.`);
  const path = parseDocPath(base, splat);
  invariantResponse(path, `"${splat.split('/')[0]}" is not a valid branch or commit.`);
  const ref = path.ref.kind === 'branch' ? path.ref.name : path.ref.kind === 'commit' ? path.ref.oid : undefined;
  const commit = ref === undefined ? snapshot.defaultCommit : await site.resolveRef(snapshot, ref);
  invariantResponse(commit, `No branch, tag or commit named "${ref}" in the content repository.`);
  return { docSet: await site.docSet(commit), path };
}

/**
 * The docs shell's data: the site title, the navbar's sections, and the sidebar of the page's
 * group (none for a page in no sidebar), compact and with links on the reader's ref.
 */
export async function loadShell(context: Context, request: Request) {
  const { docSet, path } = await openDocs(context, request);
  const sidebars = await sidebarsOf(context.site, docSet);
  const href = hrefOn(docSet, path);
  const target = targetOf(docSet, path, sidebars);
  const group = target && ('docId' in target ? sidebars.groupOf.get(target.docId) : sidebars.generatedIndexes.get(target.permalink)?.sidebar);
  const sidebar = sidebars.sidebars.find((candidate) => candidate.name === group);
  return {
    title: docSet.config.title,
    base: docSet.location.base,
    prefix: path.prefix,
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
  const root = `/${docSet.location.base}`;
  return (permalink) => (permalink === root || permalink.startsWith(`${root}/`) ? path.prefix + permalink.slice(root.length) : permalink);
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
  const updates = await lastUpdates(context.site.repository.gitdir, docSet.commit, docSet.location.path);
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
  invariantResponse(doc, `There is no page at ${path.prefix}/${path.slug} (commit ${docSet.commit.slice(0, 7)}).`);
  const rendered = await context.site.renderDoc(doc);
  return {
    title: doc.title,
    description: doc.description,
    html: doc.error ? renderErrorBlock(doc.error) + rendered.html : rendered.html,
    headings: rendered.headings.filter((heading) => heading.depth >= 2 && heading.depth <= 3),
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

/** The site's sections for the landing page: the top-level folders that hold pages. */
export async function loadHome(context: Context) {
  const docSet = await context.site.docSet(context.snapshot.defaultCommit);
  const sections = new Map<string, { title: string; permalink: string }>();
  for (const doc of docSet.docs) {
    const top = doc.relativePath.split('/')[0].replace(/\.mdx?$/, '');
    const isLanding = doc.sourceDirName === '.' || doc.relativePath === `${top}/index.md` || doc.relativePath === `${top}/intro.md`;
    if (isLanding && !sections.has(top)) sections.set(top, { title: doc.title, permalink: doc.permalink });
  }
  return { title: docSet.config.title, base: docSet.location.base, sections: [...sections.values()] };
}
