// A page's own React components, rendered to HTML in the sandbox (issue 44, part 4). The page's
// render (in a render thread) names the islands it needs; this renders them on the main thread's
// side, where the sandbox lives, and remembers each by the blob ids its evaluation read, so a page
// rendered again at any commit where those files are the same costs nothing. An island's HTML may
// hold placeholders (`docsite-markdown` for a `.md`/`.mdx` module) that the page's render fills;
// the Markdown files they name are read here and sent along.
import crypto from 'node:crypto';
import { posix } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Sandbox, SandboxOutcome } from './sandbox.js';
import { sameReads, type ReadSet, type SiteFiles } from './site-files.js';

/** One use of a local component in a page: the module, the export, the page's props and whether it has children. */
export interface IslandSpec {
  /** Identifies the use: a hash of every other field. */
  key: string;
  /** The repository path of the file that imports it (a page or a Markdown module). */
  from: string;
  specifier: string;
  /** The export used (`default` for the default export). */
  name: string;
  /** JSON props; a value `{$import: {specifier, name}}` is another import of the page (a Markdown module, say). */
  props: Record<string, unknown>;
  children: boolean;
}

/** What one island rendered to: HTML, or the problem that stopped it. */
export interface IslandOutcome {
  html?: string;
  problem?: { message: string; file?: string; line?: number };
  /** Packages its code imported that docsite does not have (each rendered its children), with the import's place. */
  stubbed?: { specifier: string; file: string; line?: number }[];
  /** The CSS of the CSS modules its evaluation loaded (compiled, not yet sanitized), by repository path. */
  styles?: Record<string, string>;
}

/** The site an island renders for (useDocusaurusContext, useBaseUrl, useLocation). */
export interface IslandSite {
  baseUrl: string;
  title: string;
  url: string;
  permalink: string;
  /** The site's folder in the repository (Docusaurus's siteDir): where `@site/` leads. */
  siteDir?: string;
  /** The static folders (repository paths), where `require('/img/x.png')` is looked for first. */
  roots?: string[];
  /** Docusaurus's `siteConfig` as the site's code reads it (title, tagline, url, customFields...). */
  siteConfig?: Record<string, unknown>;
  /** The default locale's code translations (`i18n/{locale}/code.json`), by id. */
  translations?: Record<string, string>;
  locale?: string;
  /** Each docs instance's versions, as the docs plugin's client API gives them (`useVersions`). */
  docs?: { id: string; path: string; versions: { name: string; label: string; path: string; isLast: boolean }[] }[];
}

/** The islands of one page, by key; the Markdown modules they show, by path; whether they read the clock. */
export interface RenderedIslands {
  islands: Record<string, IslandOutcome>;
  markdown: Record<string, string>;
  clock: boolean;
  /** When a limit stopped one of them (the load of the moment may have had a part in it): when to try the page again, ms since the epoch. */
  retryAt?: number;
}

/** The longest an island a limit stopped is not tried again. */
export const STOPPED_RETRY_MS = 10 * 60 * 1000;

/** How long an island a limit stopped for the first time is not tried again. */
const FIRST_RETRY_MS = 30 * 1000;

/**
 * How long an island a limit stopped `strikes` times in a row is not tried again: 30 s, 2 min, 8 min,
 * then 10. The budget is wall time less the waits for files, so a busy machine stops what a quiet
 * one renders (a heavy home page under load) and the first wait is short; code that renders for ever
 * pays its budget a few times an hour.
 */
export function stoppedRetryMs(strikes: number): number {
  return Math.min(STOPPED_RETRY_MS, FIRST_RETRY_MS * 4 ** Math.max(0, strikes - 1));
}

/** The most Markdown files the islands of one page may show. */
const MAX_MARKDOWN = 200;

/** An island as it is remembered: what it read, for which day when it read the clock, until when (one a limit stopped). */
interface Kept {
  reads: ReadSet;
  outcome: IslandOutcome;
  day?: string;
  until?: number;
  /** Times in a row a limit stopped it (one a limit stopped). */
  strikes?: number;
}

