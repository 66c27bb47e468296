import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Repository } from '../git/repository.js';
import { commitDirectory } from '../git/commit-directory.js';
import { loadDocSet, type Doc, type DocSet } from '../content/doc-set.js';
import { linkTableBytes, linkTableOf, PageRenderer, type PageView, type RenderOptions } from '../markdown/page-renderer.js';
import type { LinkTable } from '../markdown/render-job.js';
import { RenderPool } from '../markdown/render-pool.js';
import { dataProblems, loadPresetData, pageBanner, problemsFor, SITE_COMPONENTS, sidebarGenerators, type PresetData } from '../presets/index.js';
import type { Problem } from '../problem.js';
import { createLogger, type Logger } from './log.js';
import type { SiteConfig } from '../content/site-config.js';
import type { ServerConfig } from './env.js';
import { docsPrefix, type Selector } from '../urls.js';
import { buildSidebars, type SiteSidebars } from '../content/sidebars/sidebars.js';
import { tagsOf, type Tag } from '../content/tags.js';
import { lastUpdates, type LastUpdate } from '../git/history.js';
import { reachableCommits } from '../git/reachable.js';
import { Caches, cacheBudgetBytes, type CacheStats } from './caches.js';
import { notFound } from './http-error.js';
import { currentClone, removeOtherClones } from './clones.js';
import { previewAllowed, versionsOf, type SiteVersion } from './versions.js';

/**
 * Which commit every ref pointed to at one moment. Immutable: a refresh builds a new snapshot and
 * swaps it in, so a request that holds one never sees two commits of the same ref.
 */
export interface Snapshot {
  /** The ref served at /{base}/...: CONTENT_REF or the repository's default branch. */
  readonly defaultRef: string;
  readonly defaultCommit: string;
  readonly branches: ReadonlyMap<string, string>;
  readonly tags: ReadonlyMap<string, string>;
  readonly takenAt: Date;
  /** The default commit's docsite.yaml: versions, base, preview pattern come from it. */
  readonly config: SiteConfig;
  /** Every version with the commit its ref points to (undefined when the ref does not exist). */
  readonly versions: readonly ResolvedVersion[];
  /** Globs of branches readable at /{base}/~{branch}/ (PREVIEW_BRANCHES, else docsite.yaml). */
  readonly previewBranches: string;
  /**
   * Why the default ref's newest commit is not served: its docsite.yaml is broken, so the default
   * commit and configuration stay at the last good ones.
   */
  readonly configError?: string;
}

/** A version and the commit it reads in one snapshot. */
export interface ResolvedVersion extends SiteVersion {
  commit: string | undefined;
}

/** What a docs URL selects in a snapshot: the commit and how it was named. */
export interface Located {
  /** `commit`: an immutable permalink; `version`: a configured version; `branch`: a preview. */
  kind: 'commit' | 'version' | 'branch';
  commit: string;
  /** The URL prefix that selects this ref, for building links (`/general/~feature%2Fx`). */
  prefix: string;
  version?: ResolvedVersion;
  /** The branch or tag name of a preview. */
  branch?: string;
}

/**
 * The documentation site: one repository, the current snapshot of its refs, and the caches of
 * what was derived from its commits.
 */
export class Site {
  private current: Snapshot;
  private readonly pages: PageRenderer;
  readonly caches: Caches;

  private constructor(
    private currentRepository: Repository,
    private readonly config: ServerConfig,
    snapshot: Snapshot,
    private readonly fixedNow: Date | undefined,
    private readonly log: Logger,
  ) {
    this.current = snapshot;
    this.caches = new Caches(cacheBudgetBytes(config.cacheMb));
    const pool = new RenderPool({ threads: config.renderThreads, timeoutMs: config.renderTimeoutMs, workerFile: renderWorkerFile(), components: SITE_COMPONENTS });
    // Through the getter: a re-clone swaps the repository, and the renderer must follow it.
    this.pages = new PageRenderer(
      (oid) => this.repository.readBlob(oid),
      this.caches.renderedBytes,
      pool,
      (msg, problem) => this.log.warn(problem, msg),
    );
  }

  /** The repository objects are read from; swapped when a fresh clone replaces a cluttered one. */
  get repository(): Repository {
    return this.currentRepository;
  }

  /**
   * Replaces the repository by a fresh clone of the same remote. Every cache stays valid: they
   * hold immutable objects by id, and the new clone holds the same objects.
   */
  swapRepository(repository: Repository): void {
    this.currentRepository = repository;
  }

  /** The date content is evaluated for (banners, archived releases): the real clock unless fixed. */
  now(): Date {
    return this.fixedNow ?? new Date();
  }

