// The one module through which routes reach server/. Loaders call these; nothing else in app/
// imports from server/ at run time.
import type { Site, Snapshot } from '../../server/site/site.js';
import { parseDocPath, type DocPath } from '../../server/site/doc-path.js';
import type { DocSet } from '../../server/content/doc-set.js';
import { renderErrorBlock } from '../../server/markdown/render.js';
import { assetType } from '../../server/markdown/links.js';
import { redirect } from '@remix-run/node';
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

/** The docs shell's data: the site title and where the docs live. */
export async function loadShell(context: Context, request: Request) {
  const { docSet, path } = await openDocs(context, request);
  return { title: docSet.config.title, base: docSet.location.base, prefix: path.prefix };
}

/** Everything the page view needs, small enough to send on client navigation. */
export async function loadPage(context: Context, request: Request) {
  const { docSet, path } = await openDocs(context, request);
  const permalink = path.slug ? `/${docSet.location.base}/${path.slug}` : `/${docSet.location.base}`;
  const doc = docSet.byPermalink.get(permalink);
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
