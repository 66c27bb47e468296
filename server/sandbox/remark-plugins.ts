// A page's tree through the site's own remark plugins, in the sandbox (decision 045). The page's
// render (a render thread) gives its parsed tree; this runs the plugins over it on the main
// thread's side, where the sandbox lives, and remembers the result by the tree, the plugins and
// the blob ids of every file the evaluation read, so a page costs its plugins once. A plugin that
// throws, runs past a limit or needs what docsite does not have is left out with a problem on the
// page; the others still run. One a limit stopped is not tried again for a while on any page.
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Problem } from '../problem.js';
import type { Sandbox, SandboxOutcome } from './sandbox.js';
import { sameReads, type ReadSet, type SiteFiles } from './site-files.js';
import { STOPPED_RETRY_MS } from './islands.js';

/** One of the site's remark plugins, as the site configuration has it (markdown-config.ts `sitePluginSchema`). */
export interface SitePlugin {
  module: string;
  name?: string;
  options?: unknown;
  at: string;
}

/** The page the plugins run over: its repository path, source and front matter (what the vfile holds). */
export interface PluginPage {
  path: string;
  source: string;
  frontMatter: Record<string, unknown>;
  /** The site's folder: `file.cwd`. */
  siteDir?: string;
}

/** What the plugins made of a page: the tree (JSON), unless none could run; the problems they gave; whether they read the clock. */
export interface PluggedTree {
  tree?: unknown;
  problems: Problem[];
  clock?: boolean;
  /** When a limit stopped one of them: when to try the page again, ms since the epoch. */
  retryAt?: number;
  /** The files their evaluation read (repository paths). */
  read?: string[];
}

/** The pages a plugin a limit stopped may stop on before it is left out of every page for a while. */
const STRIKES = 3;

/** What one evaluation gave back. */
interface StepResult {
  tree: unknown;
  messages: { message: string; line?: number; plugin: number }[];
  failed: { index: number; message: string; stack: string }[];
  syntax: string[];
  clock: boolean;
}

/** A result as it is remembered: what its evaluation read, and its day when it read the clock. */
interface Kept {
  reads: ReadSet;
  result: PluggedTree;
  day?: string;
}

