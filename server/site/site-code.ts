// A site's own code (its docusaurus.config and sidebars files) evaluated per commit in the sandbox
// (decision 034). A result is kept with what its evaluation read, and reused at any commit where
// every one of those files and folders is the same: a push that touches no code file costs nothing,
// and a branch evaluates only when it changed what the code reads.
import type { TreeIndex } from '../git/repository.js';
import type { Problem } from '../problem.js';
import crypto from 'node:crypto';
import { Sandbox, type SandboxJob, type SandboxOutcome } from '../sandbox/sandbox.js';
import { sameReads, treeFiles } from '../sandbox/site-files.js';
import { PackageFolder } from '../sandbox/site-packages.js';
import type { ServerConfig } from './env.js';
import type { SidebarsCode } from '../content/sidebars/sidebars.js';
import { fromDocusaurusConfig, NATIVE_PACKAGES, type DocusaurusInput } from '../config/docusaurus/from-docusaurus.js';
import { findSiteConfig, type SiteConfigFile } from '../config/docusaurus/config-file.js';
import { KNOWN_REMARK_PLUGINS } from '../presets/index.js';

/** A module's value as its code computed it, or the problem that stopped it. */
export interface CodeValue {
  value?: unknown;
  problem?: Problem;
  /** Packages the code required that docsite does not have (replaced by empty stubs), each with the file that required it. */
  stubbed: Record<string, string>;
}

/** What the site's code is evaluated with. */
export interface SiteCodeDeps {
  readBlob(oid: string): Promise<Uint8Array>;
  /** The site's clock: code that asks for the date gets this one. */
  now(): Date;
  /** The calendar day of `now()`: results are kept per day. */
  day(): string;
  sandbox?: Sandbox;
  /** The site's folder the operator names (docsite.yaml `siteDir`); undefined: found in each commit. */
  siteDir?: string;
  /** Where results are kept for the next start (the disk cache, versioned by build). */
  disk?: { read(key: string): Promise<unknown>; write(key: string, value: unknown, opts: { compress: boolean }): Promise<void> };
}

/** One evaluation's result with what it read. */
interface KeptResult {
  reads: SandboxOutcome['reads'];
  value: CodeValue;
}

/** Where a module's results are kept on disk (the disk cache's keys are hashed; this names them). */
function diskKey(key: string, sandbox: Sandbox): string {
  // Results that loaded installed packages hold for those packages: another install is another key.
  return `site-code:${sandbox.packages ? `${sandbox.packages.fingerprint}:` : ''}${key}`;
}

/**
 * Packages a config commonly requires for values docsite has its own of: prism-react-renderer's
 * themes feed `themeConfig.prism` (docsite highlights code itself). Their stubs are not reported.
 */
const REPLACED_PACKAGES = new Set(['prism-react-renderer', ...NATIVE_PACKAGES]);

/** Results kept per module: a few, for branches whose code differs. */
const KEPT_PER_MODULE = 6;

/** The sandbox's results for one site, reused by what they read. */
export class SiteCode {
  private readonly sandbox: Sandbox;
  private readonly results = new Map<string, KeptResult[]>();
  private readonly pending = new WeakMap<TreeIndex, Map<string, Promise<CodeValue>>>();
  private readonly sites = new WeakMap<TreeIndex, SiteConfigFile>();
  /** Evaluations run and results reused, for /metrics and the bench. */
  readonly counts = { evaluated: 0, reused: 0 };

  constructor(private readonly deps: SiteCodeDeps) {
    this.sandbox = deps.sandbox ?? new Sandbox();
  }

  /** Where a commit's Docusaurus site is (its config file and folder), or why it cannot be told; found once per tree. */
  siteOf(tree: TreeIndex): SiteConfigFile {
    if (!this.sites.has(tree)) this.sites.set(tree, findSiteConfig(new Set(tree.keys()), this.deps.siteDir));
    return this.sites.get(tree);
  }

  /** The file a commit's Docusaurus configuration is in, if it has one. */
  configFileOf(tree: TreeIndex): string | undefined {
    const site = this.siteOf(tree);
    return site && 'file' in site ? site.file : undefined;
  }

  /** The site's folder of a commit (Docusaurus's siteDir): '' at the root. */
  siteDirOf(tree: TreeIndex): string {
    const site = this.siteOf(tree);
    return site && 'siteDir' in site ? site.siteDir : '';
  }

  /**
   * A commit's docusaurus.config as configuration input, undefined when it has none. `failed` is
   * set when the config could not be run: its input is then empty, and the caller falls back.
   */
  async configInput(tree: TreeIndex): Promise<(DocusaurusInput & { file: string; failed?: boolean }) | undefined> {
    const site = this.siteOf(tree);
    if (!site) return undefined;
    if ('problem' in site) return { file: site.problem.file ?? 'docusaurus.config.js', input: {}, problems: [site.problem], functions: {}, failed: true };
    const { file } = site;
    // Docusaurus calls a config that is a function (sync or async) with no arguments it needs.
    const { value, problem, stubbed } = await this.value(tree, file, true);
    if (problem) return { file, input: {}, problems: [problem], functions: {}, failed: true };
    const read = fromDocusaurusConfig(value, { file, known: KNOWN_REMARK_PLUGINS });
    // What a plugin docsite replaces required does not matter: that code's result is not used; nor
    // do packages whose values feed only what docsite does itself.
    const used = Object.keys(stubbed).filter((name) => !Object.hasOwn(KNOWN_REMARK_PLUGINS, stubbed[name]) && !REPLACED_PACKAGES.has(name));
    return { file, input: read.input, problems: [...read.problems, ...stubbedProblems(file, used)], functions: read.functions, clientRedirects: read.clientRedirects };
  }

