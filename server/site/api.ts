// The JSON content API (README "Content API"): plain data in, plain data out, no framework.
// Failures are returned as RFC 9457 problem objects rather than thrown, so callers in another
// bundle never need `instanceof` (docs/decisions/001-server-bundle.md).
import type { DocSet } from '../content/doc-set.js';
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

/**
 * Where sidebars come from: the sidebars of one commit's docs, by name, in order. Implemented by
 * server/content/sidebars (wired in bin/docsite.ts); until then the sidebar endpoint answers 501.
 */
export type SidebarSource = (docSet: DocSet) => Promise<ReadonlyMap<string, ApiSidebarItem[]>>;

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
export async function apiPages(site: Site, snapshot: Snapshot, selector: string, sidebars?: SidebarSource) {
  const opened = await open(site, snapshot, selector);
  if (!opened.ok) return opened;
  const { docSet, located } = opened.value;
  const groups = sidebars ? sidebarGroups(await sidebars(docSet)) : undefined;
  return ok({
    ...describe(located),
    pages: docSet.docs.map((doc) => ({
      id: doc.id,
      title: doc.title,
      description: doc.description ?? null,
      permalink: hrefIn(located, docSet, doc.permalink),
      sidebar: groups?.get(doc.id) ?? null,
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
export async function apiSidebar(site: Site, snapshot: Snapshot, selector: string, name: string, sidebars?: SidebarSource) {
  if (!sidebars) return problem(501, 'Sidebars not available', 'This server does not read sidebars yet.');
  const opened = await open(site, snapshot, selector);
  if (!opened.ok) return opened;
  const all = await sidebars(opened.value.docSet);
  const items = all.get(name);
  if (!items) return problem(404, 'Sidebar not found', `No sidebar "${name}" in ${selector}; there are: ${[...all.keys()].join(', ') || 'none'}.`);
  return ok({ ...describe(opened.value.located), name, items });
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
  return located.path.prefix + permalink.slice(docSet.location.base.length + 1);
}

/** The first sidebar that links each doc: its group, as Docusaurus assigns it. */
function sidebarGroups(sidebars: ReadonlyMap<string, ApiSidebarItem[]>): Map<string, string> {
  const groups = new Map<string, string>();
  const walk = (name: string, items: ApiSidebarItem[]) => {
    for (const item of items) {
      if (item.docId && !groups.has(item.docId)) groups.set(item.docId, name);
      if (item.items) walk(name, item.items);
    }
  };
  for (const [name, items] of sidebars) walk(name, items);
  return groups;
}
