// How many whole-site jobs each client may start (docs/decisions/030-cost-model.md): a token bucket
// per client address, holding up to `perMinute` tokens and refilled at `perMinute` a minute. The
// buckets are bounded in number: a client forgotten for lack of room starts again with a full bucket,
// which costs at most one burst.
import { LRUCache } from 'lru-cache';

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by client. */
export class ClientRates {
  private readonly buckets = new LRUCache<string, Bucket>({ max: 10_000 });

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token for `client`: 0 when it had one, else the seconds until it will. */
  take(client: string): number {
    const bucket = this.refilled(client);
    if (bucket.tokens < 1) return this.wait(bucket);
    bucket.tokens -= 1;
    return 0;
  }

  /** A client's bucket, refilled for the time since it was last seen. */
  private refilled(client: string): Bucket {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    this.buckets.set(client, bucket);
    return bucket;
  }

  /** Seconds until a bucket holds one token. */
  private wait(bucket: Bucket): number {
    return Math.ceil(((1 - bucket.tokens) * 60) / this.perMinute);
  }
}
