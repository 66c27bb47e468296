// A page's history (`/{base}/{ref}/{page}?history`, README "Page history"): the commits that
// changed its file, following renames, each linking to the page at that commit and to the diff
// with the commit before. Read from per-commit changes cached by commit id (file-history.ts), so a
// history costs one walk of commits nobody read before, shared by every page and every ref.
import type { Doc, DocSet } from '../../content/doc-set.js';
import type { FileHistory } from '../../git/file-history.js';
import { docHistoryFor, permalinkAt } from '../review/history.js';
import { diffUrl, docsUrl, historyUrl } from '../../urls.js';
import { prefixOn } from '../locate.js';
import { HttpError } from '../http-error.js';
import { openDocs, permalinkOf, slugOfPermalink, type RequestContext } from '../request.js';
import type { Located, Site } from '../site.js';
import { suggestPages } from './suggestions.js';

/** Commits per page of a history. */
export const HISTORY_PAGE_SIZE = 30;
/** The last page a history shows: 100 pages of 30 commits, past the walk's own bound anyway. */
const MAX_PAGE = 100;

/** One commit of a page's history, as the page shows it. */
export interface HistoryEntry {
  commit: string;
  short: string;
  author: string;
  /** `2026-11-22`. */
  date: string;
  subject: string;
  /** The page at this commit. */
  href: string;
  /** The rendered diff of the page between the commit before and this one (none where the file was added). */
  diffHref: string | null;
  /** The file's path, when this commit renamed it (`from` → `to`). */
  renamed: { from: string; to: string } | null;
}

/** The history page of a doc: its commits, newest first, a page at a time. */
export async function historyView(context: RequestContext) {
  const { docSet, located, slug, href } = await openDocs(context, ['doc']);
  const doc = docSet.byPermalink.get(permalinkOf(docSet, slug));
  if (!doc) {
    const links = suggestPages(docSet, slug).map((page) => ({ label: page.label, href: href(page.permalink) }));
    throw new HttpError(404, 'Page not found', 'There is no page at this address, so it has no history here.', undefined, undefined, links);
  }
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(context.search.get('page')) || 1)));
  const history = await docHistoryFor(context, docSet, doc, page * HISTORY_PAGE_SIZE + 1);
  const shown = history.entries.slice((page - 1) * HISTORY_PAGE_SIZE, page * HISTORY_PAGE_SIZE);
  const pageUrl = href(doc.permalink);
  const more = history.entries.length > page * HISTORY_PAGE_SIZE || (history.more && history.entries.length >= page * HISTORY_PAGE_SIZE);
  return {
    kind: 'history' as const,
    title: `History of ${doc.title}`,
    pageTitle: doc.title,
    pageHref: pageUrl,
    sourcePath: doc.sourcePath,
    page,
    entries: await Promise.all(shown.map((entry) => historyEntry(context.site, located, docSet, doc, entry))),
    previous: page > 1 ? historyUrl(pageUrl, page - 1) : null,
    next: more && page < MAX_PAGE ? historyUrl(pageUrl, page + 1) : null,
    /** True when the walk stopped at its bound before the file's first commit. */
    truncated: history.more && !more,
    ref: located.kind === 'branch' ? `branch ${located.branch}` : located.kind === 'commit' ? `commit ${located.commit.slice(0, 7)}` : `version ${located.version?.label ?? ''}`,
  };
}

/** An entry as the page shows it: the page's URL at that commit (its permalink then, read from its front matter there). */
async function historyEntry(site: Site, located: Located, docSet: DocSet, doc: Doc, entry: FileHistory['entries'][number]): Promise<HistoryEntry> {
  // The page's address then: its path and front matter may have differed.
  const then = entry.oid === doc.blobOid && entry.path === doc.sourcePath ? undefined : await permalinkAt(site, docSet, entry.path, entry.oid);
  const permalink = then ?? doc.permalink;
  const prefix = prefixOn(located, { kind: 'commit', oid: entry.commit });
  const slug = slugOfPermalink(docSet, permalink);
  const pageAt = docsUrl(prefix, slug);
  return {
    commit: entry.commit,
    short: entry.commit.slice(0, 7),
    author: entry.author,
    date: new Date(entry.time).toISOString().slice(0, 10),
    subject: entry.subject,
    href: pageAt,
    diffHref: entry.status === 'added' || !entry.parent ? null : diffUrl(prefix, slug, `@${entry.parent}`),
    renamed: entry.status === 'renamed' && entry.oldPath ? { from: entry.oldPath, to: entry.path } : null,
  };
}
