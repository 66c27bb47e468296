// Caches in front are told what a refresh made stale (docs/decisions/021-surrogate-keys.md).
import { blogListingsAt, type Logger, type Site, type Snapshot } from '../server/site/index.js';
import { purgeKeys, sendPurges, type ServerConfig } from '../server/host.js';

/** The purge to run after a refresh from `before` to `after`; a no-op without PURGE_URLS. */
export function purger(site: Site, config: ServerConfig, log: Logger): (before: Snapshot, after: Snapshot) => Promise<void> {
  return async (before, after) => {
    if (!config.purgeTargets.length) return;
    const source = { repository: site.repository, docSets: (commit: string) => site.docs.docSetsAt(commit), blogs: (commit: string) => blogListingsAt(site, commit) };
    const keys = await purgeKeys(source, before, after);
    if (!keys.length) return;
    const credentials = { method: config.purgeMethod, cloudflareToken: config.cloudflareApiToken, fastlyToken: config.fastlyApiToken };
    const outcomes = await sendPurges(config.purgeTargets, keys, credentials);
    const failed = outcomes.filter((outcome) => !('status' in outcome) || outcome.status >= 300);
    if (failed.length) log.warn({ failed }, 'a cache in front did not take a purge');
    else log.info({ keys: keys.length, requests: outcomes.length }, 'caches in front purged');
  };
}
