// A file's history follows renames back to where the file was added, a page at a time.
import { describe, expect, it } from 'vitest';
import { fileHistory, type CommitChanges } from './file-history.js';

/** A line of commits c5 (newest) .. c1 (root): a.md added, edited, renamed to b.md, edited; c4 touches another file. */
const COMMITS: Record<string, CommitChanges> = {
  c5: { oid: 'c5', parent: 'c4', author: 'E', time: 5, subject: 'Edit b', changes: [{ status: 'modified', path: 'b.md', oid: 'b2', oldOid: 'b1' }] },
  c4: { oid: 'c4', parent: 'c3', author: 'D', time: 4, subject: 'Other', changes: [{ status: 'added', path: 'z.md', oid: 'z1' }] },
  c3: {
    oid: 'c3',
    parent: 'c2',
    author: 'C',
    time: 3,
    subject: 'Rename',
    changes: [{ status: 'renamed', path: 'b.md', oldPath: 'a.md', oid: 'b1', oldOid: 'a2', similarity: 0.9 }],
  },
  c2: { oid: 'c2', parent: 'c1', author: 'B', time: 2, subject: 'Edit a', changes: [{ status: 'modified', path: 'a.md', oid: 'a2', oldOid: 'a1' }] },
  c1: { oid: 'c1', author: 'A', time: 1, subject: 'Add a', changes: [{ status: 'added', path: 'a.md', oid: 'a1' }] },
};
const changesOf = async (oid: string) => COMMITS[oid];

describe('fileHistory', () => {
  it('lists the commits that changed the file, following its rename back to where it was added', async () => {
    const history = await fileHistory(changesOf, 'c5', 'b.md', 10);
    expect(history.entries.map((entry) => [entry.commit, entry.path, entry.status])).toEqual([
      ['c5', 'b.md', 'modified'],
      ['c3', 'b.md', 'renamed'],
      ['c2', 'a.md', 'modified'],
      ['c1', 'a.md', 'added'],
    ]);
    expect(history.more).toBe(false);
  });

  it('stops at the limit and says there is more', async () => {
    const history = await fileHistory(changesOf, 'c5', 'b.md', 2);
    expect(history.entries.map((entry) => entry.commit)).toEqual(['c5', 'c3']);
    expect(history.more).toBe(true);
  });
});
