// What a refresh tells caches in front to drop: the edited page alone when only its body changed,
// the ref (or the site, for a version) when something other pages show changed, nothing for refs
// that did not move; for a blog, an edited post and the pages that list posts, or the whole blog.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { afterAll, describe, expect, it } from 'vitest';
import { docSetAtCommit } from '../../content/sidebars/test-support.js';
import { Repository } from '../../git/repository.js';
import type { Snapshot } from '../snapshot.js';
import { versionModelOf } from '../../docs/docs-instance.js';
import { pageKey, purgeKeys, refKey, SITE_KEY, SNAPSHOT_KEY } from './surrogate-keys.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

async function setUp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-keys-'));
  dirs.push(dir);
  await git.init({ fs, dir, defaultBranch: 'main' });
  const commit = async (files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
      await git.add({ fs, dir, filepath: file });
    }
    return git.commit({ fs, dir, message: 'change', author: { name: 'A', email: 'a@example.org' } });
  };
  const repository = Repository.open(dir);
  const source = { repository, docSets: async (oid: string) => [await docSetAtCommit(repository, oid)] };
  return { commit, source };
}

/** The fields of a snapshot purgeKeys reads: one version reading main, and the branches. */
function snapshotOf(main: string, branches: Record<string, string> = {}): Snapshot {
  return {
    defaultRef: 'main',
    defaultCommit: main,
    branches: new Map(Object.entries({ main, ...branches })),
    tags: new Map(),
    instances: [
      {
        config: { id: 'default', base: 'general' },
        model: versionModelOf({ refVersions: [] } as never),
        versions: [{ name: 'current', path: '', label: 'Next', banner: 'none', isLast: true, commit: main }],
      },
    ],
  } as unknown as Snapshot;
}

describe('purgeKeys', () => {
  it('names only the edited pages when only their bodies changed', async () => {
    const { commit, source } = await setUp();
    const before = await commit({ 'general/a.md': page('A', 'one'), 'general/b.md': page('B', 'one') });
    const after = await commit({ 'general/a.md': page('A', 'two') });
    expect((await purgeKeys(source, snapshotOf(before), snapshotOf(after))).sort()).toEqual(
      [SNAPSHOT_KEY, pageKey('version:default:current', '/general/a'), pageKey('branch:main', '/general/a')].sort(),
    );
  });

  it('names the whole site when a version retitles a page (every page lists it), the ref alone on a branch', async () => {
    const { commit, source } = await setUp();
    const before = await commit({ 'general/a.md': page('A', 'one') });
    const after = await commit({ 'general/a.md': page('A, retitled', 'one') });
    expect(await purgeKeys(source, snapshotOf(before), snapshotOf(after))).toEqual([SITE_KEY]);
    expect(await purgeKeys(source, snapshotOf(before, { topic: before }), snapshotOf(before, { topic: after }))).toEqual([refKey('branch:topic')]);
  });

  it('names nothing when no ref moved, and a new branch by its ref', async () => {
    const { commit, source } = await setUp();
    const main = await commit({ 'general/a.md': page('A', 'one') });
    expect(await purgeKeys(source, snapshotOf(main), snapshotOf(main))).toEqual([]);
    expect(await purgeKeys(source, snapshotOf(main), snapshotOf(main, { fresh: main }))).toEqual([refKey('branch:fresh')]);
  });

  it("names an edited post and its blog's lists, nothing for a draft or another blog, the blog for a retitle, and never the docs", async () => {
    const { commit, source } = await setUp();
    // Each commit's posts as the site reads them: a post's listing is what other posts' pages show of it.
    const listings = new Map<string, Record<string, string>>();
    const at = async (files: Record<string, string>, posts: Record<string, string>) => {
      const oid = await commit(files);
      listings.set(oid, posts);
      return oid;
    };
    const blogs = async (oid: string) =>
      ['blog', 'news'].map((folder) => ({
        id: folder === 'blog' ? 'default' : folder,
        folder,
        posts: async () =>
          new Map(
            Object.entries(listings.get(oid)!)
              .filter(([file]) => file.startsWith(`${folder}/`))
              .map(([file, listing]) => [file, listing === 'draft' ? ('draft' as const) : { permalink: `/${file.replace(/\.md$/, '')}`, listing }]),
          ),
      }));
    const withBlogs = { ...source, blogs };
    const files = { 'general/a.md': page('A', 'one'), 'blog/p.md': page('P', 'one'), 'blog/d.md': page('D', 'one'), 'news/n.md': page('N', 'one') };
    const first = await at(files, { 'blog/p.md': 'P', 'blog/d.md': 'draft', 'news/n.md': 'N' });
    const edited = await at({ 'blog/p.md': page('P', 'two') }, { 'blog/p.md': 'P', 'blog/d.md': 'draft', 'news/n.md': 'N' });
    const lists = refKey('blog:default:lists');
    // The ref's link report lists the posts' links: it goes with any change of a blog's files.
    const reports = [refKey('version:default:current:links'), refKey('branch:main:links')];
    expect((await purgeKeys(withBlogs, snapshotOf(first), snapshotOf(edited))).sort()).toEqual([SNAPSHOT_KEY, pageKey('blog:default', '/blog/p'), lists, ...reports].sort());
    const draft = await at({ 'blog/d.md': page('D', 'two') }, { 'blog/p.md': 'P', 'blog/d.md': 'draft', 'news/n.md': 'N' });
    expect((await purgeKeys(withBlogs, snapshotOf(edited), snapshotOf(draft))).sort()).toEqual([SNAPSHOT_KEY, ...reports].sort());
    const retitled = await at({ 'blog/p.md': page('P, retitled', 'two') }, { 'blog/p.md': 'P, retitled', 'blog/d.md': 'draft', 'news/n.md': 'N' });
    expect((await purgeKeys(withBlogs, snapshotOf(draft), snapshotOf(retitled))).sort()).toEqual([SNAPSHOT_KEY, refKey('blog:default'), ...reports].sort());
    // A doc's edit purges the doc, and no page of either blog.
    const doc = await at({ 'general/a.md': page('A', 'two') }, { 'blog/p.md': 'P, retitled', 'blog/d.md': 'draft', 'news/n.md': 'N' });
    expect((await purgeKeys(withBlogs, snapshotOf(retitled), snapshotOf(doc))).sort()).toEqual(
      [SNAPSHOT_KEY, pageKey('version:default:current', '/general/a'), pageKey('branch:main', '/general/a')].sort(),
    );
  });
});
