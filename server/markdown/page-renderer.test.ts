// The render cache survives pushes that do not change what a page depends on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Repository } from '../git/repository.js';
import { docSetAtCommit } from '../content/sidebars/test-support.js';
import { linkTableOf, PageRenderer } from './page-renderer.js';
import { testPageRenderer } from './test-support.js';
import { RenderPool } from './render-pool.js';
import { DOCUSAURUS_COMPONENTS } from './components/index.js';
import { Sandbox } from '../sandbox/sandbox.js';
import { IslandRenderer } from '../sandbox/islands.js';
import { treeFiles } from '../sandbox/site-files.js';

const author = { name: 'T', email: 't@example.org' };

/** A repository in a temp dir with one commit of `files`; answers its folder and the commit. */
async function repoWith(files: Record<string, string>): Promise<{ dir: string; oid: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-render-cache-'));
  await git.init({ fs, dir, defaultBranch: 'main' });
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
    await git.add({ fs, dir, filepath: file });
  }
  return { dir, oid: await git.commit({ fs, dir, message: 'c', author }) };
}

describe('the render cache across commits', () => {
  it('reuses a page after an edit elsewhere, and renders again when what it links to or lists changes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-render-cache-'));
    await git.init({ fs, dir, defaultBranch: 'main' });
    const commit = async (files: Record<string, string>) => {
      for (const [file, content] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), content);
        await git.add({ fs, dir, filepath: file });
      }
      return git.commit({ fs, dir, message: 'c', author });
    };
    const first = await commit({
      'general/a.md': '---\ntitle: A\n---\n\nSee [B](./b.md).\n',
      'general/b.md': '---\ntitle: B\n---\n\nOld text.\n',
      'general/list/index.md': "---\ntitle: List\n---\n\nimport DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n",
      'general/list/item.md': '---\ntitle: Item one\n---\n\nItem.\n',
    });
    const textEdit = await commit({ 'general/b.md': '---\ntitle: B\n---\n\nNew text.\n', 'general/list/item.md': '---\ntitle: Item renamed\n---\n\nItem.\n' });
    const moved = await commit({ 'general/b.md': '---\ntitle: B\nslug: /elsewhere\n---\n\nNew text.\n' });

    const repository = Repository.open(dir);
    const { renderer, counters } = testPageRenderer((oid) => repository.readBlob(oid));
    const render = async (commitOid: string, id: string) => {
      const docSet = await docSetAtCommit(repository, commitOid);
      return renderer.render(docSet.byId.get(id)!, docSet, { prefix: '/general', now: new Date('2026-11-22T12:00:00Z'), table: linkTableOf(docSet, {}) });
    };
    const misses = () => counters.misses;

    expect((await render(first, 'a')).html).toContain('href="/general/b"');
    expect((await render(first, 'list/index')).html).toContain('Item one');
    expect(misses()).toBe(2);

    // Another page's text changed: A's links resolve the same, so its cached HTML is reused...
    await render(textEdit, 'a');
    expect(misses()).toBe(2);
    // ...but the card list shows other docs' titles, so it is rendered for the new commit.
    expect((await render(textEdit, 'list/index')).html).toContain('Item renamed');
    expect(misses()).toBe(3);

    // B moved: A's link must follow it.
    expect((await render(moved, 'a')).html).toContain('href="/general/elsewhere"');
    expect(misses()).toBe(4);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("a page with the site's own components", () => {
  const sandbox = new Sandbox({ idleMs: 0 });
  afterAll(() => sandbox.close());

  it('renders them in the sandbox and the page again with them; the next render of that source has them first and renders once', async () => {
    const { dir, oid } = await repoWith({
      'general/a.md': '---\ntitle: A\n---\n\nimport Card from \'./_files/card\';\n\n<Card title="Hello" />\n',
      'general/_files/card.tsx': 'import Text from \'./text.mdx\';\nexport default ({ title }: { title: string }) => <div className="card"><h4>{title}</h4><Text /></div>;',
      'general/_files/text.mdx': 'Some **text**.',
    });
    const repository = Repository.open(dir);
    const pool = new RenderPool({ threads: 0, timeoutMs: 10_000, workerFile: '', components: DOCUSAURUS_COMPONENTS });
    const renders = vi.spyOn(pool, 'render');
    const islands = new IslandRenderer(sandbox);
    const entries = new Map();
    const cache = { get: (key: string) => entries.get(key), set: (key: string, entry: unknown) => void entries.set(key, entry), count: () => undefined };
    const renderer = new PageRenderer(
      (blob) => repository.readBlob(blob),
      cache,
      pool,
      () => undefined,
      undefined,
      (specs, doc, docSet, now) =>
        islands.render(
          treeFiles(docSet.tree, (blob) => repository.readBlob(blob)),
          specs,
          { baseUrl: '/', title: '', url: '', permalink: doc.permalink },
          now,
        ),
    );
    const docSet = await docSetAtCommit(repository, oid);
    const render = (prefix: string) => renderer.render(docSet.byId.get('a')!, docSet, { prefix, now: new Date('2026-11-22T12:00:00Z'), table: linkTableOf(docSet, {}) });
    const page = await render('/general');
    expect(page.html).toBe('<div class="card"><h4>Hello</h4><p>Some <strong>text</strong>.</p></div>');
    expect(page.islandsNeeded).toBeUndefined();
    expect(renders).toHaveBeenCalledTimes(2);
    expect((await render('/general/~branch')).html).toBe(page.html);
    expect(renders).toHaveBeenCalledTimes(3);
    expect(islands.counts).toEqual({ evaluated: 1, kept: 1 });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
