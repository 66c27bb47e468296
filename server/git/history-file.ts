// The commit records of history-store.ts kept on disk, so a restart reads history instead of
// walking it again: an append-only file of chunks (a 4-byte length, then the v8-serialized chunk
// one pass added). A chunk names every string its records hold (commit and blob ids, paths,
// authors, subjects) once, and holds the records as numbers: indexes into those strings, counts and
// dates. Reading it back makes each string once and no array per record, which is what a restart's
// first page waits for (the records of the corpus's 3,317 commits name 28,000 changed files).
// Records are keyed by commit id, so they are never stale, whatever repository or branch they came
// from. A torn last chunk (a crash mid-write) is cut off on reading.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { CommitRecord } from './history-store.js';

/** Where a site keeps its records: `{DATA_DIR}/cache/history-2.records` (the number changes with the format or with what a record means). */
export function historyFile(dataDir: string): string {
  return path.join(dataDir, 'cache', 'history-2.records');
}

/**
 * A chunk as stored. Each record is, in `numbers`: its id, tree, committer and author dates, author
 * and subject, then a count and that many parents, a count and that many (path, blob or -1 when
 * removed) pairs, a count and that many (path, mode) pairs of the files that are not regular, a
 * count and that many (path, source commit) pairs. Strings are indexes into `strings`.
 */
interface Chunk {
  strings: string[];
  numbers: Float64Array;
}

/** The records saved in `file`, oldest first; none when it is missing or unreadable. A damaged tail is removed, and so are the files of other formats. */
export function readHistoryFile(file: string): CommitRecord[] {
  removeOtherFormats(file);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return [];
  }
  const records: CommitRecord[] = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    if (at + 4 + length > bytes.length) break;
    let chunk: Chunk;
    try {
      chunk = v8.deserialize(bytes.subarray(at + 4, at + 4 + length)) as Chunk;
    } catch {
      break;
    }
    fromChunk(chunk, records);
    at += 4 + length;
  }
  if (at < bytes.length) fs.truncateSync(file, at);
  return records;
}

/** Appends records to the file (made with its folder when missing). */
export async function appendHistoryFile(file: string, records: readonly CommitRecord[]): Promise<void> {
  if (!records.length) return;
  const payload = v8.serialize(toChunk(records));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.appendFile(file, Buffer.concat([length, payload]));
}

/** Records in their stored form. */
function toChunk(records: readonly CommitRecord[]): Chunk {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const ref = (value: string) => {
    let index = indexes.get(value);
    if (index === undefined) {
      index = strings.push(value) - 1;
      indexes.set(value, index);
    }
    return index;
  };
  const numbers: number[] = [];
  for (const record of records) {
    numbers.push(ref(record.oid), ref(record.tree), record.time, record.authorTime, ref(record.author), ref(record.subject), record.parents.length);
    for (const parent of record.parents) numbers.push(ref(parent));
    numbers.push(record.changes.size);
    for (const [path, blob] of record.changes) numbers.push(ref(path), blob === null ? -1 : ref(blob));
    numbers.push(record.modes?.size ?? 0);
    for (const [path, mode] of record.modes ?? []) numbers.push(ref(path), ref(mode));
    numbers.push(record.inherited?.size ?? 0);
    for (const [path, source] of record.inherited ?? []) numbers.push(ref(path), ref(source));
  }
  return { strings, numbers: Float64Array.from(numbers) };
}

/** Adds to `out` the records of a chunk read back. */
function fromChunk({ strings, numbers }: Chunk, out: CommitRecord[]): void {
  for (let at = 0; at < numbers.length; ) {
    const oid = strings[numbers[at++]];
    const tree = strings[numbers[at++]];
    const time = numbers[at++];
    const authorTime = numbers[at++];
    const author = strings[numbers[at++]];
    const subject = strings[numbers[at++]];
    const parents: string[] = [];
    for (let n = numbers[at++]; n > 0; n--) parents.push(strings[numbers[at++]]);
    const changes = new Map<string, string | null>();
    for (let n = numbers[at++]; n > 0; n--, at += 2) changes.set(strings[numbers[at]], numbers[at + 1] < 0 ? null : strings[numbers[at + 1]]);
    const record: CommitRecord = { oid, parents, tree, time, authorTime, author, subject, changes };
    const modes = numbers[at++];
    if (modes) record.modes = new Map();
    for (let n = modes; n > 0; n--, at += 2) record.modes!.set(strings[numbers[at]], strings[numbers[at + 1]]);
    const inherited = numbers[at++];
    if (inherited) record.inherited = new Map();
    for (let n = inherited; n > 0; n--, at += 2) record.inherited!.set(strings[numbers[at]], strings[numbers[at + 1]]);
    out.push(record);
  }
}

/** Removes the records files of other formats beside `file`: nothing reads them any more. */
function removeOtherFormats(file: string): void {
  const folder = path.dirname(file);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (/^history-\d+\.records$/.test(name) && name !== path.basename(file)) fs.rmSync(path.join(folder, name), { force: true });
  }
}
