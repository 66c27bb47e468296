// What the docs of a commit are (decision 028): the site configuration it is read with, its tree,
// each instance's versions, and for each version its loaded parts (Docusaurus's `loadVersion`): the
// doc set, its sidebars, tags, last-updated table and the presets' data, all cached by immutable ids.
import { docSetKey, loadDocSet, readTreeFile, type DocSet } from '../content/doc-set.js';
import { instanceById, instancesOf, type SiteConfig } from '../config/site-config.js';
import type { Problem } from '../problem.js';
import { sidebarsCodeOf, type SiteCode } from './site-code.js';
import type { InstanceConfig } from '../config/instance-config.js';
import type { Repository, TreeIndex } from '../git/repository.js';
import { instanceVersions, type InstanceVersions } from '../docs/instance-versions.js';
import { CURRENT_VERSION } from '../docs/docs-version.js';
import { localizedDocsFolder, messagesOf, versionTranslationsFile } from '../docs/translations.js';
import { versionModelOf } from '../docs/docs-instance.js';
import { buildSidebars, sidebarsBytes, type SiteSidebars } from '../content/sidebars/sidebars.js';
import type { BlobMemo } from '../content/blob-memo.js';
import { tagsOf, type Tag } from '../content/tags.js';
import type { History } from '../git/history.js';
import { loadPresetData, PRESET_DATA_FILES, problemsFor, sidebarGenerators, type PresetData } from '../presets/index.js';
import type { Caches } from './caches/caches.js';
import type { FrontMatterStore } from './caches/front-matter-store.js';
import { lastUpdatedOf, type LastUpdate } from './last-updated.js';
import type { OperatorConfig } from '../config/operator-config.js';
import { CommitConfigs } from './commit-config.js';

/** A version or instance a commit does not have: callers answer 404. */
export class UnknownDocsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownDocsError';
  }
}

/** What the docs store reads with: the repository, the caches, the clock, and what history says of files. */
export interface DocsStoreDeps {
  repository(): Repository;
  caches: Caches;
  frontMatters: FrontMatterStore;
  /** The operator's configuration (DOCSITE_CONFIG); undefined: each commit's docsite.yaml. */
  operator: OperatorConfig | undefined;
  /** The date content is evaluated for: the release archive of a sidebar moves with it. */
  now(): Date;
  /** The calendar day of `now()`, the unit sidebars are cached by. */
  day(): string;
  history: History;
  /** The embedded content's folder, when the site serves it (its dates come from the enclosing checkout). */
  embeddedDir: string | undefined;
  /** Runs the site's own code (docusaurus.config, sidebars.js); undefined: none is run. */
  code?: SiteCode;
}

/** The docs of every commit, read through the site's caches. */
export class DocsStore {
  private readonly repository: () => Repository;
  private readonly caches: Caches;
  /** The operator's configuration (DOCSITE_CONFIG); undefined: each commit's docsite.yaml. */
  readonly operator: OperatorConfig | undefined;
  /** The site's own code, run per commit (undefined: none is run). */
  readonly code: SiteCode | undefined;

  /** The configuration of each commit (commit-config.ts). */
  private readonly configs: CommitConfigs;

  constructor(private readonly deps: DocsStoreDeps) {
    this.code = deps.code;
    this.repository = () => deps.repository();
    this.caches = deps.caches;
    this.operator = deps.operator;
    this.configs = new CommitConfigs({ ...deps, treeAt: (commit) => this.treeAt(commit) });
  }

  /**
   * The site configuration a commit is read with (decision 034): its docusaurus.config as its code
   * computes it, with the operator's docsite.yaml (else the commit's own) laid over it; with no
   * docusaurus.config, that docsite.yaml alone. A broken docsite.yaml throws SiteConfigError.
   */
  async configAt(commit: string, locale?: string): Promise<SiteConfig> {
    return locale === undefined ? (await this.configs.configOf(commit)).config : this.configs.localeConfigAt(commit, locale);
  }

  /** What the commit's docusaurus.config could not give: a failure, a value left out, a package stubbed; with `locale`, what that locale's theme translation files could not. */
  async configProblemsAt(commit: string, locale?: string): Promise<Problem[]> {
    return locale === undefined ? (await this.configs.configOf(commit)).problems : (await this.configs.localeConfigOf(commit, locale)).problems;
  }

