// Cache tags for caches in front (Varnish, a CDN): every cacheable response names what it was read
// from, and when a ref moves the server says which of those names changed, so a cache drops just
// those responses (docs/decisions/021-surrogate-keys.md). Keys are short hex tokens: safe in a
// header, in a Varnish ban regex and in a CDN's tag API, whatever a branch or page is called.
import crypto from 'node:crypto';
import type { DocSet } from '../../content/doc-set.js';
import { diffTrees } from '../../git/tree-diff.js';
import type { Repository } from '../../git/repository.js';
import type { Located } from '../locate.js';
import type { Snapshot } from '../snapshot.js';

/** Every response of the site: purged when the version list or the configuration changes. */
export const SITE_KEY = 'docsite';
/** Responses derived from the whole snapshot (the home page, the version list). */
export const SNAPSHOT_KEY = 'snapshot';

/** The ref a located URL reads, as cache keys name it: a version of an instance, a branch, or a commit. */
function refName(located: Pick<Located, 'kind' | 'commit' | 'version' | 'branch' | 'instance'>): string {
  return located.kind === 'version' ? versionRef(located.instance.id, located.version!.name) : located.kind === 'branch' ? `branch:${located.branch}` : `commit:${located.commit}`;
}

/** A version's ref name in cache keys: instances may have versions of the same name. */
function versionRef(instance: string, name: string): string {
  return `version:${instance}:${name}`;
}

/** The key of every response of one ref. */
export function refKey(ref: string): string {
  return `r-${digest(ref)}`;
}

/** The key of one page on one ref (the page named by its permalink on the default ref): the doc, its `.md`, its API entry. */
export function pageKey(ref: string, permalink: string): string {
  return `p-${digest(`${ref}\n${permalink}`)}`;
}

/** The key of a ref's link report, which lists its commit's blog posts too: purged when they change. */
function linksKey(ref: string): string {
  return refKey(`${ref}:links`);
}

/** The keys of a docs response: the site, its ref, its page (when it is one), the link report's (for it) and the commit it was read from. */
export function responseKeys(located: Located, slug: string | undefined, links = false): string[] {
  const ref = refName(located);
  const root = `/${located.version?.root ?? located.instance.base}`;
  const page = slug === undefined ? [] : [pageKey(ref, slug ? `${root}/${slug}` : root)];
  return [SITE_KEY, refKey(ref), ...page, ...(links ? [linksKey(ref)] : []), `c-${located.commit.slice(0, 16)}`];
}

/** A blog's ref in cache keys: its responses at the default ref (previews are revalidated every time and carry the site's key only). */
function blogRef(blog: string): string {
  return `blog:${blog}`;
}

/** The keys of a blog's response at the default ref: its post's page key, or for any other page (lists, tags, authors, archive, feeds) the key they share. */
export function blogResponseKeys(blog: string, commit: string, post: string | undefined): string[] {
  const ref = blogRef(blog);
  return [SITE_KEY, refKey(ref), post === undefined ? refKey(`${ref}:lists`) : pageKey(ref, post), `c-${commit.slice(0, 16)}`];
}

/** A blog at one commit as purges compare it: its folder, and (read only when needed) each post by file (a draft as such) with its permalink and what other pages show of it. */
export interface BlogListing {
  id: string;
  folder: string;
  posts(): Promise<ReadonlyMap<string, { permalink: string; listing: string } | 'draft'>>;
}

/** What `purgeKeys` needs from the site: the repository, each commit's doc sets and its blogs. */
export interface KeySource {
  repository: Pick<Repository, 'readCommitObject' | 'readTreeEntries' | 'readBlob'>;
  docSets(commit: string): Promise<DocSet[]>;
  blogs?(commit: string): Promise<BlogListing[]>;
}

/**
 * The keys whose responses a refresh from `before` to `after` made stale: only the pages whose
 * file changed on a ref whose commit moved, or the whole ref when more than page bodies changed
 * (a page added, removed, renamed or retitled, a sidebar, category or data file; for a version, the
 * whole site, since every page lists the versions that hold it), or the whole site when the
 * versions changed. Refs that did not move purge nothing.
 */
export async function purgeKeys(source: KeySource, before: Snapshot, after: Snapshot): Promise<string[]> {
  const versionsOf = (snapshot: Snapshot) =>
    JSON.stringify(
      snapshot.instances.map((instance) => [
        instance.config.id,
        instance.config.base,
        instance.versions.map((v) => [v.name, v.path, v.label, v.banner, v.isLast, Boolean(v.commit)]),
      ]),
    );
  if (versionsOf(before) !== versionsOf(after)) return [SITE_KEY];
  const keys = new Set<string>();
  if (before.defaultCommit !== after.defaultCommit) keys.add(SNAPSHOT_KEY);
  const moves: [ref: string, from: string | undefined, to: string | undefined][] = [];
  for (const instance of after.instances) {
    const old = before.instances.find((candidate) => candidate.config.id === instance.config.id);
    for (const version of instance.versions) moves.push([versionRef(instance.config.id, version.name), old?.versions.find((v) => v.name === version.name)?.commit, version.commit]);
  }
  for (const name of new Set([...before.branches.keys(), ...after.branches.keys(), ...before.tags.keys(), ...after.tags.keys()])) {
    moves.push([`branch:${name}`, before.branches.get(name) ?? before.tags.get(name), after.branches.get(name) ?? after.tags.get(name)]);
  }
  const blogs = async (commit: string | undefined) => (commit && source.blogs ? source.blogs(commit) : []);
  for (const [ref, from, to] of moves) {
    if (from === to) continue;
    // A blog's files (its posts, authors and tags) show on its own pages only.
    const blogFolders = [...(await blogs(from)), ...(await blogs(to))].map((blog) => `${blog.folder}/`);
    const stale = from && to ? await changedPageKeys(source, ref, from, to, blogFolders) : [refKey(ref)];
    // Every page says which versions hold it ("Available in", the switcher): a version that gained,
    // lost or moved a page changes pages of the other versions too.
    if (ref.startsWith('version:') && stale.includes(refKey(ref))) return [SITE_KEY];
    for (const key of stale) keys.add(key);
  }
  if (before.defaultCommit !== after.defaultCommit)
    for (const key of await changedBlogKeys(source, before.defaultCommit, after.defaultCommit, await blogs(before.defaultCommit), await blogs(after.defaultCommit))) keys.add(key);
  return [...keys];
}

