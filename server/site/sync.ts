import { cloneInChildProcess } from '../git/clone-process.js';
import { Repository } from '../git/repository.js';
import type { Site } from './site.js';
import type { Snapshot } from './snapshot.js';
import { clonePlace } from './open-repository.js';
import { nextClone, packCount, removeOtherClones } from './clones.js';
import type { ServerConfig } from './env.js';

/** What readiness and metrics report about synchronisation with the remote. */
export interface SyncStatus {
  /** Successful refreshes since start-up. */
  count: number;
  failures: number;
  /** Seconds spent in refreshes, successful or not (for the Prometheus summary). */
  totalSeconds: number;
  lastDurationMs?: number;
  lastSuccessAt?: Date;
  /** The last failed refresh, cleared by the next success. */
  lastError?: { message: string; at: Date };
  reclones: number;
}

type Log = (level: 'info' | 'warn', msg: string, fields?: Record<string, unknown>) => void;

/** How long a replaced clone is kept, so requests still reading from it finish. */
const OLD_CLONE_GRACE_MS = 60_000;

/**
 * Keeps a Site's snapshot in step with its remote: a poll every `syncIntervalMs` and on demand
 * (the webhook). One refresh runs at a time; calls that arrive while one runs share a single
 * follow-up refresh, so a push that landed mid-fetch is always picked up and bursts collapse.
 */
export class Sync {
  readonly status: SyncStatus = { count: 0, failures: 0, totalSeconds: 0, reclones: 0 };
  private running: Promise<Snapshot | undefined> | undefined;
  private queued: Promise<Snapshot | undefined> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly site: Site,
    private readonly config: ServerConfig,
    private readonly log: Log,
    /** Called after every successful refresh with the snapshots before and after it (e.g. to purge caches in front). */
    private readonly onRefreshed?: (before: Snapshot, after: Snapshot) => void,
  ) {
    // A failed start-up fetch is the first failed sync: /readyz says so from the first second,
    // and the next successful sync clears it.
    if (site.startupSyncError) {
      this.status.failures++;
      this.status.lastError = site.startupSyncError;
      log('warn', 'fetch failed, serving the existing clone', { error: site.startupSyncError.message });
    }
  }

  /** Starts polling (unless the interval is 0). The timer never keeps the process alive. */
  start(): void {
    if (!this.config.syncIntervalMs) return;
    this.timer = setInterval(() => void this.trigger(), this.config.syncIntervalMs);
    this.timer.unref();
  }

  /** Stops polling. */
  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * Refreshes now, or after the refresh in progress. Resolves with the new snapshot, or undefined
   * when the refresh failed (the last good snapshot stays; `status.lastError` says why).
   */
  trigger(): Promise<Snapshot | undefined> {
    if (!this.running) return this.run();
    this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.run();
    });
    return this.queued;
  }

  private run(): Promise<Snapshot | undefined> {
    const started = performance.now();
    const before = this.site.snapshot();
    const attempt = this.site
      .refresh({ timeoutMs: this.config.gitTimeoutMs })
      .then((snapshot) => {
        this.onRefreshed?.(before, snapshot);
        this.status.count++;
        this.status.lastSuccessAt = new Date();
        this.status.lastError = undefined;
        if (snapshot.configError) this.log('warn', 'docsite.yaml is broken; serving the last good configuration', { error: snapshot.configError });
        return snapshot;
      })
      .catch((error: unknown) => {
        this.status.failures++;
        const message = error instanceof Error ? error.message : String(error);
        this.status.lastError = { message, at: new Date() };
        this.log('warn', 'sync failed; serving the last good snapshot', { error: message });
        return undefined;
      })
      .finally(() => {
        const ms = performance.now() - started;
        this.status.lastDurationMs = Math.round(ms);
        this.status.totalSeconds += ms / 1000;
      });
    // A re-clone (seconds) runs after the caller has its snapshot, so a webhook that happens to be
    // the one past GIT_MAX_PACKS answers as fast as the others; the next refresh waits for it.
    this.running = attempt
      .then(async (snapshot) => {
        if (snapshot) await this.recloneIfCluttered().catch((error) => this.log('warn', 're-clone failed; keeping the current clone', { error: String(error) }));
        return snapshot;
      })
      .finally(() => {
        this.running = undefined;
      });
    return attempt;
  }

  /**
   * Every fetch adds a packfile and reads get slower as they pile up; isomorphic-git cannot
   * repack, so past `maxPacks` the remote is cloned afresh into a new directory and swapped in.
   */
  private async recloneIfCluttered(): Promise<void> {
    const current = this.site.repository;
    if (!current.url || packCount(current.gitdir) <= this.config.maxPacks) return;
    const { reposDir, name } = clonePlace(this.config);
    const gitdir = nextClone(reposDir, name);
    const { repository: fresh } = await Repository.cloneOrOpen(current.url, gitdir, { timeoutMs: this.config.gitTimeoutMs, clone: cloneInChildProcess });
    this.site.swapRepository(fresh);
    this.status.reclones++;
    this.log('info', 're-cloned the content repository', { gitdir, packs: packCount(gitdir) });
    setTimeout(() => {
      // Its packs stay open for reads in flight until then (decision 029).
      current.close();
      if (this.site.repository.gitdir === gitdir) removeOtherClones(reposDir, name, gitdir);
    }, OLD_CLONE_GRACE_MS).unref();
  }
}
