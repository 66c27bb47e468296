import type { Repository } from './repository.js';

/** One file that differs between two trees. Paths are relative to the repository root. */
export interface TreeChange {
  status: 'added' | 'removed' | 'modified' | 'renamed';
  /** The file's path in the new tree (for `removed`: its path in the old tree). */
  path: string;
  /** The blob in the new tree (absent for `removed`). */
  oid?: string;
  /** The file's path in the old tree, for `renamed`. */
  oldPath?: string;
  /** The blob in the old tree (absent for `added`). */
  oldOid?: string;
  /** For `renamed`: how much of the content the two blobs share, 0–1 (1 for an identical blob). */
  similarity?: number;
}

/** Options of diffTrees. */
export interface DiffTreesOptions {
  /** Only files under this folder (`docs`, `general/`); the whole tree when empty. */
  folder?: string;
  /** The least similarity a removed and an added file need to count as a rename: git's default, 50%. */
  similarity?: number;
}

type TreeReader = Pick<Repository, 'readTreeEntries' | 'readBlob'>;

/** Content renames are looked for only among this many removed × added pairs, so a huge change stays cheap. */
const MAX_RENAME_PAIRS = 10_000;
/** Blobs larger than this are never compared for similarity (git skips big files too). */
const MAX_COMPARED_BYTES = 1 << 20;

/**
 * The blob changes between two trees (either may be undefined: an empty tree), with renames found
 * as git finds them: first an identical blob removed at one path and added at another, then the
 * most similar pair whose shared content reaches `similarity`. Subtrees with equal ids are skipped,
 * so the cost follows the size of the change, not of the trees.
 */
export async function diffTrees(repository: TreeReader, oldTree: string | undefined, newTree: string | undefined, options: DiffTreesOptions = {}): Promise<TreeChange[]> {
  const folder = (options.folder ?? '').split('/').filter(Boolean);
  const [oldRoot, newRoot] = await Promise.all([subtree(repository, oldTree, folder), subtree(repository, newTree, folder)]);
  const prefix = folder.length ? `${folder.join('/')}/` : '';
  const changes: TreeChange[] = [];
  await compareTrees(repository, oldRoot, newRoot, prefix, changes);
  await pairRenames(repository, changes, options.similarity ?? 0.5);
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The id of the tree at `segments` below `tree`, or undefined when there is none. */
async function subtree(repository: TreeReader, tree: string | undefined, segments: string[]): Promise<string | undefined> {
  let oid = tree;
  for (const segment of segments) {
    if (!oid) return undefined;
    oid = (await repository.readTreeEntries(oid)).find((entry) => entry.path === segment && entry.type === 'tree')?.oid;
  }
  return oid;
}

/** Collects added, removed and modified blobs between two trees into `out`. */
async function compareTrees(repository: TreeReader, oldTree: string | undefined, newTree: string | undefined, prefix: string, out: TreeChange[]): Promise<void> {
  if (oldTree === newTree) return;
  const [left, right] = await Promise.all([oldTree ? repository.readTreeEntries(oldTree) : [], newTree ? repository.readTreeEntries(newTree) : []]);
  const oldByName = new Map(left.map((entry) => [entry.path, entry]));
  const newByName = new Map(right.map((entry) => [entry.path, entry]));
  for (const name of new Set([...oldByName.keys(), ...newByName.keys()])) {
    const before = oldByName.get(name);
    const after = newByName.get(name);
    if (before?.oid === after?.oid && before?.type === after?.type) continue;
    const path = prefix + name;
    const oldSub = before?.type === 'tree' ? before.oid : undefined;
    const newSub = after?.type === 'tree' ? after.oid : undefined;
    if (oldSub || newSub) await compareTrees(repository, oldSub, newSub, `${path}/`, out);
    const oldBlob = before?.type === 'blob' ? before.oid : undefined;
    const newBlob = after?.type === 'blob' ? after.oid : undefined;
    if (oldBlob && newBlob) out.push({ status: 'modified', path, oid: newBlob, oldOid: oldBlob });
    else if (newBlob) out.push({ status: 'added', path, oid: newBlob });
    else if (oldBlob) out.push({ status: 'removed', path, oldOid: oldBlob });
  }
}

/** Turns removed + added pairs into renames in place: identical blobs first, then similar ones. */
async function pairRenames(repository: TreeReader, changes: TreeChange[], threshold: number): Promise<void> {
  const removed = changes.filter((change) => change.status === 'removed');
  const added = changes.filter((change) => change.status === 'added');
  if (!removed.length || !added.length) return;
  const used = new Set<TreeChange>();
  const rename = (from: TreeChange, to: TreeChange, similarity: number) => {
    Object.assign(to, { status: 'renamed', oldPath: from.path, oldOid: from.oldOid, similarity });
    used.add(from);
    used.add(to);
  };
  const addedByOid = new Map<string, TreeChange[]>();
  for (const change of added) addedByOid.set(change.oid!, [...(addedByOid.get(change.oid!) ?? []), change]);
  for (const from of removed) {
    const to = addedByOid.get(from.oldOid!)?.find((candidate) => !used.has(candidate));
    if (to) rename(from, to, 1);
  }

  const left = removed.filter((change) => !used.has(change));
  const right = added.filter((change) => !used.has(change));
  if (left.length && right.length && left.length * right.length <= MAX_RENAME_PAIRS) {
    const lines = new Map<string, Map<string, number> | undefined>();
    const linesOf = async (oid: string) => {
      if (!lines.has(oid)) lines.set(oid, lineCounts(await repository.readBlob(oid)));
      return lines.get(oid);
    };
    const pairs: { from: TreeChange; to: TreeChange; score: number }[] = [];
    for (const from of left) {
      const a = await linesOf(from.oldOid!);
      if (!a) continue;
      for (const to of right) {
        const b = await linesOf(to.oid!);
        const score = b ? similarity(a, b) : 0;
        if (score >= threshold) pairs.push({ from, to, score });
      }
    }
    for (const { from, to, score } of pairs.sort((x, y) => y.score - x.score)) {
      if (!used.has(from) && !used.has(to)) rename(from, to, Math.round(score * 100) / 100);
    }
  }
  for (let i = changes.length - 1; i >= 0; i--) if (changes[i].status === 'removed' && used.has(changes[i])) changes.splice(i, 1);
}

/** Each line of a text blob with its count (line bytes include the newline); undefined for a blob too big to compare. */
function lineCounts(bytes: Uint8Array): Map<string, number> | undefined {
  if (bytes.length > MAX_COMPARED_BYTES) return undefined;
  const counts = new Map<string, number>();
  for (const line of new TextDecoder().decode(bytes).split(/(?<=\n)/)) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/** The share of the larger file's bytes found in the other, line by line: a cheap stand-in for git's similarity index. */
function similarity(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  let sizeA = 0;
  let sizeB = 0;
  for (const [line, count] of a) {
    sizeA += line.length * count;
    shared += line.length * Math.min(count, b.get(line) ?? 0);
  }
  for (const [line, count] of b) sizeB += line.length * count;
  const larger = Math.max(sizeA, sizeB);
  return larger === 0 ? 1 : shared / larger;
}
