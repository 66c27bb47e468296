// The render cache survives pushes that do not change what a page depends on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { describe, expect, it } from 'vitest';
import { Repository } from '../git/repository.js';
import { docSetAtCommit } from '../content/sidebars/test-support.js';
import { linkTableOf } from './page-renderer.js';
import { testPageRenderer } from './test-support.js';

const author = { name: 'T', email: 't@example.org' };

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