/** Renders islands in the sandbox, remembered by the files they read. */
export class IslandRenderer {
  private readonly kept = new LRUCache<string, Kept>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (kept) => 200 + (kept.outcome.html?.length ?? 200) * 2 + Object.keys(kept.reads).length * 120,
  });
  /**
   * Islands a limit stopped (one that renders forever), by module, export and props rather than by
   * page: the same code fails the same way on every page that uses it, and each try costs the whole
   * CPU budget. Kept for a while (stoppedRetryMs), so a hostile branch pays it once per component
   * and while, not once per page, and a page a busy moment stopped renders once the moment passes.
   */
  private readonly stopped = new LRUCache<string, Kept>({ max: 2_000 });
  /** Islands evaluated and taken from memory, for measuring. */
  readonly counts = { evaluated: 0, kept: 0 };

  constructor(private readonly sandbox: Sandbox) {}

  /** Renders `specs` against one commit's files for a date; never throws for what the code does. */
  async render(files: SiteFiles, specs: IslandSpec[], site: IslandSite, now: Date): Promise<RenderedIslands> {
    const day = now.toISOString().slice(0, 10);
    const result: RenderedIslands = { islands: {}, markdown: {}, clock: false };
    const missing: IslandSpec[] = [];
    const valid = (kept: Kept | undefined) =>
      kept && (kept.day === undefined || kept.day === day) && (kept.until === undefined || kept.until > Date.now()) && sameReads(files, kept.reads);
    for (const spec of specs) {
      const kept = [this.kept.get(keyOf(spec, site)), this.stopped.get(stoppedKeyOf(spec, site))].find(valid);
      if (kept) {
        this.counts.kept++;
        result.islands[spec.key] = kept.outcome;
        result.clock ||= kept.day !== undefined;
        if (kept.until !== undefined) result.retryAt = Math.min(result.retryAt ?? kept.until, kept.until);
      } else if (!missing.some((other) => other.key === spec.key)) missing.push(spec);
    }
    if (missing.length) await this.evaluate(files, missing, site, now, result);
    // The Markdown files the islands show, read here (a page's render cannot read files), 200 at most.
    const paths = new Set(Object.values(result.islands).flatMap((outcome) => markdownPaths(outcome.html ?? '')));
    for (const path of [...paths].slice(0, MAX_MARKDOWN)) result.markdown[path] = (await files.read(path)) ?? '';
    return result;
  }

  /**
   * Evaluates islands together. When a limit stops them (one renders forever), the islands that
   * finished before it are kept, the one that was running fails alone, and the rest are evaluated again.
   */
  private async evaluate(files: SiteFiles, specs: IslandSpec[], site: IslandSite, now: Date, into: RenderedIslands, strikes = 0): Promise<void> {
    this.counts.evaluated += specs.length;
    const sandboxSpecs = specs.map(({ from, specifier, name, props, children }) => ({ from: `/site/${from}`, specifier, name, props, children }));
    const outcome = await this.sandbox.evaluate(files, { entry: specs[0].from, islands: { specs: sandboxSpecs, site }, now, siteDir: site.siteDir, roots: site.roots });
    const stubbed = await stubbedImports(files, outcome.stubbedBy);
    // Three evaluations in a row stopped before any island finished: the cause is common to all (no more tries).
    const stuck = outcome.failure && !outcome.finished.length && strikes >= 2;
    if (outcome.failure && specs.length > 1 && !stuck) {
      const culprit = Math.min(outcome.finished.length, specs.length - 1);
      const done = { ...outcome, failure: undefined, values: [{ islands: outcome.finished.map((island) => island.result), clock: true }] };
      this.keep(specs.slice(0, culprit), done, site, now, into, stubbed);
      this.keep([specs[culprit]], outcome, site, now, into, stubbed);
      if (culprit + 1 < specs.length) await this.evaluate(files, specs.slice(culprit + 1), site, now, into, culprit ? 0 : strikes + 1);
      return;
    }
    this.keep(specs, outcome, site, now, into, stubbed);
  }

  /** Records an evaluation's islands in `into`, and keeps them unless the evaluation was stopped as a whole. */
  private keep(specs: IslandSpec[], outcome: SandboxOutcome, site: IslandSite, now: Date, into: RenderedIslands, stubbed: IslandOutcome['stubbed']): void {
    const value = outcome.values?.[0] as { islands: { html?: string; error?: string; stack?: string }[]; clock: boolean } | undefined;
    const day = value?.clock ? now.toISOString().slice(0, 10) : undefined;
    into.clock ||= !!value?.clock;
    specs.forEach((spec, index) => {
      const rendered = value?.islands[index];
      const island: IslandOutcome = outcome.failure
        ? { problem: { message: outcome.failure.message, file: outcome.failure.file, line: outcome.failure.line } }
        : outcome.stubbed.includes(spec.specifier)
          ? { problem: { message: `Cannot find module '${spec.specifier}'`, file: spec.from } }
          : rendered?.html !== undefined
            ? { html: rendered.html, ...(stubbed?.length ? { stubbed } : {}), ...(Object.keys(outcome.styles).length ? { styles: outcome.styles } : {}) }
            : { problem: { message: rendered?.error ?? 'the component rendered nothing', ...positionOf(rendered?.stack, outcome.sourceLine) } };
      into.islands[spec.key] = island;
      if (!outcome.failure) {
        this.kept.set(keyOf(spec, site), { reads: outcome.reads, outcome: island, day });
        this.stopped.delete(stoppedKeyOf(spec, site));
      }
      // What stopped the whole evaluation is kept for a while only: the clock or the load may have had a part in it.
      else if (outcome.failure.limit) {
        const strikes = (this.stopped.get(stoppedKeyOf(spec, site))?.strikes ?? 0) + 1;
        const until = Date.now() + stoppedRetryMs(strikes);
        into.retryAt = Math.min(into.retryAt ?? until, until);
        this.stopped.set(stoppedKeyOf(spec, site), { reads: outcome.reads, outcome: island, until, strikes });
      }
    });
  }
}

