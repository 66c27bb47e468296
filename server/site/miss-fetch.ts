// A URL that names a branch or commit the snapshot does not know (pushed a second ago) makes the
// site fetch once, within rate limits, so unknown names cannot make the server hammer the remote.
import { LRUCache } from 'lru-cache';
import type { Selector } from '../urls.js';
import { previewAllowed } from './preview-pattern.js';
import type { Snapshot } from './snapshot.js';

/** Fetches that unknown branch or commit names may cause per minute, in all. */
const MISS_FETCHES_PER_MINUTE = 20;

/** The fetches caused by unknown names, at most one per name every 30 s and MISS_FETCHES_PER_MINUTE a minute. */
export class MissFetcher {
  private refetch?: () => Promise<Snapshot | undefined>;
  private inFlight?: Promise<Snapshot | undefined>;
  /** Names that caused a fetch in the last 30 s, and when the last minute's fetches were: the rate limits. */
  private readonly recentNames = new LRUCache<string, true>({ max: 10_000, ttl: 30_000 });
  private recent: number[] = [];

  /** Sets how to fetch (the sync's shared, coalesced refresh); without it a miss is simply a 404. */
  use(fetch: () => Promise<Snapshot | undefined>): void {
    this.refetch = fetch;
  }

  /**
   * Fetches for a selector the snapshot did not know, when it names a preview branch the pattern
   * allows or a commit; concurrent fetches share one, and a rate-limited name waits for the last.
   * Only a configured repository is fetched (a local one reads its refs again), not the embedded content.
   */
  async fetchFor(snapshot: Snapshot, selector: Selector, configured: boolean): Promise<void> {
    if (!this.refetch || !configured) return;
    if (selector.kind !== 'branch' && selector.kind !== 'commit') return;
    if (selector.kind === 'branch' && !previewAllowed(snapshot.previewBranches, selector.name)) return;
    const name = selector.kind === 'branch' ? `~${selector.name}` : `@${selector.oid}`;
    const now = Date.now();
    this.recent = this.recent.filter((at) => now - at < 60_000);
    if (this.recentNames.has(name) || this.recent.length >= MISS_FETCHES_PER_MINUTE) {
      // Rate-limited: the fetch a moment ago (maybe by this page's other loader) is the answer.
      await this.inFlight;
      return;
    }
    this.recentNames.set(name, true);
    this.recent.push(now);
    this.inFlight = this.refetch();
    await this.inFlight;
  }
}