  /**
   * Opens the configured repository (clone, local path or embedded content), takes a first
   * snapshot and loads its default commit, so a broken site configuration stops start-up with a
   * clear error instead of failing every request.
   */
  static async open(config: ServerConfig, log: Logger = createLogger()): Promise<Site> {
    const { repository, fetchError } = await openRepository(config);
    const refs = await readRefs(repository, config.contentRef);
    const docSet = await loadDocSet(repository, refs.defaultCommit);
    const snapshot = buildSnapshot(refs, docSet.config, config);
    const site = new Site(repository, config, snapshot, config.now ? new Date(`${config.now}T12:00:00Z`) : undefined, log);
    site.caches.docSets.set(docSet.commit, docSet);
    if (fetchError) site.startupSyncError = { message: fetchError.message, at: new Date() };
    return site;
  }

  /**
   * Why the start-up fetch of an existing clone failed (the clone is served as it was); Sync
   * reports it as the first failed sync, so /readyz is honest before the first poll.
   */
  startupSyncError: { message: string; at: Date } | undefined;

  /** The snapshot a request should hold for its whole life. */
  snapshot(): Snapshot {
    return this.current;
  }

  /**
   * Fetches from the remote (if any) and swaps in a new snapshot in one assignment, so a request
   * holds either the old or the new one. On a failed fetch the old one stays. When the default
   * ref's new commit has a broken docsite.yaml, the default commit and configuration stay at the
   * last good ones (other refs move on) and the snapshot says why in `configError`.
   * Callers serialize refreshes (see sync.ts).
   */
  async refresh(opts: { timeoutMs?: number } = {}): Promise<Snapshot> {
    const repository = this.repository;
    await repository.fetch(opts);
    let refs = await readRefs(repository, this.config.contentRef);
    let config: SiteConfig;
    let configError: string | undefined;
    try {
      config = (await this.docSet(refs.defaultCommit)).config;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'SiteConfigError')) throw error;
      const previous = this.current;
      refs = { ...refs, defaultCommit: previous.defaultCommit };
      config = previous.config;
      configError = error.message;
    }
    this.current = { ...buildSnapshot(refs, config, this.config), configError };
    return this.current;
  }

  /**
   * The commit a URL's selector names in a snapshot: the last version, a named version, a preview
   * branch or tag the pattern allows, or a commit reachable from one of those. Throws a 404
   * HttpError saying what is missing.
   */
  async locate(snapshot: Snapshot, selector: Selector): Promise<Located> {
    const base = snapshot.config.docs.base;
    const prefix = docsPrefix(base, selector);
    switch (selector.kind) {
      case 'default':
      case 'version':
      case 'version-name': {
        const version = snapshot.versions.find((candidate) =>
          selector.kind === 'default' ? candidate.isLast : selector.kind === 'version' ? candidate.path === selector.path : candidate.name === selector.name,
        );
        if (!version)
          throw notFound(
            `No version "${selector.kind === 'version' ? selector.path : selector.kind === 'version-name' ? selector.name : ''}"; versions are ${snapshot.versions.map((v) => v.name).join(', ')} (or ~branch, @commit).`,
            'Version not found',
          );
        if (!version.commit) throw notFound(`Version ${version.label} reads "${version.ref}", which is not in the content repository.`, 'Version not found');
        return { kind: 'version', commit: version.commit, prefix: docsPrefix(base, version.path ? { kind: 'version', path: version.path } : { kind: 'default' }), version };
      }
      case 'branch': {
        const commit = snapshot.branches.get(selector.name) ?? snapshot.tags.get(selector.name);
        if (!commit || !previewAllowed(snapshot.previewBranches, selector.name)) throw notFound(`No branch named "${selector.name}" is served here.`, 'Branch not found');
        // The default ref previews the commit the site serves, even while its newest one is broken.
        return { kind: 'branch', commit: selector.name === snapshot.defaultRef ? snapshot.defaultCommit : commit, prefix, branch: selector.name };
      }
      case 'commit': {
        const commit = await this.reachableCommit(snapshot, selector.oid);
        if (!commit) throw notFound(`No commit "${selector.oid}" of a served version, branch or tag.`, 'Commit not found');
        return { kind: 'commit', commit, prefix };
      }
    }
  }

  /**
   * The full id of the one commit starting with `oid` that is reachable from a served ref (a
   * version, or a branch or tag the preview pattern allows), so a permalink never reaches past
   * what the site publishes. Undefined when none or several match.
   */
  private async reachableCommit(snapshot: Snapshot, oid: string): Promise<string | undefined> {
    const tips = servedTips(snapshot);
    const reachable = await this.caches.derive(
      tipsKey(tips),
      'reachable',
      () => reachableCommits(this.repository, tips),
      (set) => set.size * 100,
    );
    if (oid.length === 40) return reachable.has(oid) ? oid : undefined;
    let found: string | undefined;
    for (const candidate of reachable) {
      if (!candidate.startsWith(oid)) continue;
      if (found) return undefined;
      found = candidate;
    }
    return found;
  }

  /** The doc model of a commit, built once and cached by commit id. */
  docSet(commit: string): Promise<DocSet> {
    return this.caches.docSets.fetch(commit, () => loadDocSet(this.repository, commit)) as Promise<DocSet>;
  }

  /** The sidebars of a commit for today (the release archive moves with the date). */
  sidebars(docSet: DocSet): Promise<SiteSidebars> {
    return this.caches.derive(
      docSet.commit,
      `sidebars:${dayOf(this.now())}`,
      async () => {
        const presetData = await this.presetData(docSet);
        const sidebars = await buildSidebars(this.repository, docSet, this.now(), sidebarGenerators(presetData));
        // A generator fed by a broken data file: say so where the sidebar's problems are shown.
        return { ...sidebars, problems: [...sidebars.problems, ...problemsFor(presetData, { generators: sidebars.generatorsUsed })] };
      },
      sidebarsBytes,
    );
  }

  /** Every tag of a commit. */
  tags(docSet: DocSet): Promise<ReadonlyMap<string, Tag>> {
    return this.caches.derive(
      docSet.commit,
      'tags',
      async () => tagsOf(docSet),
      (tags) => 200 + [...tags.values()].reduce((n, tag) => n + 100 + tag.docs.length * 16, 0),
    );
  }

  /** When each file of a commit's docs folder last changed, and by whom. */
  lastUpdated(docSet: DocSet): Promise<Map<string, LastUpdate>> {
    return this.caches.derive(
      docSet.commit,
      'last-updated',
      () => lastUpdates(this.repository, docSet.commit, docSet.location.path),
      (updates) => 200 + updates.size * 150,
    );
  }

  /**
   * A doc of a commit rendered to HTML for a ref's URL prefix, cached by blob, renderer version and
   * link context; its banner is computed for `now()` on every call.
   */
  async renderDoc(doc: Doc, docSet: DocSet, opts: Pick<Partial<RenderOptions>, 'prefix' | 'docCards'> = {}): Promise<PageView & { problems: Problem[] }> {
    const now = this.now();
    const presetData = await this.presetData(docSet);
    const banner = pageBanner({ frontMatter: doc.frontMatter, sourcePath: doc.sourcePath, editUrl: docSet.config.editUrl }, presetData, now);
    const page = await this.pages.render(doc, docSet, {
      prefix: opts.prefix ?? `/${docSet.location.base}`,
      now,
      docCards: opts.docCards,
      banner,
      table: await this.linkTable(docSet),
    });
    return { ...page, problems: [...(doc.error ? [doc.error] : []), ...problemsFor(presetData, { components: page.components, banner: banner.length > 0 })] };
  }

  /** The presets' data files of a commit (releases, projects...), read once, with their problems. */
  presetData(docSet: DocSet): Promise<PresetData> {
    const read = async (file: string) => {
      const entry = docSet.tree.get(file);
      return entry ? new TextDecoder().decode(await this.repository.readBlob(entry.oid)) : undefined;
    };
    return this.caches.derive(
      docSet.commit,
      'preset-data',
      () => loadPresetData(read),
      (data) => 1000 + JSON.stringify(data.data).length * 2,
    );
  }

  /** What every page of a commit links against, sent to the render workers. */
  private linkTable(docSet: DocSet): Promise<LinkTable> {
    return this.caches.derive(docSet.commit, 'link-table', async () => linkTableOf(docSet, (await this.presetData(docSet)).data), linkTableBytes);
  }

  /** Every problem a content author should fix at a commit: front matter, sidebars, `_category_` and data files. */
  async problems(docSet: DocSet): Promise<Problem[]> {
    const [sidebars, data] = await Promise.all([this.sidebars(docSet), this.presetData(docSet)]);
    return [...docSet.docs.flatMap((doc) => (doc.error ? [doc.error] : [])), ...sidebars.problems, ...dataProblems(data)];
  }

  /** What each cache holds and how it is used, for /metrics and benchmarks. */
  cacheStats(): CacheStats[] {
    const rendered = this.pages.stats();
    return [
      this.caches.docSets.stats(),
      {
        name: 'rendered',
        entries: rendered.entries,
        bytes: rendered.bytes,
        maxBytes: this.caches.renderedBytes,
        hits: this.pages.counters.hits,
        misses: this.pages.counters.misses,
      },
      this.caches.derived.stats(),
    ];
  }
}