  /** A commit's configuration, the problems of its docusaurus.config and the functions of its options the sandbox calls (commit-config.ts). */
  configOf(commit: string): ReturnType<CommitConfigs['configOf']> {
    return this.configs.configOf(commit);
  }

  /** A commit's configuration with where each value came from (`docsite config --print`). */
  configReportAt(commit: string): ReturnType<CommitConfigs['reportAt']> {
    return this.configs.reportAt(commit);
  }

  /** The edit links a config's `editUrl` function gives a doc set, by source path (commit-config.ts). */
  editUrlsOf(docSet: DocSet): Promise<ReadonlyMap<string, string> | undefined> {
    return this.configs.editUrlsOf(docSet);
  }

  /** The file the configuration is read from, as problems name it: the operator's, else the repository's docsite.yaml. */
  get configFile(): string {
    return this.configs.configFile;
  }

  /** Every file of a commit by path, read once and shared by its doc sets. */
  treeAt(commit: string): Promise<TreeIndex> {
    return this.caches.derive(
      commit,
      'tree',
      () => this.repository().readTreeIndex(commit),
      (tree) => 500 + tree.size * 120,
    );
  }

  /** The docs instances of a commit's configuration. */
  async instancesAt(commit: string, locale?: string): Promise<InstanceConfig[]> {
    return instancesOf(await this.configAt(commit, locale));
  }

  /** One instance of a commit's configuration (in a locale's, when given), by id; UnknownDocsError when it has none. */
  async instanceAt(commit: string, id: string, locale?: string): Promise<InstanceConfig> {
    const instance = (await this.instancesAt(commit, locale)).find((candidate) => candidate.id === id);
    if (!instance) throw new UnknownDocsError(`No docs instance "${id}" at commit ${commit.slice(0, 7)}.`);
    return instance;
  }

  /** An instance's versions at a commit (`defaultRef` is what a ref-versioned current version reads). */
  async versionsAt(commit: string, instance: InstanceConfig, defaultRef: string): Promise<InstanceVersions> {
    const tree = await this.treeAt(commit);
    return this.caches.derive(
      commit,
      // Folder versions are the same whatever the default ref: one entry for all callers.
      `versions:${instance.id}:${versionModelOf(instance).kind === 'refs' ? defaultRef : ''}${instance.locale ? `:${instance.locale}` : ''}`,
      () =>
        instanceVersions(
          instance,
          {
            read: (path) => readTreeFile((oid) => this.repository().readBlob(oid), tree, path),
            hasFolder: (folder) => hasFolder(tree, folder),
          },
          defaultRef,
        ),
      (versions) => 1000 + JSON.stringify(versions).length * 2,
    );
  }

  /**
   * The doc set of one version of one instance at a commit, built once and cached. Versions that
   * read refs all read the instance's folder: name them `current`.
   */
  docSet(commit: string, instanceId: string, versionName: string = CURRENT_VERSION, locale?: string): Promise<DocSet> {
    return this.caches.docSets.fetch(docSetKey(commit, { instance: instanceId, version: versionName, locale }), async () => {
      const [config, tree] = await Promise.all([this.configAt(commit, locale), this.treeAt(commit)]);
      const instance = instancesOf(config).find((candidate) => candidate.id === instanceId);
      if (!instance) throw new UnknownDocsError(`No docs instance "${instanceId}" at commit ${commit.slice(0, 7)}.`);
      const { versions } = await this.versionsAt(commit, instance, CURRENT_VERSION);
      const version = versions.find((candidate) => candidate.name === versionName);
      if (!version) throw new UnknownDocsError(`No version "${versionName}" of ${instance.base} at commit ${commit.slice(0, 7)}.`);
      const files = instance.include || instance.exclude ? { include: instance.include, exclude: instance.exclude } : undefined;
      // A locale's docs are the default locale's files, each read from its translation where there is one (Docusaurus's getContentPathList).
      const localized = instance.locale ? { localized: localizedDocsFolder(instance.translations, version.name) } : {};
      const source = {
        instance: instance.id,
        version: version.name,
        location: { path: version.contentPath, base: version.root, ...localized },
        sidebars: version.sidebars,
        files,
        ...(instance.locale ? { locale: instance.locale } : {}),
      };
      return loadDocSet(this.repository(), { commit, tree, config, source }, this.deps.frontMatters);
    }) as Promise<DocSet>;
  }

