// The JSON content API (README "Content API"): plain data in, plain data out, no framework.
// Failures are thrown as HttpError; the web layer answers them as RFC 9457 problem documents.
import { renderErrorBlock } from '../../markdown/render.js';
import { permalinkOnRef } from '../../urls.js';
import { permalinkOf } from '../../content/ids.js';
import { versionRoot } from '../../docs/docs-version.js';
import { notFound } from '../http-error.js';
import { addressOfRoute, type RequestContext } from '../request.js';
import type { Located, ResolvedVersion, DocsInstance } from '../site.js';
import { sidebarNodes } from './sidebar.js';

/**
 * `GET /api/versions`: every docs instance with its versions' metadata (Docusaurus's names; `pluginId`
 * is the instance's id) and the commit each serves now. `versions` lists them all, instance after instance.
 */
export function apiVersions({ snapshot }: Pick<RequestContext, 'snapshot'>) {
  const instances = snapshot.instances.map((instance) => ({
    id: instance.config.id,
    base: instance.config.base,
    versions: instance.versions.map((version) => describeVersion(instance, version)),
    archived: instance.archived,
  }));
  return { base: instances[0]?.base ?? null, instances, versions: instances.flatMap((instance) => instance.versions) };
}

/** One version as the API lists it. */
function describeVersion(instance: DocsInstance, version: ResolvedVersion) {
  return {
    ...versionMetadata(version),
    path: permalinkOf(versionRoot(instance.config.base, version.path), ''),
    ref: version.ref ?? null,
    commit: version.commit ?? null,
  };
}

/** `GET /api/versions/{v}/pages`: the page catalogue of a version, branch (`~name`) or commit (`@oid`). */
export async function apiPages(context: RequestContext) {
  const { docSet, located } = await open(context, 'api-pages');
  const { groupOf } = await context.reads.sidebars(docSet);
  const href = (permalink: string) => permalinkOnRef(permalink, docSet.location.base, located.prefix);
  return {
    ...describe(located),
    pages: docSet.docs.map((doc) => ({
      id: doc.id,
      title: doc.title,
      description: doc.description ?? null,
      permalink: href(doc.permalink),
      sidebar: groupOf.get(doc.id) ?? null,
      unlisted: doc.unlisted,
    })),
  };
}

/** `GET /api/versions/{v}/pages/{slug}`: one page's metadata, HTML and table of contents. */
export async function apiPage(context: RequestContext) {
  const { docSet, located, route } = await open(context, 'api-page');
  const slug = route.kind === 'api-page' ? route.slug : '';
  const doc = docSet.byPermalink.get(permalinkOf(docSet.location.base, slug));
  if (!doc) throw notFound(`No page "${slug}" at ${located.prefix}.`, 'Page not found');
  const rendered = await context.site.render.renderDoc(doc, docSet, { prefix: located.prefix });
  return {
    ...describe(located),
    id: doc.id,
    title: doc.title,
    description: doc.description ?? null,
    permalink: permalinkOnRef(doc.permalink, docSet.location.base, located.prefix),
    sourcePath: doc.sourcePath,
    tags: doc.tags,
    unlisted: doc.unlisted,
    sidebarPosition: doc.sidebarPosition ?? null,
    sidebarLabel: doc.sidebarLabel ?? null,
    html: rendered.problems.map(renderErrorBlock).join('') + rendered.html,
    problems: rendered.problems,
    toc: rendered.toc.map(({ id, text, depth }) => ({ id, value: text, level: depth })),
  };
}

/** `GET /api/versions/{v}/sidebars/{name}`: one sidebar's items. */
export async function apiSidebar(context: RequestContext) {
  const { docSet, located, route } = await open(context, 'api-sidebar');
  const name = route.kind === 'api-sidebar' ? route.name : '';
  const { sidebars } = await context.reads.sidebars(docSet);
  const sidebar = sidebars.find((candidate) => candidate.name === name);
  if (!sidebar) throw notFound(`No sidebar "${name}" at ${located.prefix}; there are: ${sidebars.map((candidate) => candidate.name).join(', ') || 'none'}.`, 'Sidebar not found');
  return { ...describe(located), name, label: sidebar.label, items: sidebarNodes(sidebar.items, docSet, located.prefix) };
}

/** Opens the doc set an API route selects. */
async function open(context: RequestContext, kind: 'api-pages' | 'api-page' | 'api-sidebar') {
  const { route } = context;
  const address = route.kind === kind ? addressOfRoute(context.snapshot, route) : undefined;
  if (route.kind !== kind || !address) throw notFound('No API endpoint at this address (is `instance` a docs instance id? see /api/versions).');
  const { located } = await context.reads.locate(address);
  return { docSet: await context.reads.docSet(located), located, route };
}

function describe(located: Located) {
  return { instance: located.instance.id, version: located.version ? located.version.name : null, branch: located.branch ?? null, commit: located.commit };
}

/** The Docusaurus metadata of a version, with exactly Docusaurus's names and values (no banner is `null`). */
function versionMetadata(version: ResolvedVersion) {
  const { name, label, path, pluginId, banner, badge, noIndex, className, isLast, docsSidebars } = version;
  return { name, label, path, pluginId, version: version.version, banner: banner === 'none' ? null : banner, badge, noIndex, className, isLast, docsSidebars };
}
