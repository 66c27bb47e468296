// The site configuration of each commit (decision 034, 040): the repository's docusaurus.config as
// its code computed it (or, when a branch broke it, the last commit's before it whose config ran),
// with the operator's docsite.yaml (else the commit's own) laid over it and fitted value by value,
// and the default locale's labels of the navbar and footer. Cached by commit and day.
import { docSetKey, readTreeFile, type DocSet } from '../content/doc-set.js';
import { themeTranslationFiles, translateTheme } from '../config/theme-translations.js';
import {
  currentLocaleDir,
  instanceById,
  parseSiteConfig,
  readSiteConfigInput,
  SITE_CONFIG_FILE,
  siteConfigSchema,
  validateSiteConfig,
  type SiteConfig,
} from '../config/site-config.js';
import { fitSchema } from '../config/fit-schema.js';
import { currentLocaleOf, defaultLocaleOf, localizedConfig } from '../config/locales.js';
import { overlayConfig, sourcesOf } from '../config/overlay-config.js';
import type { OperatorConfig } from '../config/operator-config.js';
import type { InstanceFunctions } from '../config/docusaurus/from-docusaurus.js';
import type { ClientRedirectsOptions } from '../config/docusaurus/client-redirects.js';
import { messagesOf } from '../docs/translations.js';
import type { Repository, TreeIndex } from '../git/repository.js';
import type { Problem } from '../problem.js';
import type { Caches } from './caches/caches.js';
import type { SiteCode } from './site-code.js';

/** The defaults of a repository with no docsite.yaml. */
const DEFAULT_CONFIG = parseSiteConfig(undefined);

/** How many commits back a branch whose config cannot be run looks for the last one that could. */
const MAX_FALLBACK_COMMITS = 20;

/** A commit's docusaurus.config as configuration input (or the last that ran before it), with its problems and called functions. */
interface SiteInput {
  file: string;
  input: Record<string, unknown>;
  problems: Problem[];
  functions: Record<string, InstanceFunctions>;
  clientRedirects?: ClientRedirectsOptions[];
  /** The input is an earlier commit's: this one's config could not be run. */
  earlier?: string;
}

/** What the configurations are read with. */
export interface CommitConfigsDeps {
  repository(): Repository;
  caches: Caches;
  /** The operator's configuration (DOCSITE_CONFIG); undefined: each commit's docsite.yaml. */
  operator: OperatorConfig | undefined;
  /** The calendar day: configs are kept per day (a config may read the date). */
  day(): string;
  /** Runs the site's own code; undefined: none is run. */
  code?: SiteCode;
  treeAt(commit: string): Promise<TreeIndex>;
}

/** The configuration of every commit, read through the site's caches. */
export class CommitConfigs {
  constructor(private readonly deps: CommitConfigsDeps) {}

  /**
   * The site configuration a commit is read with (decision 034): its docusaurus.config as its code
   * computes it, with the operator's docsite.yaml (else the commit's own) laid over it; with no
   * docusaurus.config, that docsite.yaml alone. A broken docsite.yaml throws SiteConfigError.
   */
  async configAt(commit: string): Promise<SiteConfig> {
    return (await this.configOf(commit)).config;
  }

  /** What the commit's docusaurus.config could not give: a failure, a value left out, a package stubbed. */
  async configProblemsAt(commit: string): Promise<Problem[]> {
    return (await this.configOf(commit)).problems;
  }

  /** A commit's configuration with where each value came from (`docsite config --print`): file names, or `default`. */
  async reportAt(commit: string): Promise<{ config: SiteConfig; sources: Record<string, string> }> {
    const tree = await this.deps.treeAt(commit);
    const [config, site, own] = await Promise.all([this.configOf(commit).then((read) => read.config), this.deps.code?.configInput(tree), this.ownInputAt(tree)]);
    const names = { operator: this.configFile, site: site?.file ?? '-', default: 'default' };
    const sources = sourcesOf(config as Record<string, unknown>, site?.input ?? {}, own);
    return { config, sources: Object.fromEntries(Object.entries(sources).map(([key, source]) => [key, names[source]])) };
  }

