// What history says about every commit read so far, kept by commit id: its parents, dates, author
// and subject, the files it changed against its first parent, and for a merge where those files'
// last change came from. A commit's record never changes, so a record computed once (and saved,
// history-file.ts) serves every later head: a push adds the records of its new commits only.

/** One commit as history needs it. */
export interface CommitRecord {
  oid: string;
  parents: string[];
  tree: string;
  /** Committer date, ms since the epoch: git's `%ct`, what "last updated" shows. */
  time: number;
  /** Author date, ms since the epoch: what `git log` prints. */
  authorTime: number;
  author: string;
  /** The first paragraph of the message on one line (`%s`). */
  subject: string;
  /** Files (any blob or submodule path) that differ from the first parent, or from nothing for a root: path -> new blob id, null when removed. */
  changes: Map<string, string | null>;
  /** The mode of the files of `changes` that are not regular files: `120000` for a symlink, `160000` for a submodule. */
  modes?: Map<string, string>;
  /**
   * For a merge: files of `changes` that are as another parent has them, with the commit that last
   * changed them there (git follows that parent for them: default history simplification).
   */
  inherited?: Map<string, string>;
}

/** When a file last changed, and who changed it. */
export interface LastUpdate {
  /** Committer date of that commit, ms since the epoch (what `git log -1 --format=%cd -- FILE` prints). */
  time: number;
  /** Its author's name (`%an`). */
  author: string;
  /** The file's blob as of the commit asked about (it is the same from its last change on). */
  oid: string;
}

/** A file of a commit's tree. */
export interface TreeFile {
  path: string;
  oid: string;
  mode: string;
}

/** Every commit record known, by commit id. */
export class HistoryStore {
  private readonly records = new Map<string, CommitRecord>();
  /** One string per path and per author name, shared by every record that names it (thousands of records name the same few thousand paths). */
  private readonly strings = new Map<string, string>();

  /** The record of a commit, if it was read. */
  get(oid: string): CommitRecord | undefined {
    return this.records.get(oid);
  }

  /** True when a commit's record is known. */
  has(oid: string): boolean {
    return this.records.has(oid);
  }

  /** Adds a record (a new commit's, or one read back from disk), its strings shared with the records before it. */
  add(record: CommitRecord): void {
    // A commit id another record has is that record's string (parents come before children).
    const commit = (oid: string) => this.records.get(oid)?.oid ?? oid;
    const changes = new Map<string, string | null>();
    for (const [path, blob] of record.changes) changes.set(this.intern(path), blob);
    const inherited = record.inherited && new Map([...record.inherited].map(([path, source]) => [this.intern(path), commit(source)]));
    const modes = record.modes && new Map([...record.modes].map(([path, mode]) => [this.intern(path), mode]));
    this.records.set(record.oid, { ...record, parents: record.parents.map(commit), author: this.intern(record.author), changes, modes, inherited });
  }

  /** Adds records read back from disk as they are: a chunk of the file holds each of its strings once already (history-file.ts). */
  addStored(records: readonly CommitRecord[]): void {
    for (const record of records) this.records.set(record.oid, record);
  }

  /** The one copy of a string kept. */
  private intern(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  /** How many commits are known. */
  get size(): number {
    return this.records.size;
  }

  /**
   * The commit that last changed `path` as of `commit`, where the file exists: the first record
   * along first parents whose changes name it (a merge's inherited files name their own source),
   * or undefined when the file does not exist there or history is incomplete.
   */
  lastChange(commit: string, path: string): CommitRecord | undefined {
    for (let record = this.records.get(commit); record; record = this.records.get(record.parents[0])) {
      const blob = record.changes.get(path);
      if (blob === undefined) continue;
      if (blob === null) return undefined;
      const source = record.inherited?.get(path);
      return source ? this.records.get(source) : record;
    }
    return undefined;
  }

  /**
   * The blob (or submodule commit) at `path` in the tree of `commit`, undefined where it has none:
   * a commit's tree is its first parent's with the record's changes, so the first record along
   * first parents that names the path says what is there. The records of those commits must be known.
   */
  blobAt(commit: string, path: string): string | undefined {
    for (let record = this.records.get(commit); record; record = this.records.get(record.parents[0])) {
      const blob = record.changes.get(path);
      if (blob !== undefined) return blob ?? undefined;
    }
    return undefined;
  }

  /**
   * Every file of the tree of `commit` (blobs and symlinks, as a tree walk lists them; no
   * submodule), with its blob and its mode (`100644` for any regular file), from the records along
   * its first parents, as blobAt finds one: no tree is read. In no particular order.
   */
  filesAt(commit: string): TreeFile[] {
    const files: TreeFile[] = [];
    const seen = new Set<string>();
    for (let record = this.records.get(commit); record; record = this.records.get(record.parents[0])) {
      for (const [path, blob] of record.changes) {
        if (seen.has(path)) continue;
        seen.add(path);
        const mode = record.modes?.get(path) ?? '100644';
        if (blob !== null && mode !== '160000') files.push({ path, oid: blob, mode });
      }
    }
    return files;
  }

  /** The commit that last changed each file of `commit`, by path, in one walk (see lastUpdates). */
  lastUpdatesBy(commit: string): Map<string, string> {
    const sources = new Map<string, string>();
    const seen = new Set<string>();
    for (let record = this.records.get(commit); record; record = this.records.get(record.parents[0])) {
      for (const [path, blob] of record.changes) {
        if (seen.has(path)) continue;
        seen.add(path);
        if (blob !== null) sources.set(path, record.inherited?.get(path) ?? record.oid);
      }
    }
    return sources;
  }

  /**
   * The last update of every file of `commit` (each file's newest change along first parents,
   * as lastChange finds it), in one walk. The commit's record and its ancestors' must be known.
   */
  lastUpdates(commit: string): Map<string, LastUpdate> {
    const updates = new Map<string, LastUpdate>();
    const seen = new Set<string>();
    for (let record = this.records.get(commit); record; record = this.records.get(record.parents[0])) {
      for (const [path, blob] of record.changes) {
        if (seen.has(path)) continue;
        seen.add(path);
        if (blob === null) continue;
        const source = this.records.get(record.inherited?.get(path) ?? record.oid);
        if (source) updates.set(path, { time: source.time, author: source.author, oid: blob });
      }
    }
    return updates;
  }
}
