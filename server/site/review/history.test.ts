// A page's history links each commit to the page as it was then, at the address its path and its
// front matter (`slug`) gave it then, even where several versions of the page share their front
// matter and several pages share the same front matter text.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, TestRepo, tempDir } from '../../../tests/support/repos.js';
import { grammarOf } from '../caches/http-cache.js';
import { readServerConfig } from '../env.js';
import { requestContext } from '../request.js';
import { Site } from '../site.js';
import { historyView } from '../views/history.js';
import { parseUrl } from '../../urls.js';

afterAll(removeTempDirs);

const page = (frontMatter: string, body: string) => `---\ntitle: Guide\n${frontMatter}---\n\n${body}\n`;

/** The links of a page's history: each commit's page. */
async function historyLinks(site: Site, permalink: string): Promise<string[]> {
  const snapshot = site.snapshot();
  const url = new URL(`${permalink}?history`, 'http://x');
  const view = await historyView(requestContext(site, { snapshot, route: parseUrl(url.pathname, grammarOf(snapshot)), search: url.searchParams }));
  return view.entries.map((entry) => entry.href);
}

describe('page history', () => {
  it("links each commit to the page at the address it had then, read from that version's front matter", async () => {
    const repo = await TestRepo.create(path.join(tempDir('history-links-'), 'repo'));
    const commits = [
      await repo.commit({ 'general/guide.md': page('', 'One.'), 'general/copy.md': page('', 'Copy.') }),
      await repo.commit({ 'general/guide.md': page('slug: /setup\n', 'Two.') }),
      // The front matter of the first version again, then of the second: the same text, other blobs.
      await repo.commit({ 'general/guide.md': page('', 'Three.') }),
      await repo.commit({ 'general/guide.md': page('slug: /setup\n', 'Four.') }),
      await repo.commit({ 'general/guide.md': page('slug: /install\n', 'Five.'), 'general/copy.md': page('', 'Copy, edited.') }),
    ];
    const site = await Site.open(readServerConfig({ CONTENT_REPO: repo.dir, DATA_DIR: tempDir('history-links-data-'), RENDER_THREADS: '0', SYNC_INTERVAL: '0' }));

    expect(await historyLinks(site, '/general/install')).toEqual([
      `/general/@${commits[4]}/install`,
      `/general/@${commits[3]}/setup`,
      `/general/@${commits[2]}/guide`,
      `/general/@${commits[1]}/setup`,
      `/general/@${commits[0]}/guide`,
    ]);
    // Another file with the front matter the guide had: its own address.
    expect(await historyLinks(site, '/general/copy')).toEqual([`/general/@${commits[4]}/copy`, `/general/@${commits[0]}/copy`]);
  });
});