/** The commits of every ref the site serves: versions, and branches and tags the preview pattern allows. */
export function servedTips(snapshot: Snapshot): string[] {
  const tips = new Set<string>([snapshot.defaultCommit]);
  for (const version of snapshot.versions) if (version.commit) tips.add(version.commit);
  for (const refs of [snapshot.branches, snapshot.tags]) {
    for (const [name, commit] of refs) if (previewAllowed(snapshot.previewBranches, name)) tips.add(commit);
  }
  return [...tips].sort();
}

/** The calendar day of a date, `2026-11-22`: the unit date-dependent results are cached by. */
function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The render worker: build/render-worker.js beside the built server, or the source file under tsx and vitest. */
function renderWorkerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? path.join(path.dirname(here), 'render-worker.ts') : path.join(path.dirname(here), 'render-worker.js');
}

/** One short cache key for a set of commits. */
export function tipsKey(tips: readonly string[]): string {
  return crypto.createHash('sha256').update(tips.join(',')).digest('base64url');
}

/** Rough bytes of a commit's sidebars, for the cache budget. */
function sidebarsBytes(sidebars: SiteSidebars): number {
  let items = 0;
  const count = (list: readonly { type: string; items?: unknown }[]) => {
    for (const item of list) {
      items++;
      if (Array.isArray(item.items)) count(item.items);
    }
  };
  for (const sidebar of sidebars.sidebars) count(sidebar.items);
  return 1000 + items * 250 + sidebars.groupOf.size * 80;
}