/** Runs pages' trees through the site's remark plugins in the sandbox, remembered by what they read. */
export class RemarkPluginRunner {
  private readonly kept = new LRUCache<string, Kept>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (kept) => 500 + (kept.result.tree === undefined ? 0 : JSON.stringify(kept.result.tree).length * 2) + Object.keys(kept.reads).length * 120,
  });
  /**
   * Plugins a limit stopped, by plugin (module, export, options), with the pages it stopped on: left
   * out of those pages for a while, and of every page once it stopped on STRIKES of them (each try
   * costs the whole budget, and a plugin that loops on every page would cost it on each).
   */
  private readonly stopped = new LRUCache<string, { reads: ReadSet; message: string; until: number; pages: string[] }>({ max: 500 });
  /** Trees run through plugins and taken from memory, for measuring. */
  readonly counts = { evaluated: 0, kept: 0 };

  constructor(private readonly sandbox: Sandbox) {}

  /** The page's tree through `plugins`, against one commit's files, for a date; never throws for what the plugins do. */
  async run(files: SiteFiles, page: PluginPage, tree: unknown, plugins: readonly SitePlugin[], now: Date): Promise<PluggedTree> {
    const day = now.toISOString().slice(0, 10);
    const text = JSON.stringify(tree);
    const key = crypto
      .createHash('sha256')
      .update(JSON.stringify([text, plugins, page]))
      .digest('base64url');
    const kept = this.kept.get(key);
    if (kept && (kept.day === undefined || kept.day === day) && sameReads(files, kept.reads)) {
      this.counts.kept++;
      return kept.result;
    }
    const problems: Problem[] = [];
    let retryAt: number | undefined;
    const active = plugins.filter((plugin) => {
      const stopped = this.stopped.get(pluginKey(plugin));
      if (!stopped || stopped.until <= Date.now() || !sameReads(files, stopped.reads)) return true;
      const here = stopped.pages.includes(page.path);
      if (!here && stopped.pages.length < STRIKES) return true;
      problems.push(problemOf(page, plugin, `${stopped.message} (${here ? 'here' : `on ${stopped.pages.length} pages`}, a while ago; tried again later)`, { leftOut: true }));
      retryAt = Math.min(retryAt ?? stopped.until, stopped.until);
      return false;
    });
    let reads: ReadSet = {};
    let value: StepResult | undefined;
    // Each evaluation a limit stops leaves out the plugin that was running, and the rest run again.
    for (let left = [...active]; left.length && !value; ) {
      this.counts.evaluated++;
      const outcome = await this.evaluate(files, page, text, left, now);
      reads = { ...reads, ...outcome.reads };
      const step = outcome.values?.[0] as StepResult | null | undefined;
      // An evaluation that ended with nothing: its last plugin's transformer never settled (a promise, a `next` never called).
      const failure = outcome.failure ?? (step?.tree ? undefined : { message: 'its transformer never finished (a promise or callback that never settles)', limit: false });
      if (!failure) {
        value = step as StepResult;
        for (const failure of value.failed) problems.push(problemOf(page, left[failure.index], failure.message, { leftOut: true, where: lineIn(failure.stack, outcome) }));
        for (const { message, line, plugin } of value.messages) problems.push({ ...problemOf(page, left[plugin], message), line: line ?? 1 });
        for (const key of value.syntax)
          problems.push(problemOf(page, undefined, `a plugin adds to the Markdown syntax (${key}), which docsite's parser does not take: its syntax is read as plain text`));
        break;
      }
      // Stopped before any plugin began or after all ended (the tree itself is over a limit): none of them is used.
      const culprit = outcome.finished.at(-1)?.index;
      if (culprit === undefined || culprit >= left.length) {
        problems.push(problemOf(page, undefined, failure.message, { leftOut: true }));
        break;
      }
      problems.push(problemOf(page, left[culprit], failure.message, { leftOut: true }));
      if (failure.limit) {
        const until = Date.now() + STOPPED_RETRY_MS;
        const pages = [...new Set([...(this.stopped.get(pluginKey(left[culprit]))?.pages ?? []), page.path])];
        this.stopped.set(pluginKey(left[culprit]), { reads: outcome.reads, message: failure.message, until, pages });
        retryAt = Math.min(retryAt ?? until, until);
      }
      left = left.filter((_, index) => index !== culprit);
    }
    const read = Object.keys(reads).flatMap((key) => (key.startsWith('f:') ? [key.slice(2)] : []));
    const result: PluggedTree = { tree: value?.tree, problems, clock: value?.clock || undefined, retryAt, read };
    // What a limit stopped may run another time (the load of the moment): kept for a while only, by plugin, above.
    if (retryAt === undefined) this.kept.set(key, { reads, result, day: value?.clock ? day : undefined });
    return result;
  }

  /** One evaluation of `plugins` over the tree. */
  private evaluate(files: SiteFiles, page: PluginPage, tree: string, plugins: readonly SitePlugin[], now: Date): Promise<SandboxOutcome> {
    const cwd = page.siteDir ? `/site/${page.siteDir}` : '/site';
    const vfile = { path: `/site/${page.path}`, cwd, source: page.source, frontMatter: page.frontMatter };
    // A repository path, or an installed package's sandbox path (`/node_modules/…`, SITE_MODULES).
    const specs = plugins.map(({ module, name, options }) => ({ module: module.startsWith('/node_modules/') ? module : `/site/${module}`, name, options }));
    return this.sandbox.evaluate(files, { entry: page.path, remark: { plugins: specs, tree, page: vfile }, now, siteDir: page.siteDir });
  }
}

/** The memory key of a plugin a limit stopped: its module, export and options. */
function pluginKey(plugin: SitePlugin): string {
  return JSON.stringify([plugin.module, plugin.name, plugin.options]);
}

/** The line of the plugin's own file a failure's stack names first, as written (transpiled modules map back). */
function lineIn(stack: string, outcome: SandboxOutcome): { file: string; line: number } | undefined {
  const match = /\/site\/([^\s:()]+):(\d+)/.exec(stack);
  return match ? { file: match[1], line: outcome.sourceLine(match[1], Number(match[2])) } : undefined;
}

/** A problem of the page: what a plugin said or why it was left out. */
function problemOf(page: PluginPage, plugin: SitePlugin | undefined, message: string, how: { leftOut?: boolean; where?: { file: string; line: number } } = {}): Problem {
  const at = !how.where ? '' : how.where.file === plugin?.module ? `, line ${how.where.line}` : `; ${how.where.file}, line ${how.where.line}`;
  // An anonymous function is named by its key in the config's list (`0`): not a name.
  const named = plugin?.name && !/^\d+$/.test(plugin.name) ? `${plugin.name}, ` : '';
  const name = plugin ? `the remark plugin ${plugin.module} (${named}${plugin.at}${at})` : "the site's remark plugins";
  return { code: 'site-plugin', file: page.path, line: 1, message: `${name}: ${message}${how.leftOut ? `; the page is shown without ${plugin ? 'it' : 'them'}` : ''}` };
}
