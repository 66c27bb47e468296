// The search indexes of the site (docs/decisions/012-search.md): one per doc set searched (a
// version of an instance at a commit), built in the background, brought up to date after a sync.
// Every published version's is built at start and after each sync, before anyone searches it, and
// kept on disk (index-store.ts) when the site has a store. A blog's posts have an index of their
// own per commit (its doc set of posts, decision 039), shared by every docs instance and version
// searched at that ref, so a blog costs one index per commit, not one per doc set.
import type { BlogOptions } from '../blog/blog-options.js';
import { versionModelOf } from '../docs/docs-instance.js';
import { docSetKey, type Doc, type DocSet } from '../content/doc-set.js';
import { RENDERER_VERSION } from '../markdown/render.js';
import type { PageInput } from '../search/engine.js';
import type { IndexStore } from '../search/index-store.js';
import { SearchIndexes, type IndexAnswer, type IndexSource } from '../search/indexes.js';
import { sectionsFromHtml } from '../search/sections.js';
import type { DocsAddress } from '../urls.js';
import { blogsOf, openBlog } from './blogs.js';
import { addressOf, type Located } from './locate.js';
import type { Site } from './site.js';
import type { Snapshot } from './snapshot.js';
import { isPublished } from './work/whole-site.js';
import { isWorkStop } from '../work-context.js';

/** What searching needs of the site: its caches, log, renderer, background queue and snapshot, locating refs and reading doc sets and blogs. */
export type SearchHost = Pick<Site, 'caches' | 'log' | 'render' | 'background' | 'snapshot' | 'locate' | 'docs' | 'repository' | 'history'>;

/** A blog searched at a ref: the default ref, a branch (`~name`, followed after a sync) or a commit (`@oid`). */
export interface BlogAt {
  options: BlogOptions;
  /** `''` for the default ref, the branch's name for a branch, undefined for a commit. */
  branch?: string;
  /** The commit read. */
  commit: string;
}

/** The search indexes of the site's doc sets, within the cache budget. */
export class SiteSearch {
  private readonly indexes: SearchIndexes;
  /** Where each searched ref is (by its index key), to bring its index up to date after a sync. */
  private readonly addresses = new Map<string, DocsAddress>();
  /** The index keys of each instance's last version: their builds go before the other background work. */
  private readonly lastVersions = new Set<string>();
  /** The branches whose blog was searched (by its index's ref key), to bring their index up to date after a sync. */
  private readonly blogBranches = new Map<string, { options: BlogOptions; branch: string }>();

  /** `store`: where published versions' indexes are kept across restarts, if anywhere. */
  constructor(
    private readonly host: SearchHost,
    store?: IndexStore,
  ) {
    this.indexes = new SearchIndexes(
      host.caches.search,
      undefined,
      // A build stopped because its clients left is not a failure.
      (error) => isWorkStop(error) || host.log.error({ err: error }, 'search index build failed'),
      // A published version's index is the site's own work: built in the background queue, once (decision 030), before the queue's other work.
      {
        // Each instance's last version first (what a first search asks for), before the link reports and checks queued; the other versions in turn.
        run: (key, build) => (isPublished(host.snapshot(), commitOfKey(key)) ? host.background.run(`search-index:${key}`, build, { urgent: this.lastVersions.has(key) }) : build()),
        hurry: (key) => host.background.hurry(`search-index:${key}`),
      },
      store && {
        store,
        keep: (key) => isPublished(host.snapshot(), commitOfKey(key)),
        log: (message, fields) => host.log.info(fields, message),
        failed: (error) => host.log.warn({ err: error }, 'could not keep a search index on disk'),
      },
    );
  }

