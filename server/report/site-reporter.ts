// The reporter wired to a site (docs/decisions/038-preview-reports.md): the branches a sync moved
// and the pull requests a webhook names become reports; the facts come from the site, the links
// from its public origin (docsite.yaml's `url`, else the first of TRUSTED_HOSTS). Used by the
// server (bin/docsite.ts) and by tests that open a site in-process.
import type { Registry } from 'prom-client';
import { previewFacts, previewPathOf, type Site, type Snapshot } from '../site/index.js';
import { previewAllowed } from '../site/preview-pattern.js';
import { DEFAULT_RETRY, type ForgeEndpoint, type RetryPolicy } from './forge-http.js';
import { githubAuth, githubLikeClient, giteaAuth } from './github.js';
import { gitlabAuth, gitlabClient } from './gitlab.js';
import type { ReportConfig } from './report-config.js';
import { registerReportMetrics } from './report-metrics.js';
import { Reporter, type ReportLog } from './reporter.js';
import { pullRequestEventOf } from './webhook-event.js';
import type { ForgeClient } from './types.js';

/** What the server asks of reporting. */
export interface SiteReports {
  /** The reporter; undefined when reporting is off. */
  reporter: Reporter | undefined;
  /** After a sync: reports every previewable branch whose commit changed. */
  refreshed(before: Snapshot, after: Snapshot): void;
  /** After a verified webhook call: reports the pull request it names, if any. */
  webhook(headers: Record<string, string | string[] | undefined>, body: Uint8Array): void;
  /** What /readyz says: on (with the forge and repository) or off (and why). */
  readiness(): { status: 'on' | 'off'; forge: string | null; repository: string | null; reason?: string };
  /** Adds `docsite_reports_total` to /metrics. */
  registerMetrics(registry: Registry): void;
}

/** The forge's client for a configuration that is on. */
function clientOf(config: Extract<ReportConfig, { on: true }>, retry: RetryPolicy): ForgeClient {
  const { kind, api, slug } = config.forge;
  const auth = kind === 'github' ? githubAuth : kind === 'gitlab' ? gitlabAuth : giteaAuth;
  const endpoint: ForgeEndpoint = { api, token: config.token, auth, retry };
  return kind === 'gitlab' ? gitlabClient(endpoint, slug) : githubLikeClient(endpoint, slug, { gitea: kind === 'gitea' });
}

/** The public origin links point at: docsite.yaml's `url`, else the first trusted host over https. */
export function publicOrigin(snapshot: Snapshot, trustedHosts: readonly string[]): string | undefined {
  const url = snapshot.config.url;
  if (url) return new URL(url).origin;
  return trustedHosts[0] ? `https://${trustedHosts[0]}` : undefined;
}

/** Reporting for `site` as `config` says; `retry` is the forge requests' policy (tests make it quick). */
export function siteReports(site: Site, config: ReportConfig, trustedHosts: readonly string[], log: ReportLog, retry: RetryPolicy = DEFAULT_RETRY): SiteReports {
  const reporter = config.on
    ? new Reporter({
        forge: config.forge.kind,
        client: clientOf(config, retry),
        token: config.token,
        facts: (branch) => previewFacts(site, branch),
        previewPath: (branch) => previewPathOf(site.snapshot(), branch),
        origin: () => publicOrigin(site.snapshot(), trustedHosts),
        allowed: (name) => previewAllowed(site.snapshot().previewBranches, name),
        log,
        context: config.context,
        maxListed: config.maxListed,
      })
    : undefined;
  if (config.on) log.info({ forge: config.forge.kind, repository: config.forge.slug }, 'previews are reported to the forge');
  else log.info({ reason: config.reason }, 'previews are not reported to a forge');
  return {
    reporter,
    refreshed(before, after) {
      if (!reporter) return;
      for (const [branch, commit] of after.branches) if (before.branches.get(branch) !== commit && branch !== after.defaultRef) reporter.branchMoved(branch, commit);
      for (const branch of before.branches.keys()) if (!after.branches.has(branch)) reporter.branchDeleted(branch);
    },
    webhook(headers, body) {
      const event = reporter && pullRequestEventOf(headers, body);
      if (event) reporter.pullRequestMoved(event);
    },
    readiness: () =>
      config.on
        ? { status: 'on', forge: config.forge.kind, repository: config.forge.slug }
        : { status: 'off', forge: config.forge?.kind ?? null, repository: config.forge?.slug ?? null, reason: config.reason },
    registerMetrics: (registry) => registerReportMetrics(registry, reporter, config.on ? config.forge.kind : 'none'),
  };
}