  /**
   * The edit links of a doc set whose instance's `editUrl` is a function of its docusaurus.config,
   * by source path: the function called in the sandbox with Docusaurus's arguments for each doc.
   * Undefined when it is not a function.
   */
  async editUrlsOf(docSet: DocSet): Promise<ReadonlyMap<string, string> | undefined> {
    const fn = (await this.configOf(docSet.commit)).functions[docSet.instance]?.editUrl;
    const code = this.deps.code;
    // An edit URL the operator gives wins over the config's function.
    if (fn === undefined || !code || instanceById(docSet.config, docSet.instance)?.editUrl) return undefined;
    return this.deps.caches.derive(
      docSetKey(docSet.commit, docSet),
      'edit-urls',
      async () => {
        const folder = docSet.location.path.replace(/\/+$/, '');
        const args = docSet.docs.map((doc) => [
          { version: docSet.version, versionDocsDirPath: folder, docPath: doc.relativePath, permalink: doc.permalink, locale: currentLocaleOf(docSet.config) },
        ]);
        const urls = await code.callConfigFunction(docSet.tree, fn, args);
        if (!Array.isArray(urls)) return new Map<string, string>();
        return new Map(docSet.docs.flatMap((doc, index) => (typeof urls[index] === 'string' && urls[index] ? [[doc.sourcePath, urls[index]] as const] : [])));
      },
      (urls) => 200 + urls.size * 200,
    );
  }

  /** A commit's configuration, the problems of its docusaurus.config and the functions of its options the sandbox calls. */
  async configOf(
    commit: string,
  ): Promise<{ config: SiteConfig; raw?: SiteConfig; problems: Problem[]; functions: Record<string, InstanceFunctions>; clientRedirects?: ClientRedirectsOptions[] }> {
    const tree = await this.deps.treeAt(commit);
    if (!this.deps.code?.siteOf(tree)) return { config: await this.ownConfigAt(tree), problems: [], functions: {} };
    return this.deps.caches.derive(
      commit,
      `site-config:${this.deps.day()}`,
      async () => {
        const [site, own] = await Promise.all([this.siteInputAt(commit), this.ownInputAt(tree)]);
        if (!site) return { config: await this.ownConfigAt(tree), problems: [], functions: {} };
        // The operator's values over the site's: each is valid alone, but the two together may not be
        // (an instance of the operator's at a route the site's has): what clashes is left out, and said.
        const problems = [...site.problems];
        const merged = fitSchema(overlayConfig(site.input, own), siteConfigSchema, (path, message) => {
          const file = path.length && valueIn(own, path) !== undefined ? this.configFile : site.file;
          problems.push({ code: 'site-config', file, message: `${path.join('.')}: left out (${message})` });
        });
        const config = validateSiteConfig(merged, this.configFile);
        // The default locale's labels of the navbar and footer (theme-translations.ts).
        return { config: await this.translatedTheme(tree, config, problems), raw: config, problems, functions: site.functions, clientRedirects: site.clientRedirects };
      },
      ({ config }) => 4000 + JSON.stringify(config).length * 4,
    );
  }

  /**
   * A commit's configuration for one locale (locales.ts): the site at the locale's base URL, its
   * navbar and footer labelled by that locale's translation files. The default locale's is `configOf`'s.
   */
  async localeConfigAt(commit: string, locale: string): Promise<SiteConfig> {
    return (await this.localeConfigOf(commit, locale)).config;
  }

  /** A locale's configuration of a commit and the problems of that locale's theme translation files. */
  async localeConfigOf(commit: string, locale: string): Promise<{ config: SiteConfig; problems: Problem[] }> {
    const read = await this.configOf(commit);
    if (locale === defaultLocaleOf(read.config)) return read;
    return this.deps.caches.derive(
      commit,
      `site-config:${this.deps.day()}:${locale}`,
      async () => {
        const problems: Problem[] = [];
        return { config: await this.translatedTheme(await this.deps.treeAt(commit), localizedConfig(read.raw ?? read.config, locale), problems), problems };
      },
      ({ config }) => 4000 + JSON.stringify(config).length * 2,
    );
  }