  /**
   * The search index of the doc set a URL located, built in the background on its first search;
   * meanwhile the ref's last indexed commit answers (`stale`), or the answer says it is building.
   * `waitMs` bounds the wait for a build (the 404 page's suggestions wait for none). The answer's
   * `commit` is the key of the doc set that answered (docSetKey).
   */
  index(snapshot: Snapshot, located: Located, docSet: DocSet, waitMs?: number): Promise<IndexAnswer> {
    const ref = refKey(located, docSet);
    if (located.kind !== 'commit') this.addresses.set(ref, addressOfLocated(located));
    // A preview starts from the published version's index of the same docs, and indexes only what it changed.
    const seed = docSetKey(snapshot.defaultCommit, docSet);
    const live = new Set(snapshot.servedTips.map((tip) => docSetKey(tip, docSet)));
    return this.indexes.lookup(ref, this.source(docSet), live, seed, waitMs);
  }

  /**
   * Starts updating, in the background, the index of every ref that has one and moved, so the
   * first search after a push finds its words at once. Never throws: a failure is logged and the
   * next search tries again.
   */
  update(snapshot: Snapshot): void {
    for (const [ref, address] of this.addresses) this.prepare(snapshot, address, ref);
    for (const { options, branch } of this.blogBranches.values()) {
      const commit = snapshot.branches.get(branch) ?? snapshot.tags.get(branch);
      if (commit) this.prepareBlog(snapshot, { options, branch, commit });
    }
    this.warm(snapshot);
  }

  /**
   * The search index of a blog's listed posts at a ref, as `index` is for docs: built in the
   * background on its first search, a branch's from the default ref's (only the posts it changed
   * are rendered), the ref's last indexed commit answering meanwhile.
   */
  blogIndex(snapshot: Snapshot, at: BlogAt, posts: DocSet, waitMs?: number): Promise<IndexAnswer> {
    const ref = blogRefKey(at);
    if (at.branch) this.blogBranches.set(ref, { options: at.options, branch: at.branch });
    const seed = docSetKey(snapshot.defaultCommit, posts);
    const live = new Set(snapshot.servedTips.map((tip) => docSetKey(tip, posts)));
    return this.indexes.lookup(ref, this.source(posts), live, seed, waitMs);
  }

  /** The index of a blog's posts at a commit when it is ready (or known too big), without starting a build. */
  blogReady(posts: DocSet): IndexAnswer | undefined {
    return this.indexes.ready(docSetKey(posts.commit, posts));
  }

  /**
   * Starts building, in the background queue, the index of every published version of every
   * instance (every instance's default version first) that has none yet: at start and after each sync, so no
   * reader's search waits for a build. A version's index already in memory or on disk costs nothing.
   * Resolves once every build is queued (or known not needed); never rejects.
   */
  warm(snapshot: Snapshot): Promise<void> {
    // Each instance's default version (what its search box searches) before any other version.
    const versions = snapshot.instances
      .flatMap((instance) => instance.versions.map((version) => ({ instance, version })))
      .sort((a, b) => Number(b.version.isLast) - Number(a.version.isLast));
    const queued: Promise<void>[] = [];
    this.lastVersions.clear();
    for (const { instance, version } of versions) {
      if (version.commit) queued.push(this.prepare(snapshot, addressOf(instance.config.base, { kind: 'version-name', name: version.name }), version.name, version.isLast));
    }
    for (const options of blogsOf(snapshot.config)) queued.push(this.prepareBlog(snapshot, { options, branch: '', commit: snapshot.defaultCommit }));
    return Promise.all(queued).then(() => undefined);
  }

  /** Starts bringing a blog's index at a ref up to date, waiting for nothing but its queueing; a failure is logged and the next search tries again. */
  private prepareBlog(snapshot: Snapshot, at: BlogAt): Promise<void> {
    return openBlog(this.host, at.commit, at.options)
      .then(({ docSet }) => void this.blogIndex(snapshot, at, docSet, 0))
      .catch((error) => this.host.log.debug({ err: error, blog: at.options.id }, 'blog search index not updated'));
  }

