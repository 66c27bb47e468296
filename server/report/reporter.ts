// The reporter (docs/decisions/038-preview-reports.md): when a branch moves, it tells the forge, off
// the push path and one branch at a time: a pending status with the preview's URL, then the facts
// of the branch (its changed pages, the broken links it introduces), then a success or failure
// status and the pull request's one comment, edited in place. Failures are logged once per report
// and counted; nothing here can fail a request or a sync.
import { commentBody, COMMENT_MARKER, statusDescription } from './comment.js';
import { scrub } from './forge-http.js';
import { NewestQueue } from './newest-queue.js';
import type { ForgeClient, PreviewFacts } from './types.js';

/** What became of one report, as `docsite_reports_total{outcome}` counts it. */
export type ReportOutcome = 'sent' | 'failed' | 'superseded' | 'skipped';

/** A pull request a forge's webhook told of. */
export interface PullRequestEvent {
  number: number;
  /** Its head branch and commit. */
  branch: string;
  sha: string;
  /** True when its head is another repository's (a fork). */
  fork: boolean;
  /** `owner:branch`, the name PREVIEW_BRANCHES must allow for a fork's pull request to be reported. */
  label: string;
}

/** Logging as pino does it: fields, then the message. */
export interface ReportLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** What the reporter needs of the site and the forge. */
export interface ReporterDeps {
  /** `github`, `gitlab` or `gitea`: the metric's label. */
  forge: string;
  client: ForgeClient;
  /** The token, to scrub from anything logged. */
  token: string;
  /** The facts of a branch now; undefined when it is gone or not previewable. */
  facts(branch: string): Promise<PreviewFacts | undefined>;
  /** The preview's path of a branch (`/general/~x`), known before its facts are. */
  previewPath(branch: string): string | undefined;
  /** The public origin links point at (`https://docs.example.org`); undefined: none configured. */
  origin(): string | undefined;
  /** Whether PREVIEW_BRANCHES allows a name (a branch, or a fork's `owner:branch`). */
  allowed(name: string): boolean;
  log: ReportLog;
  /** The status's name (`docsite/preview`) and the most pages or links a comment lists. */
  context: string;
  maxListed: number;
}

/** One report to make: a branch's commit, and its pull request when a webhook named it. */
interface Job {
  commit: string;
  pullRequest?: number;
}

/** Reports branches' previews to one forge. */
export class Reporter {
  /** Reports by outcome since start. */
  readonly counts = new Map<ReportOutcome, number>();
  private readonly queue = new NewestQueue<Job>((branch, job) => this.report(branch, job));
  /** Pull requests webhooks named, by head branch (this repository's branches only). */
  private readonly pullRequests = new Map<string, number>();
  /** The last report made per branch (`commit:pr`), so a push and its pull request event do not report twice. */
  private readonly reported = new Map<string, string>();

  constructor(private readonly deps: ReporterDeps) {}

  /** A branch of the repository now points at `commit`: report it (later, off the caller's path). */
  branchMoved(branch: string, commit: string): void {
    if (!this.deps.allowed(branch)) return;
    this.queue.push(branch, { commit, pullRequest: this.pullRequests.get(branch) });
  }

  /** A webhook told of a pull request opened or pushed to: report its head; a fork's only where PREVIEW_BRANCHES allows its `owner:branch`. */
  pullRequestMoved(event: PullRequestEvent): void {
    if (event.fork ? !this.deps.allowed(event.label) : !this.deps.allowed(event.branch)) {
      this.count('skipped');
      return;
    }
    if (!event.fork) this.pullRequests.set(event.branch, event.number);
    this.queue.push(event.branch, { commit: event.sha, pullRequest: event.number });
  }

  /** Forgets a deleted branch's pull request and last report, so what is kept stays as many as the branches. */
  branchDeleted(branch: string): void {
    this.pullRequests.delete(branch);
    this.reported.delete(branch);
  }

  /** Resolves once every queued report is made (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private count(outcome: ReportOutcome): void {
    this.counts.set(outcome, (this.counts.get(outcome) ?? 0) + 1);
  }

  /** Makes one branch's report; logs and counts a failure once. */
  private async report(branch: string, job: Job): Promise<void> {
    const { deps } = this;
    const key = `${job.commit}:${job.pullRequest ?? ''}`;
    if (this.reported.get(branch) === key) return;
    const origin = deps.origin();
    const previewPath = deps.previewPath(branch);
    if (!origin || !previewPath) return this.count('skipped');
    try {
      const targetUrl = origin + previewPath;
      await deps.client.setStatus(job.commit, { state: 'pending', description: 'Checking the pages and links of the preview', targetUrl, context: deps.context });
      const facts = await deps.facts(branch);
      // The branch moved on meanwhile (its newer commit is queued), or a fork's head is not what we serve.
      if (!facts || facts.commit !== job.commit) return this.count('superseded');
      const description = statusDescription(facts);
      await deps.client.setStatus(job.commit, { state: facts.broken.length ? 'failure' : 'success', description, targetUrl, context: deps.context });
      let pullRequest = job.pullRequest;
      if (facts.pages.length || facts.navigationChanges) {
        pullRequest ??= await deps.client.findPullRequest(branch);
        if (pullRequest !== undefined) await deps.client.upsertComment(pullRequest, COMMENT_MARKER, commentBody(facts, origin, deps.maxListed));
      }
      this.reported.set(branch, `${job.commit}:${pullRequest ?? ''}`);
      this.count('sent');
      deps.log.info({ forge: deps.forge, branch, commit: job.commit, pullRequest: pullRequest ?? null, description }, 'preview reported');
    } catch (error) {
      this.count('failed');
      const message = scrub(error instanceof Error ? error.message : String(error), deps.token);
      deps.log.warn({ forge: deps.forge, branch, commit: job.commit, error: message }, 'could not report the preview to the forge');
    }
  }
}
