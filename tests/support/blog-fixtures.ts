// Docusaurus's blog-plugin fixtures, committed as git repositories and read by server/blog as the
// server reads a commit: the helpers of tests/docusaurus-blog-fixtures.test.ts.
import path from 'node:path';
import { Repository } from '../../server/git/repository.js';
import { type Blog, loadBlog } from '../../server/blog/blog.js';
import { blogOptions, type BlogOptionsInput } from '../../server/blog/blog-options.js';
import { repoFromFolder, tempDir } from './repos.js';
import { blogFixtures } from './requirements.js';

/** A date no fixture post has: what a post without a date gets (Docusaurus would read git history). */
export const UNDATED = new Date('2000-01-01T00:00:00Z');

/** A blog fixture site committed to a temp repository and loaded with `options`. */
export async function loadFixtureBlog(fixture: string, options: BlogOptionsInput = {}): Promise<Blog> {
  const dir = repoFromFolder(path.join(blogFixtures, '__fixtures__', fixture), path.join(tempDir('docsite-blog-'), 'repo'));
  const repository = Repository.open(dir);
  const tree = await repository.readTreeIndex(await repository.resolve('main'));
  return loadBlog({ tree, readBlob: (oid) => repository.readBlob(oid), options: blogOptions(options), undated: () => UNDATED });
}