  /** A configuration's navbar and footer labelled by its locale's `docusaurus-theme-classic/navbar.json` and `footer.json` (theme-translations.ts). */
  private async translatedTheme(tree: TreeIndex, config: SiteConfig, problems: Problem[]): Promise<SiteConfig> {
    const files = themeTranslationFiles(currentLocaleDir(config));
    const read = (file: string) => readTreeFile((oid) => this.deps.repository().readBlob(oid), tree, file).then((text) => messagesOf(text, file, problems));
    const [navbar, footer] = await Promise.all([read(files.navbar), read(files.footer)]);
    return translateTheme(config, navbar, footer);
  }

  /**
   * A commit's docusaurus.config as input; when it cannot be run (a branch broke it), the input of
   * the last commit before it on its own history whose config ran, so a branch never takes another's.
   */
  private async siteInputAt(commit: string, depth = 0): Promise<SiteInput | undefined> {
    const code = this.deps.code;
    if (!code) return undefined;
    return this.deps.caches.derive(
      commit,
      `site-input:${this.deps.day()}`,
      async () => {
        const site = await code.configInput(await this.deps.treeAt(commit));
        if (!site?.failed) return site;
        const parent = depth < MAX_FALLBACK_COMMITS ? (await this.deps.repository().readCommitObject(commit)).parent[0] : undefined;
        const earlier = parent ? await this.siteInputAt(parent, depth + 1).catch(() => undefined) : undefined;
        // An earlier config that did not run either gives nothing: the chain of fallbacks ends at one that ran.
        if (!earlier || earlier.earlier) return site;
        const note: Problem = {
          code: 'site-config',
          file: site.file,
          message: `docsite serves this commit with the config of ${parent!.slice(0, 7)}, the last before it whose config could be run`,
        };
        // The earlier config's functions ran at its own commit: its redirects are kept, its createRedirects not.
        const clientRedirects = earlier.clientRedirects?.map(({ createRedirects, ...options }) => options);
        return { ...site, input: earlier.input, problems: [...site.problems, note], functions: {}, clientRedirects, earlier: parent };
      },
      (site) => 2000 + (site ? JSON.stringify(site.input).length * 2 : 0),
    );
  }

  /** The operator's docsite.yaml as written, else the commit's own, else nothing. */
  async ownInputAt(tree: TreeIndex): Promise<Record<string, unknown>> {
    if (this.deps.operator) return this.deps.operator.input;
    const entry = tree.get(SITE_CONFIG_FILE);
    if (!entry) return {};
    return readSiteConfigInput(new TextDecoder().decode(await this.deps.repository().readBlob(entry.oid))).data;
  }

  /** The operator's configuration, else the commit's docsite.yaml, else the defaults. */
  private async ownConfigAt(tree: TreeIndex): Promise<SiteConfig> {
    if (this.deps.operator) return this.deps.operator.config;
    const entry = tree.get(SITE_CONFIG_FILE);
    if (!entry) return DEFAULT_CONFIG;
    return this.deps.caches.derive(
      entry.oid,
      'site-config',
      async () => parseSiteConfig(new TextDecoder().decode(await this.deps.repository().readBlob(entry.oid))),
      (config) => 2000 + JSON.stringify(config).length * 2,
    );
  }

  /** The file the configuration is read from, as problems name it: the operator's, else the repository's docsite.yaml. */
  get configFile(): string {
    return this.deps.operator?.file ?? SITE_CONFIG_FILE;
  }
}

/** The value at a path of configuration input. */
function valueIn(input: unknown, path: readonly (string | number)[]): unknown {
  let value = input;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
  return value;
}