/**
 * The keys of a blog's responses that a move of the default ref made stale: a post whose body alone
 * changed (its page, and the pages that show posts: lists, tags, authors, feeds), else the whole
 * blog. Docs and drafts show on no blog page; any other file (the config, a component) may.
 */
async function changedBlogKeys(source: KeySource, from: string, to: string, old: readonly BlogListing[], next: readonly BlogListing[]): Promise<string[]> {
  if (!old.length && !next.length) return [];
  const [oldDocs, newDocs] = await Promise.all([bySourcePath(source, from), bySourcePath(source, to)]);
  const [oldTree, newTree] = await Promise.all([source.repository.readCommitObject(from), source.repository.readCommitObject(to)]);
  // Docs show on no blog page.
  const changes = (await diffTrees(source.repository, oldTree.tree, newTree.tree)).filter(
    (change) => !oldDocs.bySourcePath.has(change.path) && !newDocs.bySourcePath.has(change.path),
  );
  const keys: string[] = [];
  for (const id of new Set([...old, ...next].map((blog) => blog.id))) {
    const [before, after] = [old.find((blog) => blog.id === id), next.find((blog) => blog.id === id)];
    const ref = blogRef(id);
    // Another blog's files show on that blog's pages only.
    const others = [...old, ...next].filter((blog) => blog.id !== id).map((blog) => `${blog.folder}/`);
    const ours = changes.filter((change) => !others.some((folder) => change.path.startsWith(folder)));
    const stale = async (): Promise<string[]> => {
      if (!ours.length) return [];
      // A file outside the blog's folder (the config, a component) may change any of its pages: its posts are not read.
      if (!before || !after || before.folder !== after.folder || ours.some((change) => !change.path.startsWith(`${after.folder}/`))) return [refKey(ref)];
      const [oldPosts, newPosts] = await Promise.all([before.posts(), after.posts()]);
      const own: string[] = [];
      for (const change of ours) {
        const [a, b] = [oldPosts.get(change.path), newPosts.get(change.path)];
        if (a === 'draft' && b === 'draft') continue;
        if (change.status !== 'modified' || typeof a !== 'object' || typeof b !== 'object' || a.listing !== b.listing) return [refKey(ref)];
        own.push(pageKey(ref, b.permalink), refKey(`${ref}:lists`));
      }
      return own;
    };
    keys.push(...(await stale()));
  }
  return [...new Set(keys)];
}

/** The page keys of the docs whose body alone changed between two commits of one ref, or the ref's key; files in `blogFolders` that are no doc are left to the blogs. */
async function changedPageKeys(source: KeySource, ref: string, from: string, to: string, blogFolders: readonly string[]): Promise<string[]> {
  const [old, next] = await Promise.all([bySourcePath(source, from), bySourcePath(source, to)]);
  const [oldTree, newTree] = await Promise.all([source.repository.readCommitObject(from), source.repository.readCommitObject(to)]);
  const changes = await diffTrees(source.repository, oldTree.tree, newTree.tree);
  const keys: string[] = [];
  for (const change of changes) {
    const before = old.bySourcePath.get(change.path);
    const after = next.bySourcePath.get(change.path);
    // A blog's file shows on the ref's link report alone (its posts are checked there); the blogs purge their own pages.
    if (!before && !after && blogFolders.some((folder) => change.path.startsWith(folder))) {
      keys.push(linksKey(ref));
      continue;
    }
    // Anything but an edit of a page's body can change what other pages show (sidebars, titles, links).
    if (change.status !== 'modified' || !before || !after || !sameListing(before, after)) return [refKey(ref)];
    keys.push(pageKey(ref, after.permalink));
  }
  return keys;
}

/** Every doc of every doc set of a commit, by repository path. */
async function bySourcePath(source: KeySource, commit: string): Promise<{ bySourcePath: ReadonlyMap<string, DocSet['docs'][number]> }> {
  const docs = new Map<string, DocSet['docs'][number]>();
  for (const docSet of await source.docSets(commit)) for (const [path, doc] of docSet.bySourcePath) docs.set(path, doc);
  return { bySourcePath: docs };
}

/** True when what other pages show of a doc (its title, labels, place, tags, address) is the same in both commits. */
function sameListing(a: DocSet['docs'][number], b: DocSet['docs'][number]): boolean {
  const listing = (doc: DocSet['docs'][number]) =>
    JSON.stringify([doc.title, doc.permalink, doc.sidebarLabel, doc.sidebarPosition, doc.tags, doc.description, doc.unlisted, doc.id]);
  return listing(a) === listing(b);
}

function digest(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
}