/** Where clones of the configured remote live: `{DATA_DIR}/repos/{hash of the URL}[.N].git`. */
export function clonePlace(config: ServerConfig): { reposDir: string; name: string } {
  const name = crypto
    .createHash('sha256')
    .update(config.contentRepo ?? '')
    .digest('hex')
    .slice(0, 16);
  return { reposDir: path.join(config.dataDir, 'repos'), name };
}

/**
 * Clones a URL, opens a local path, or commits the embedded content, per the configuration. A
 * failed fetch of an existing clone does not stop start-up: it comes back as `fetchError`.
 */
async function openRepository(config: ServerConfig): Promise<{ repository: Repository; fetchError?: Error }> {
  const { contentRepo, dataDir } = config;
  fs.mkdirSync(dataDir, { recursive: true });
  if (!contentRepo) {
    const gitdir = path.join(dataDir, 'embedded.git');
    if (!fs.existsSync(config.contentDir)) throw new Error(`The embedded content folder "${config.contentDir}" does not exist`);
    await commitDirectory(config.contentDir, gitdir);
    return { repository: new Repository(gitdir) };
  }
  if (/^https?:\/\//.test(contentRepo)) {
    const { reposDir, name } = clonePlace(config);
    const gitdir = currentClone(reposDir, name);
    const opened = await Repository.cloneOrOpen(contentRepo, gitdir, { timeoutMs: config.gitTimeoutMs }).catch((error: unknown) => {
      // Only reached without a clone on disk: there is nothing to serve, so start-up stops here.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not clone ${contentRepo}, and there is no earlier clone in ${gitdir} to serve: ${reason}`, { cause: error });
    });
    removeOtherClones(reposDir, name, gitdir);
    return opened;
  }
  return { repository: Repository.open(path.resolve(contentRepo)) };
}

type Refs = Pick<Snapshot, 'defaultRef' | 'defaultCommit' | 'branches' | 'tags'>;

/** Reads every branch and tag once and fixes which commit the default ref means. */
async function readRefs(repository: Repository, configuredRef: string | undefined): Promise<Refs> {
  const { branches, tags } = await repository.listRefs();
  const defaultRef = configuredRef ?? (await repository.defaultBranch());
  const defaultCommit = branches.get(defaultRef) ?? tags.get(defaultRef) ?? (await repository.resolve(defaultRef));
  return { defaultRef, defaultCommit, branches, tags };
}

/** Resolves every version of the configuration against the refs. */
function buildSnapshot(refs: Refs, config: SiteConfig, server: ServerConfig): Snapshot {
  const versions = versionsOf(config, refs.defaultRef).map((version) => ({
    ...version,
    commit: version.isCurrent ? refs.defaultCommit : (refs.branches.get(version.ref) ?? refs.tags.get(version.ref)),
  }));
  return { ...refs, config, versions, previewBranches: server.previewBranches ?? config.previewBranches, takenAt: new Date() };
}
