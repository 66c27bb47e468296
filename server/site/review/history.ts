// What the site reads from a ref's history besides "last updated": one page's commits (as `git log
// --follow` lists them, from the site's commit records: server/git/history.ts), and where renamed
// pages went (each commit's changes read once, cached by commit id and shared by every page and
// every ref: a commit's changes never change).
import crypto from 'node:crypto';
import type { Doc, DocSet } from '../../content/doc-set.js';
import { isDocFile } from '../../content/doc-set.js';
import { frontMatterText, parseFrontMatter } from '../../content/front-matter.js';
import { docIdentity, permalinkOf } from '../../content/ids.js';
import { commitChanges, commitChangesBytes, type CommitChanges, type FileHistory } from '../../git/file-history.js';
import type { RequestContext } from '../request.js';
import type { Site } from '../site.js';
import { derivedValue, wholeSite } from '../work/whole-site.js';

/** How far back renames are looked for when a URL finds no page: enough for years of a docs repository, bounded per head. */
const MAX_RENAME_WALK = 2000;

/** A commit's changes under a doc set's docs folder, cached by commit id. */
function changesOf(site: Site, docSet: DocSet): (oid: string) => Promise<CommitChanges> {
  const folder = docSet.location.path;
  return (oid) => site.caches.derive(oid, `changes:${folder}`, () => commitChanges(site.repository, oid, folder), commitChangesBytes);
}

/** A request's `docHistory`: inline on published versions, else a whole-site job its client pays for (decision 030). */
export function docHistoryFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, docSet: DocSet, doc: Pick<Doc, 'sourcePath'>, limit: number): Promise<FileHistory> {
  const name = `history:${limit}:${doc.sourcePath}`;
  return wholeSite(context, {
    key: `${docSet.commit}:${name}`,
    commits: [docSet.commit],
    published: 'inline',
    cached: () => derivedValue<FileHistory>(context, docSet.commit, name),
    run: () => docHistory(context.site, docSet, doc, limit),
  });
}

/** Up to `limit` commits of a doc's file as of its doc set's commit, cached by commit, path and limit. */
export function docHistory(site: Site, docSet: DocSet, doc: Pick<Doc, 'sourcePath'>, limit: number): Promise<FileHistory> {
  return site.caches.derive(
    docSet.commit,
    `history:${limit}:${doc.sourcePath}`,
    () => site.history.fileHistory(site.repository, docSet.commit, doc.sourcePath, limit),
    (history) => 200 + history.entries.length * 300,
  );
}

/**
 * The permalink a doc file had, read from its blob's front matter (`slug`, `id`) and its path then;
 * cached by blob and path, and by front matter and path: most versions of a page have the same
 * front matter, which is then parsed once (YAML is most of what a first history costs otherwise).
 */
export async function permalinkAt(site: Site, docSet: DocSet, path: string, blobOid: string): Promise<string | undefined> {
  const folder = `${docSet.location.path.replace(/\/+$/, '')}/`;
  const relative = path.startsWith(folder) ? path.slice(folder.length) : undefined;
  if (!relative || !isDocFile(relative)) return undefined;
  const { base } = docSet.location;
  const name = `permalink:${base}:${path}`;
  const bytes = (permalink: string) => 100 + permalink.length * 2;
  return site.caches.derive(
    blobOid,
    name,
    async () => {
      const source = new TextDecoder().decode(await site.repository.readBlob(blobOid));
      const text = crypto.createHash('sha256').update(frontMatterText(source)).digest('base64url');
      return site.caches.derive(text, name, async () => permalinkOf(base, docIdentity(relative, parseFrontMatter(source, path).data).slug), bytes);
    },
    bytes,
  );
}

/**
 * Where the page that had `permalink` went, when git history shows its file was renamed or moved
 * and the file is still there under its new name: its permalink now. Undefined otherwise.
 */
export async function renamedPermalink(site: Site, docSet: DocSet, permalink: string): Promise<string | undefined> {
  const renames = await site.caches.derive(
    docSet.commit,
    'renames',
    () => renamesOf(site, docSet),
    (map) => 200 + map.size * 200,
  );
  const path = renames.get(permalink);
  const doc = path ? docSet.bySourcePath.get(path) : undefined;
  return doc && doc.permalink !== permalink ? doc.permalink : undefined;
}

/**
 * Old permalink -> the file's path at the doc set's commit, for every rename of a doc file in the
 * last MAX_RENAME_WALK first-parent commits: one walk per head, newest first, chaining later
 * renames (a -> b, then b -> c: a's page is at c).
 */
async function renamesOf(site: Site, docSet: DocSet): Promise<Map<string, string>> {
  const read = changesOf(site, docSet);
  const finalPath = new Map<string, string>();
  const byPermalink = new Map<string, string>();
  let oid: string | undefined = docSet.commit;
  for (let walked = 0; oid && walked < MAX_RENAME_WALK; walked++) {
    const commit = await read(oid);
    for (const change of commit.changes) {
      if (change.status !== 'renamed' || !change.oldPath || !change.oldOid) continue;
      const target = finalPath.get(change.path) ?? change.path;
      finalPath.set(change.oldPath, target);
      const old = await permalinkAt(site, docSet, change.oldPath, change.oldOid);
      if (old && !byPermalink.has(old)) byPermalink.set(old, target);
    }
    oid = commit.parent;
  }
  return byPermalink;
}