/** The memory key of an island for a site: everything of the site its code may read. */
function keyOf(spec: IslandSpec, site: IslandSite): string {
  return `${spec.key}:${crypto.createHash('sha256').update(JSON.stringify(site)).digest('base64url')}`;
}

/** Where each package the code required and docsite does not have was imported: the file, and the line that names it. */
async function stubbedImports(files: SiteFiles, stubbedBy: Record<string, string>): Promise<IslandOutcome['stubbed']> {
  return Promise.all(
    Object.entries(stubbedBy).map(async ([specifier, file]) => {
      const text = (await files.read(file).catch(() => undefined)) ?? '';
      const at = text.search(new RegExp(`['"]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`));
      return { specifier, file, line: at < 0 ? undefined : text.slice(0, at).split('\n').length };
    }),
  );
}

/** The memory key of an island a limit stopped: its module (as a repository path), export, props and children, not its page. */
function stoppedKeyOf(spec: IslandSpec, site: IslandSite): string {
  const module = spec.specifier.startsWith('@site/') ? posix.join(site.siteDir ?? '', spec.specifier.slice('@site/'.length)) : posix.join(posix.dirname(spec.from), spec.specifier);
  return JSON.stringify([module, spec.name, spec.props, spec.children, site.baseUrl, site.url, site.title, site.siteConfig, site.translations, site.docs]);
}

/** The Markdown modules an island's HTML shows (React escapes attribute values). */
export function markdownPaths(html: string): string[] {
  return [...html.matchAll(/<docsite-markdown data-path="([^"]*)"/g)].map((match) =>
    match[1]
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

/** The first position in a QuickJS stack that is in the site's files. */
function positionOf(stack: string | undefined, sourceLine: (file: string, line: number) => number): { file?: string; line?: number } {
  const match = /\/site\/([^\s:()]+):(\d+)/.exec(stack ?? '');
  return match ? { file: match[1], line: sourceLine(match[1], Number(match[2])) } : {};
}
