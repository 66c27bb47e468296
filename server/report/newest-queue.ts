// The reporter's queue: one entry per branch holding only its newest commit (a branch pushed five
// times while its report waits is reported once, for the last push), worked one at a time so a
// burst of pushes never sends a burst of work to the site or of requests to the forge.

/** Runs `work` for each key's newest value, one at a time, oldest key first. */
export class NewestQueue<T> {
  private readonly waiting = new Map<string, T>();
  private working: Promise<void> | undefined;

  constructor(private readonly work: (key: string, value: T) => Promise<void>) {}

  /** Entries waiting (not the one being worked on). */
  get size(): number {
    return this.waiting.size;
  }

  /** Queues `value` for `key`, replacing what was waiting for it; the work starts on a later turn of the event loop. */
  push(key: string, value: T): void {
    this.waiting.delete(key);
    this.waiting.set(key, value);
    this.working ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** The value waiting for `key`, if any (a newer commit than the one being worked on). */
  peek(key: string): T | undefined {
    return this.waiting.get(key);
  }

  /** Resolves once nothing is waiting or being worked on. */
  async idle(): Promise<void> {
    while (this.working) await this.working;
  }

  /** Works through the queue until it is empty; a failed entry never stops the others. */
  private async drain(): Promise<void> {
    for (let next = this.waiting.entries().next(); !next.done; next = this.waiting.entries().next()) {
      const [key, value] = next.value;
      this.waiting.delete(key);
      await this.work(key, value).catch(() => undefined);
    }
    this.working = undefined;
  }
}