  /**
   * What a module of the commit exports, evaluated once for every commit where what it read is the
   * same (results kept in memory, and on disk for the next start when the site keeps a disk cache).
   */
  value(tree: TreeIndex, entry: string, call = false): Promise<CodeValue> {
    return this.kept(tree, `${entry}\0${call}\0${this.deps.day()}`, { entry, callWith: call ? [] : undefined, siteDir: this.siteDirOf(tree) });
  }

  /**
   * Calls a function of the commit's config once for each set of arguments (an `editUrl` for every
   * doc of a doc set), in one evaluation kept as `value` keeps one: what each call returned (JSON),
   * `{$threw: message}` for a call that threw.
   */
  async callConfigFunction(tree: TreeIndex, fn: number, calls: unknown[][]): Promise<unknown[] | { problem: Problem }> {
    const file = this.configFileOf(tree);
    if (!file || !calls.length) return calls.map(() => undefined);
    const hash = crypto.createHash('sha256').update(JSON.stringify(calls)).digest('base64url');
    const { value, problem } = await this.kept(tree, `${file}\0fn${fn}:${hash}\0${this.deps.day()}`, {
      entry: file,
      callWith: [],
      calls: calls.map((args) => ({ fn, args })),
      siteDir: this.siteDirOf(tree),
    });
    if (problem) return { problem };
    return value as unknown[];
  }

  /** An evaluation's value under `key`, reused wherever what it read is the same. */
  private kept(tree: TreeIndex, key: string, job: Omit<SandboxJob, 'now'>): Promise<CodeValue> {
    let forTree = this.pending.get(tree);
    if (!forTree) this.pending.set(tree, (forTree = new Map()));
    const known = forTree.get(key);
    if (known) return known;
    const files = treeFiles(tree, (oid) => this.deps.readBlob(oid));
    const answer = (async () => {
      const kept = await this.keptFor(key);
      const reusable = kept.find((record) => sameReads(files, record.reads));
      if (reusable) {
        this.counts.reused++;
        return reusable.value;
      }
      const outcome = await this.sandbox.evaluate(files, { ...job, now: this.deps.now() });
      this.counts.evaluated++;
      const value = codeValueOf(outcome, job.entry, Boolean(job.calls));
      const records = [{ reads: outcome.reads, value }, ...kept].slice(0, KEPT_PER_MODULE);
      this.results.set(key, records);
      void this.deps.disk?.write(diskKey(key, this.sandbox), records, { compress: true }).catch(() => undefined);
      return value;
    })();
    forTree.set(key, answer);
    return answer;
  }

  /** The results kept under a key: in memory, else read back from disk once. */
  private async keptFor(key: string): Promise<KeptResult[]> {
    const inMemory = this.results.get(key);
    if (inMemory) return inMemory;
    const onDisk = await this.deps.disk?.read(diskKey(key, this.sandbox)).catch(() => undefined);
    const records = Array.isArray(onDisk) ? (onDisk as KeptResult[]) : [];
    this.results.set(key, records);
    return records;
  }

  /** What was evaluated, failed, restarted and reused, for /metrics. */
  stats(): { evaluations: number; failures: number; restarts: number; reused: number } {
    return { ...this.sandbox.counts, reused: this.counts.reused };
  }

  /** Ends the sandbox's thread. */
  close(): Promise<void> {
    return this.sandbox.close();
  }
}

/** An outcome as a value (with `calls`, the list of what each call returned) or a positioned problem. */
function codeValueOf(outcome: SandboxOutcome, entry: string, calls = false): CodeValue {
  // A job with calls gives what each call returned; one without, the module's value.
  if (!outcome.failure) return { value: calls ? outcome.values?.slice(1) : outcome.values?.[0], stubbed: outcome.stubbedBy };
  const { file, line, column, message } = outcome.failure;
  const code = /sidebars/i.test(entry) ? 'sidebars' : 'site-config';
  return { problem: { code, file: file ?? entry, line, column, message: `could not be run: ${message}` }, stubbed: outcome.stubbedBy };
}

/** One problem per package the code required that docsite does not have. */
export function stubbedProblems(file: string, stubbed: readonly string[]): Problem[] {
  return stubbed.map((name) => ({ code: 'site-config', file, message: `"${name}" is not available to the site's code: an empty stub stood in for it` }));
}

/** A sandbox for the site's code under the operator's settings: the packages it may load (SITE_MODULES) and the variables it may read (SITE_ENV). */
export function siteSandbox(config: Pick<ServerConfig, 'siteModules' | 'siteEnv'>): Sandbox {
  return new Sandbox({ packages: config.siteModules ? new PackageFolder(config.siteModules) : undefined, env: { NODE_ENV: 'production', ...config.siteEnv } });
}

/** The site's code a doc set's sidebars run: its sidebars file, and the config's `sidebarItemsGenerator` (the function's index), one call per autogenerated item. */
export function sidebarsCodeOf(code: SiteCode, tree: TreeIndex, generator: number | undefined): SidebarsCode {
  const generateItems = async (args: Record<string, unknown>) => {
    const answer = await code.callConfigFunction(tree, generator!, [[args]]);
    return Array.isArray(answer) ? { value: answer[0] } : answer;
  };
  return { evaluate: (path) => code.value(tree, path), generateItems: generator === undefined ? undefined : generateItems };
}
