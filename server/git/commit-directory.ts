import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';

type TreeObject = Parameters<typeof git.writeTree>[0]['tree'];

/**
 * Commits the files of `sourceDir` to `branch` of the bare repository `gitdir` (created if
 * missing), so the embedded default content is served through the same git code as any remote.
 * A new commit is made only when the tree differs from the branch's current one, so restarts with
 * unchanged content keep the same commit id (and every cache keyed by it).
 * Returns the branch's commit oid.
 */
export async function commitDirectory(sourceDir: string, gitdir: string, branch = 'main'): Promise<string> {
  if (!fs.existsSync(path.join(gitdir, 'HEAD'))) {
    await git.init({ fs, dir: gitdir, gitdir, bare: true, defaultBranch: branch });
  }
  const treeOid = await writeTreeOf(sourceDir, gitdir);
  const ref = `refs/heads/${branch}`;
  let parent: string | undefined;
  try {
    parent = await git.resolveRef({ fs, gitdir, ref });
    const { commit } = await git.readCommit({ fs, gitdir, oid: parent });
    if (commit.tree === treeOid) return parent;
  } catch {
    // no commit yet on this branch
  }
  const now = Math.floor(Date.now() / 1000);
  const author = { name: 'docsite', email: 'docsite@localhost', timestamp: now, timezoneOffset: 0 };
  const oid = await git.writeCommit({
    fs,
    gitdir,
    commit: { message: 'Embedded content\n', tree: treeOid, parent: parent ? [parent] : [], author, committer: author },
  });
  await git.writeRef({ fs, gitdir, ref, value: oid, force: true });
  return oid;
}

/** Writes the blobs and trees of a directory and returns the root tree oid. Dotfiles are skipped. */
async function writeTreeOf(dir: string, gitdir: string): Promise<string> {
  const tree: TreeObject = [];
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      tree.push({ mode: '040000', path: entry.name, oid: await writeTreeOf(full, gitdir), type: 'tree' });
    } else if (entry.isFile()) {
      const oid = await git.writeBlob({ fs, gitdir, blob: fs.readFileSync(full) });
      tree.push({ mode: '100644', path: entry.name, oid, type: 'blob' });
    }
  }
  return git.writeTree({ fs, gitdir, tree });
}
