// A site's own code (its docusaurus.config and sidebars files) evaluated per commit in the sandbox
// (decision 034). A result is kept with what its evaluation read, and reused at any commit where
// every one of those files and folders is the same: a push that touches no code file costs nothing,
// and a branch evaluates only when it changed what the code reads.
import type { TreeIndex } from '../git/repository.js';
import type { Problem } from '../problem.js';
import { Sandbox, type SandboxOutcome } from '../sandbox/sandbox.js';
import { sameReads, treeFiles } from '../sandbox/site-files.js';
import { DOCUSAURUS_CONFIG_FILES, fromDocusaurusConfig, type DocusaurusInput } from '../config/docusaurus-config.js';
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
}

/** Results kept per module: a few, for branches whose code differs. */
const KEPT_PER_MODULE = 6;

/** The sandbox's results for one site, reused by what they read. */
export class SiteCode {
  private readonly sandbox: Sandbox;
  private readonly kept = new Map<string, { reads: SandboxOutcome['reads']; value: CodeValue }[]>();
  private readonly pending = new WeakMap<TreeIndex, Map<string, Promise<CodeValue>>>();
  /** The configuration input of the last config that could be run. */
  private lastGoodConfig: Record<string, unknown> | undefined;
  /** Evaluations run and results reused, for /metrics and the bench. */
  readonly counts = { evaluated: 0, reused: 0 };

  constructor(private readonly deps: SiteCodeDeps) {
    this.sandbox = deps.sandbox ?? new Sandbox();
  }

  /** The file a commit's Docusaurus configuration is in, if it has one. */
  configFileOf(tree: TreeIndex): string | undefined {
    return DOCUSAURUS_CONFIG_FILES.find((file) => tree.has(file));
  }

  /** A commit's docusaurus.config as configuration input, undefined when it has none. */
  async configInput(tree: TreeIndex): Promise<(DocusaurusInput & { file: string }) | undefined> {
    const file = this.configFileOf(tree);
    if (!file) return undefined;
    // Docusaurus calls a config that is a function (sync or async) with no arguments it needs.
    const { value, problem, stubbed } = await this.value(tree, file, true);
    // A config that fails (a branch broke it) leaves the site as the last one that worked had it.
    if (problem) return { file, input: this.lastGoodConfig ?? {}, problems: [problem], editUrlFunctions: {} };
    const read = fromDocusaurusConfig(value, file, KNOWN_REMARK_PLUGINS);
    // What a plugin docsite replaces required does not matter: that code's result is not used.
    const used = Object.keys(stubbed).filter((name) => !Object.hasOwn(KNOWN_REMARK_PLUGINS, stubbed[name]));
    this.lastGoodConfig = read.input;
    return { file, input: read.input, problems: [...read.problems, ...stubbedProblems(file, used)], editUrlFunctions: read.editUrlFunctions };
  }

  /** What a module of the commit exports, evaluated once for every commit where what it read is the same. */
  value(tree: TreeIndex, entry: string, call = false): Promise<CodeValue> {
    const key = `${entry}\0${call}\0${this.deps.day()}`;
    let forTree = this.pending.get(tree);
    if (!forTree) this.pending.set(tree, (forTree = new Map()));
    const known = forTree.get(key);
    if (known) return known;
    const files = treeFiles(tree, (oid) => this.deps.readBlob(oid));
    const kept = this.kept.get(key) ?? [];
    const reusable = kept.find((record) => sameReads(files, record.reads));
    if (reusable) {
      this.counts.reused++;
      const reused = Promise.resolve(reusable.value);
      forTree.set(key, reused);
      return reused;
    }
    const evaluated = this.sandbox.evaluate(files, { entry, callWith: call ? [] : undefined, now: this.deps.now() }).then((outcome) => {
      this.counts.evaluated++;
      const value = valueOf(outcome, entry);
      this.kept.set(key, [{ reads: outcome.reads, value }, ...kept].slice(0, KEPT_PER_MODULE));
      return value;
    });
    forTree.set(key, evaluated);
    return evaluated;
  }

  /**
   * Calls a function of the commit's config once for each set of arguments (an `editUrl` for every
   * doc of a doc set), in one evaluation; a call that throws or returns no string gives undefined.
   */
  async callConfigFunction(tree: TreeIndex, fn: number, calls: unknown[][]): Promise<(string | undefined)[] | { problem: Problem }> {
    const file = this.configFileOf(tree);
    if (!file) return calls.map(() => undefined);
    const files = treeFiles(tree, (oid) => this.deps.readBlob(oid));
    const outcome = await this.sandbox.evaluate(files, { entry: file, callWith: [], now: this.deps.now(), calls: calls.map((args) => ({ fn, args })) });
    if (outcome.failure) return { problem: valueOf(outcome, file).problem! };
    return (outcome.values ?? []).slice(1).map((value) => (typeof value === 'string' ? value : undefined));
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

/** An outcome as a value or a positioned problem. */
function valueOf(outcome: SandboxOutcome, entry: string): CodeValue {
  if (!outcome.failure) return { value: outcome.values?.[0], stubbed: outcome.stubbedBy };
  const { file, line, column, message } = outcome.failure;
  const code = /sidebars/i.test(entry) ? 'sidebars' : 'site-config';
  return { problem: { code, file: file ?? entry, line, column, message: `could not be run: ${message}` }, stubbed: outcome.stubbedBy };
}

/** One problem per package the code required that docsite does not have. */
export function stubbedProblems(file: string, stubbed: readonly string[]): Problem[] {
  return stubbed.map((name) => ({ code: 'site-config', file, message: `"${name}" is not available to the site's code: an empty stub stood in for it` }));
}
