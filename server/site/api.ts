// The JSON content API (README "Content API"): plain data in, plain data out, no framework.
// Failures are returned as RFC 9457 problem objects rather than thrown, so callers in another
// bundle never need `instanceof` (docs/decisions/001-server-bundle.md).
import { sidebarsOf } from '../content/sidebars/sidebars.js';
import type { SidebarItem } from '../content/sidebars/types.js';
import { sanitizeSidebarHtml } from '../content/sidebars/view.js';
import type { DocSet } from '../content/doc-set.js';
import { permalinkOnRef } from '../content/ids.js';
import { renderErrorBlock } from '../markdown/render.js';
import type { Located, ResolvedVersion, Site, Snapshot } from './site.js';
import { versionSplat } from './http-cache.js';

/** A problem document (application/problem+json). */
export interface Problem {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
}

/** An item of a sidebar as the API shows it. */
export interface ApiSidebarItem {
  type: 'link' | 'category' | 'html';
  label: string;
  href?: string;
  docId?: string;
  unlisted?: boolean;
  /** `html` items: sanitized markup. */
  value?: string;
  collapsible?: boolean;
  collapsed?: boolean;
  items?: ApiSidebarItem[];
}

type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** A problem result. */
export function problem(status: number, title: string, detail: string): { ok: false; problem: Problem } {
  return { ok: false, problem: { type: 'about:blank', title, status, detail } };
}

/** `GET /api/versions`: every version with its metadata and the commit it serves now. */
export function apiVersions(snapshot: Snapshot) {
  return {
    base: snapshot.config.docs.base,
    versions: snapshot.versions.map((version) => ({
      ...versionMetadata(version),
      path: `/${snapshot.config.docs.base}${version.path ? `/${version.path}` : ''}`,
      ref: version.ref,
      commit: version.commit ?? null,
    })),
  };
}

/** `GET /api/versions/{v}/pages`: the page catalogue of a version, branch (`~name`) or commit (`@oid`). */
export async function apiPages(site: Site, snapshot: Snapshot, selector: string) {
  const opened = await open(site, snapshot, selector);
  if (!opened.ok) return opened;
  const { docSet, located } = opened.value;
  const { groupOf } = await sidebarsOf(site, docSet);
  return ok({
    ...describe(located),
    pages: docSet.docs.map((doc) => ({
      id: doc.id,
      title: doc.title,
      description: doc.description ?? null,
      permalink: hrefIn(located, docSet, doc.permalink),
      sidebar: groupOf.get(doc.id) ?? null,
      unlisted: doc.unlisted,
    })),
  });
}

/** `GET /api/versions/{v}/pages/{slug}`: one page's metadata, HTML and table of contents. */
export async function apiPage(site: Site, snapshot: Snapshot, selector: string, slug: string) {
  const opened = await open(site, snapshot, selector);
  if (!opened.ok) return opened;
  const { docSet, located } = opened.value;
  const clean = slug.replace(/^\/+|\/+$/g, '');
  const doc = docSet.byPermalink.get(clean ? `/${docSet.location.base}/${clean}` : `/${docSet.location.base}`);
  if (!doc) return problem(404, 'Page not found', `No page "${clean}" in ${selector} (commit ${docSet.commit.slice(0, 7)}).`);
  const rendered = await site.renderDoc(doc, docSet, { prefix: located.path.prefix });
  return ok({
    ...describe(located),
    id: doc.id,
    title: doc.title,
    description: doc.description ?? null,
    permalink: hrefIn(located, docSet, doc.permalink),
    sourcePath: doc.sourcePath,
    tags: doc.tags,
    unlisted: doc.unlisted,
    sidebarPosition: doc.sidebarPosition ?? null,
    sidebarLabel: doc.sidebarLabel ?? null,
    html: doc.error ? renderErrorBlock(doc.error) + rendered.html : rendered.html,
    toc: rendered.toc.map(({ id, text, depth }) => ({ id, value: text, level: depth })),
  });
}

/** `GET /api/versions/{v}/sidebars/{name}`: one sidebar's items. */
export async function apiSidebar(site: Site, snapshot: Snapshot, selector: string, name: string) {
  const opened = await open(site, snapshot, selector);
  if (!opened.ok) return opened;
  const { docSet, located } = opened.value;
  const { sidebars } = await sidebarsOf(site, docSet);
  const sidebar = sidebars.find((candidate) => candidate.name === name);
  if (!sidebar) return problem(404, 'Sidebar not found', `No sidebar "${name}" in ${selector}; there are: ${sidebars.map((candidate) => candidate.name).join(', ') || 'none'}.`);
  return ok({ ...describe(located), name, label: sidebar.label, items: apiSidebarItems(sidebar.items, docSet, (permalink) => hrefIn(located, docSet, permalink)) });
}

/** A sidebar's items in the API's shape, with links on the requested version, branch or commit. */
function apiSidebarItems(items: readonly SidebarItem[], docSet: DocSet, href: (permalink: string) => string): ApiSidebarItem[] {
  return items.map((item): ApiSidebarItem => {
    switch (item.type) {
      case 'doc':
      case 'ref': {
        const doc = docSet.byId.get(item.id);
        return { type: 'link', label: item.label ?? doc?.sidebarLabel ?? doc?.title ?? item.id, href: doc && href(doc.permalink), docId: item.id, unlisted: doc?.unlisted ?? false };
      }
      case 'link':
        return { type: 'link', label: item.label, href: href(item.href), unlisted: false };
      case 'html':
        return { type: 'html', label: '', value: sanitizeSidebarHtml(item.value) };
      case 'category': {
        const linked = item.link?.type === 'doc' ? docSet.byId.get(item.link.id) : undefined;
        const permalink = item.link?.type === 'doc' ? linked?.permalink : item.link?.permalink;
        return {
          type: 'category',
          label: item.label,
          href: permalink && href(permalink),
          docId: linked?.id,
          unlisted: false,
          collapsible: item.collapsible,
          collapsed: item.collapsed,
          items: apiSidebarItems(item.items, docSet, href),
        };
      }
    }
  });
}

function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

async function open(site: Site, snapshot: Snapshot, selector: string): Promise<Result<{ docSet: DocSet; located: Located }>> {
  const splat = versionSplat(snapshot, selector);
  if (splat === undefined) return problem(404, 'Version not found', `No version "${selector}"; versions are ${snapshot.versions.map((version) => version.name).join(', ')} (or ~branch, @commit).`);
  const located = await site.locate(snapshot, splat);
  if ('notFound' in located) return problem(404, 'Version not found', located.notFound);
  try {
    return ok({ docSet: await site.docSet(located.commit), located });
  } catch (error) {
    // A commit whose docsite.yaml is broken: say so rather than fail as a server error.
    if (error instanceof Error && error.name === 'SiteConfigError') return problem(422, 'Broken site configuration', error.message);
    throw error;
  }
}

function describe(located: Located) {
  return { version: located.version ? located.version.name : null, branch: located.branch ?? null, commit: located.commit };
}

/** The Docusaurus metadata of a version, with exactly Docusaurus's names. */
function versionMetadata(version: ResolvedVersion) {
  const { name, label, path, pluginId, banner, badge, noIndex, className, isLast, docsSidebars } = version;
  return { name, label, path, pluginId, version: version.version, banner, badge, noIndex, className, isLast, docsSidebars };
}

/** A doc's URL where this version, branch or commit serves it. */
function hrefIn(located: Located, docSet: DocSet, permalink: string): string {
  return permalinkOnRef(permalink, docSet.location.base, located.path.prefix);
}