  /** Starts bringing the index of an address up to date, waiting for nothing but its queueing; a failure is logged and the next search tries again. */
  private prepare(snapshot: Snapshot, address: DocsAddress, ref: string, isLast = false): Promise<void> {
    return this.host
      .locate(snapshot, address)
      .then(async ({ located }) => {
        const docSet = await this.host.docs.docSet(located.commit, located.instance.id, located.versionName, located.instance.locale);
        if (isLast) this.lastVersions.add(docSetKey(docSet.commit, docSet));
        await this.index(snapshot, located, docSet, 0);
      })
      .catch((error) => this.host.log.debug({ err: error, ref }, 'search index not updated'));
  }

  /**
   * What the search index of a doc set is made of: its listed pages (unlisted ones are served but
   * not found, as on a Docusaurus site), each read from its rendered HTML (cached by blob), so the
   * index holds the text readers see.
   */
  source(docSet: DocSet): IndexSource {
    const keyOf = (doc: Doc) => `${doc.blobOid}:${doc.permalink}:${RENDERER_VERSION}`;
    const outline = (docId: string): PageInput => {
      const doc = docSet.byId.get(docId)!;
      const keywords = Array.isArray(doc.frontMatter.keywords) ? doc.frontMatter.keywords.map(String) : [];
      const meta = [doc.description ?? '', ...keywords, ...doc.tags].join(' ');
      // Its key is never the page's own: an outline left in an index is read again.
      return {
        docId,
        key: `outline:${keyOf(doc)}`,
        title: doc.title,
        path: doc.permalink.split(/[/_-]+/).join(' '),
        meta,
        sections: [{ anchor: '', heading: '', parents: [], body: '' }],
      };
    };
    const load = async (docId: string): Promise<PageInput> => {
      const doc = docSet.byId.get(docId)!;
      const page = await this.host.render.renderDoc(doc, docSet);
      return { ...outline(docId), key: keyOf(doc), sections: sectionsFromHtml(page.html) };
    };
    const pages = docSet.docs.filter((doc) => !doc.unlisted).map((doc) => ({ docId: doc.id, key: keyOf(doc) }));
    return { commit: docSetKey(docSet.commit, docSet), pages, load, outline, segment: (inputs) => this.host.render.indexSegment(inputs) };
  }

  /** A doc set's search index when it is ready (or known too big), without starting a build. */
  ready(docSet: DocSet): IndexAnswer | undefined {
    return this.indexes.ready(docSetKey(docSet.commit, docSet));
  }

  /** The last index build's figures (for the benchmark). */
  lastBuild(): SearchIndexes['lastBuild'] {
    return this.indexes.lastBuild;
  }
}

/** The commit of a doc set's key (docSetKey): the index cache is keyed by doc set. */
function commitOfKey(key: string): string {
  return key.split(':')[0];
}

/** The ref an index follows: the instance and version folder, and the version, branch or commit read. */
function refKey(located: Located, docSet: DocSet): string {
  const ref = located.kind === 'version' ? `version:${located.version!.name}` : located.kind === 'branch' ? `~${located.branch}` : `@${located.commit}`;
  return `${docSet.instance}:${docSet.version}:${ref}${docSet.locale ? `:${docSet.locale}` : ''}`;
}

/** The ref a blog's index follows: the blog, and its default ref, branch or commit. */
function blogRefKey(at: BlogAt): string {
  return `blog:${at.options.id}:${at.branch === undefined ? `@${at.commit}` : at.branch ? `~${at.branch}` : 'default'}`;
}

/** Where a located ref is, as an address to locate again after a sync. */
function addressOfLocated(located: Located): DocsAddress {
  const selector =
    located.kind === 'branch'
      ? { kind: 'branch' as const, name: located.branch! }
      : located.version?.ref !== undefined
        ? { kind: 'version-name' as const, name: located.version.name }
        : { kind: 'default' as const };
  return { base: located.instance.base, selector, folder: located.version ? versionModelOf(located.instance).folderOf(located.version) : '', prefix: located.prefix };
}
