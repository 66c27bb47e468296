// The child process of clone-process.ts: `node clone-main.js URL DIR TIMEOUT_MS` clones, then exits
// 0, or sends `{ error }` to its parent and exits 1.
import { cloneRepository } from './repository.js';
import type { CloneFailure } from './clone-process.js';

const [url, dir, timeout] = process.argv.slice(2);
// The parent is gone (killed before it could kill this clone): nobody will use the clone, so stop
// now rather than write into a data folder that may be removed. Its next start removes the folder.
process.on('disconnect', () => process.exit(1));
try {
  await cloneRepository(url, dir, Number(timeout) || undefined);
  process.exit(0);
} catch (error) {
  const failure: CloneFailure = { error: error instanceof Error ? error.message : String(error) };
  process.send?.(failure, () => process.exit(1));
  if (!process.send) process.exit(1);
}
