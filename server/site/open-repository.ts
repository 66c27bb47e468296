// Where the content comes from: a clone of a remote, a local repository read in place, or the
// embedded content committed into DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cloneInChildProcess } from '../git/clone-process.js';
import { commitDirectory } from '../git/commit-directory.js';
import { Repository } from '../git/repository.js';
import { currentClone, removeOtherClones } from './clones.js';
import type { ServerConfig } from './env.js';
import { WorkingTree } from './working-tree.js';

/** Where clones of the configured remote live: `{DATA_DIR}/repos/{hash of the URL}[.N].git`. */
export function clonePlace(config: ServerConfig): { reposDir: string; name: string } {
  const name = crypto
    .createHash('sha256')
    .update(config.contentRepo ?? '')
    .digest('hex')
    .slice(0, 16);
  return { reposDir: path.join(config.dataDir, 'repos'), name };
}

/**
 * Clones a URL, opens a local path, or commits the embedded content (or, with WATCH_CONTENT, a
 * working tree), per the configuration. A failed fetch of an existing clone does not stop
 * start-up: it comes back as `fetchError`.
 */
export async function openRepository(config: ServerConfig): Promise<{ repository: Repository; fetchError?: Error; workingTree?: WorkingTree }> {
  const { contentRepo, dataDir } = config;
  fs.mkdirSync(dataDir, { recursive: true });
  if (!contentRepo) {
    const gitdir = path.join(dataDir, 'embedded.git');
    if (!fs.existsSync(config.contentDir)) throw new Error(`The content folder "${config.contentDir}" does not exist`);
    if (config.watchContent) {
      // `docsite preview`: the folder is an author's working tree, committed again on every save.
      const workingTree = new WorkingTree(config.contentDir, gitdir);
      await workingTree.commit();
      return { repository: new Repository(gitdir), workingTree };
    }
    await commitDirectory(config.contentDir, gitdir);
    return { repository: new Repository(gitdir) };
  }
  if (/^https?:\/\//.test(contentRepo)) {
    const { reposDir, name } = clonePlace(config);
    const gitdir = currentClone(reposDir, name);
    const opened = await Repository.cloneOrOpen(contentRepo, gitdir, { timeoutMs: config.gitTimeoutMs, clone: cloneInChildProcess }).catch((error: unknown) => {
      // Only reached without a clone on disk: there is nothing to serve, so start-up stops here.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not clone ${contentRepo}, and there is no earlier clone in ${gitdir} to serve: ${reason}`, { cause: error });
    });
    removeOtherClones(reposDir, name, gitdir);
    return opened;
  }
  return { repository: openLocal(contentRepo) };
}

/** A local repository, or an error naming CONTENT_REPO, its value and what would work. */
function openLocal(contentRepo: string): Repository {
  const dir = path.resolve(contentRepo);
  const wanted = 'the path of a git repository (a clone or a bare repository), or an http(s) URL to clone';
  if (!fs.existsSync(dir)) throw new Error(`CONTENT_REPO=${JSON.stringify(contentRepo)}: ${dir} does not exist; give ${wanted}`);
  try {
    return Repository.open(dir);
  } catch {
    throw new Error(`CONTENT_REPO=${JSON.stringify(contentRepo)}: ${dir} is not a git repository (no .git folder, no HEAD file); give ${wanted}`);
  }
}