  /** Every doc set of a commit: each version of each instance (one for an instance whose versions are refs). */
  async docSetsAt(commit: string): Promise<DocSet[]> {
    const instances = await this.instancesAt(commit);
    const sets = await Promise.all(
      instances.map(async (instance) => {
        const { versions } = await this.versionsAt(commit, instance, CURRENT_VERSION);
        const names = versionModelOf(instance).docSetNames(versions);
        return Promise.all(names.map((name) => this.docSet(commit, instance.id, name)));
      }),
    );
    return sets.flat();
  }
  /**
   * The presets' data files of a commit (releases, projects...), read once for every commit that
   * has the same files (a push rarely changes them), with their problems.
   */
  presetData(docSet: DocSet): Promise<PresetData> {
    const read = (file: string) => readTreeFile((oid) => this.repository().readBlob(oid), docSet.tree, file);
    const blobs = PRESET_DATA_FILES.map((file) => docSet.tree.get(file)?.oid ?? '-').join(',');
    return this.caches.derive(
      blobs,
      'preset-data',
      () => loadPresetData(read),
      (data) => 1000 + JSON.stringify(data.data).length * 2,
    );
  }

  /** The sidebars of a doc set for today (the release archive moves with the date). */
  sidebars(docSet: DocSet): Promise<SiteSidebars> {
    return this.caches.derive(
      docSetKey(docSet.commit, docSet),
      `sidebars:${this.deps.day()}`,
      async () => {
        const presetData = await this.presetData(docSet);
        const { code } = this.deps;
        const generator = (await this.configOf(docSet.commit)).functions[docSet.instance]?.sidebarItemsGenerator;
        const run = code && sidebarsCodeOf(code, docSet.tree, generator);
        const instance = instanceById(docSet.config, docSet.instance);
        const file = instance && versionTranslationsFile(instance.translations, docSet.version);
        const translationProblems: Problem[] = [];
        const messages = file ? messagesOf(await readTreeFile((oid) => this.repository().readBlob(oid), docSet.tree, file), file, translationProblems) : new Map<string, string>();
        const sidebars = await buildSidebars(this.repository(), docSet, this.deps.now(), sidebarGenerators(presetData), this.blobMemo, this.operator?.files, run, messages);
        // A generator fed by a broken data file: say so where the sidebar's problems are shown.
        return { ...sidebars, problems: [...sidebars.problems, ...translationProblems, ...problemsFor(presetData, { generators: sidebars.generatorsUsed })] };
      },
      sidebarsBytes,
    );
  }

  /** Every tag of a doc set. */
  tags(docSet: DocSet): Promise<ReadonlyMap<string, Tag>> {
    return this.caches.derive(
      docSetKey(docSet.commit, docSet),
      'tags',
      async () => tagsOf(docSet),
      (tags) => 200 + [...tags.values()].reduce((n, tag) => n + 100 + tag.docs.length * 16, 0),
    );
  }

  /** When each file of a doc set's commit last changed, and by whom (last-updated.ts). */
  lastUpdated(docSet: DocSet): Promise<Map<string, LastUpdate>> {
    return lastUpdatedOf({ repository: this.repository, caches: this.caches, history: this.deps.history, embeddedDir: this.deps.embeddedDir }, docSet);
  }

  /** What is worked out of one file's content (sidebars and `_category_` files), by blob, in the derived cache. */
  private readonly blobMemo: BlobMemo = (blobOid, name, compute, bytes) => this.caches.derive(blobOid, name, compute, bytes);
}

/** True when a commit has a file under `folder`. */
function hasFolder(tree: TreeIndex, folder: string): boolean {
  const prefix = `${folder.replace(/\/+$/, '')}/`;
  for (const path of tree.keys()) if (path.startsWith(prefix)) return true;
  return false;
}
