// The commit records of history-store.ts kept on disk, so a restart reads history instead of
// walking it again: an append-only file of chunks (a 4-byte length, then the v8-serialized records
// one pass added). Records are keyed by commit id, so they are never stale, whatever repository
// or branch they came from. A torn last chunk (a crash mid-write) is cut off on reading.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { CommitRecord } from './history-store.js';

/** Where a site keeps its records: `{DATA_DIR}/cache/history-1.records` (the number changes with the format or with what a record means). */
export function historyFile(dataDir: string): string {
  return path.join(dataDir, 'cache', 'history-1.records');
}

/** A record as stored: arrays, not maps, and changes flattened to `[path, blob or null, ...]`. */
type Stored = [string, string[], string, number, number, string, string, (string | null)[], string[] | undefined];

/** The records saved in `file`, oldest first; none when it is missing or unreadable. A damaged tail is removed. */
export function readHistoryFile(file: string): CommitRecord[] {
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
    let chunk: Stored[];
    try {
      chunk = v8.deserialize(bytes.subarray(at + 4, at + 4 + length)) as Stored[];
    } catch {
      break;
    }
    for (const stored of chunk) records.push(fromStored(stored));
    at += 4 + length;
  }
  if (at < bytes.length) fs.truncateSync(file, at);
  return records;
}

/** Appends records to the file (made with its folder when missing). */
export async function appendHistoryFile(file: string, records: readonly CommitRecord[]): Promise<void> {
  if (!records.length) return;
  const payload = v8.serialize(records.map(toStored));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.appendFile(file, Buffer.concat([length, payload]));
}

/** A record in its stored form. */
function toStored(record: CommitRecord): Stored {
  const changes = [...record.changes].flat();
  const inherited = record.inherited && [...record.inherited].flat();
  return [record.oid, record.parents, record.tree, record.time, record.authorTime, record.author, record.subject, changes, inherited];
}

/** A record read back from its stored form. */
function fromStored([oid, parents, tree, time, authorTime, author, subject, flat, inherited]: Stored): CommitRecord {
  const changes = new Map<string, string | null>();
  for (let i = 0; i < flat.length; i += 2) changes.set(flat[i]!, flat[i + 1]);
  const record: CommitRecord = { oid, parents, tree, time, authorTime, author, subject, changes };
  if (inherited) {
    record.inherited = new Map();
    for (let i = 0; i < inherited.length; i += 2) record.inherited.set(inherited[i], inherited[i + 1]);
  }
  return record;
}
