// The one module through which routes reach server/. Loaders call these; nothing else in app/
// imports from server/ at run time.
import { redirect } from '@remix-run/node';
import type { Located, Site, Snapshot } from '../../server/site/site.js';
import type { DocPath } from '../../server/site/doc-path.js';
import type { DocSet } from '../../server/content/doc-set.js';
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
export async function openDocs(context: Context, request: Request): Promise<{ docSet: DocSet; path: DocPath; located: Located }> {
  const [, base = '', ...rest] = new URL(request.url).pathname.split('/');
  const { site, snapshot } = context;
  invariantResponse(base === snapshot.config.docs.base, `No documentation is served under /${base}.`);
  const located = await site.locate(snapshot, rest.join('/'));
  invariantResponse(!('notFound' in located), 'notFound' in located ? located.notFound : '');
  return { docSet: await site.docSet(located.commit), path: located.path, located };
}

/**
 * The docs shell's data: the site title, where the docs live, and what the version switcher and
 * banners show. Commit permalinks get no version list, so their page never changes.
 */
export async function loadShell(context: Context, request: Request) {
  const { docSet, path, located } = await openDocs(context, request);
  const { snapshot } = context;
  const base = snapshot.config.docs.base;
  const href = (versionPath: string, slug: string) => `/${base}${versionPath ? `/${versionPath}` : ''}${slug ? `/${slug}` : ''}`;
  const slugPath = path.slug.split('/').map(encodeURIComponent).join('/');
  const last = snapshot.versions.find((version) => version.isLast)!;
  const version = located.version;
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
            .map((candidate) => ({ name: candidate.name, label: candidate.label, href: `${href(candidate.path, slugPath)}?${SWITCH_PARAM}`, current: candidate.name === version?.name })),
    lastVersion: { label: last.label, href: href('', slugPath) },
    /** A page the switcher could not find in this version, which led here (the version's home). */
    missing: new URL(request.url).searchParams.get('missing'),
    // Previews and permalinks are copies of a version: keep them out of search engines, like a
    // version that asks for it.
    noIndex: located.kind !== 'version' || version!.noIndex,
    canonical: located.kind !== 'version' || version!.noIndex ? href('', slugPath) : null,
  };
}

/** Everything the page view needs, small enough to send on client navigation. */
export async function loadPage(context: Context, request: Request) {
  const { docSet, path } = await openDocs(context, request);
  const permalink = path.slug ? `/${docSet.location.base}/${path.slug}` : `/${docSet.location.base}`;
  const doc = docSet.byPermalink.get(permalink);
  const url = new URL(request.url);
  if (!doc && path.slug && url.searchParams.has(SWITCH_PARAM)) {
    // The version switcher keeps the page when it can, else lands on the version's home and says so.
    throw redirect(`${path.prefix}?missing=${encodeURIComponent(path.slug)}`);
  }
  invariantResponse(doc, `There is no page at ${path.prefix}/${path.slug} (commit ${docSet.commit.slice(0, 7)}).`);
  const rendered = await context.site.renderDoc(doc, docSet, { prefix: path.prefix });
  if (rendered.redirect) throw redirect(rendered.redirect, 301);
  return {
    title: doc.title,
    description: doc.description ?? rendered.description,
    html: doc.error ? renderErrorBlock(doc.error) + rendered.html : rendered.html,
    bannerHtml: rendered.bannerHtml,
    headings: rendered.toc,
    sourcePath: doc.sourcePath,
    commit: docSet.commit,
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
  return apiResponse(await apiPages(context.site, context.snapshot, selectorOf(request), context.site.sidebarSource));
}

/** `GET /api/versions/{v}/pages/{slug}`. */
export async function apiPageResponse(context: Context, request: Request): Promise<Response> {
  const slug = new URL(request.url).pathname.split('/').slice(5).map((part) => decodeURIComponentOr(part)).join('/');
  return apiResponse(await apiPage(context.site, context.snapshot, selectorOf(request), slug));
}

/** `GET /api/versions/{v}/sidebars/{name}`. */
export async function apiSidebarResponse(context: Context, request: Request, name: string): Promise<Response> {
  return apiResponse(await apiSidebar(context.site, context.snapshot, selectorOf(request), name, context.site.sidebarSource));
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
