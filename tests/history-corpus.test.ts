// "Last updated" and page history on the upstream repository with its real history (the corpus's
// git bundle: 3,317 commits, pull requests merged with merge commits), compared with git itself on
// a clone of it: `git log -1` for every general page (and a sample of every other folder), `git
// log --follow` for 20 pages, renamed and copied ones among them. Then once through the built server.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { History } from '../server/git/history.js';
import { Repository } from '../server/git/repository.js';
import { startApp, type AppServer } from './support/app-server.js';
import { cloneBundle, gitIn } from './support/bundle.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { hasBundle } from './support/requirements.js';

/** Pages whose history matters: renamed (some several times, across folders), copied from another file (git --follow follows copies), and plain. */
const PAGES = [
  'general/community/meetings/index.md',
  'general/development/policies/codingstyle/index.md',
  'general/development/process.md',
  'general/development/process/release/index.md',
  'general/development/process-moodleapp/release.md',
  'general/app/overview.md',
  'general/development/policies/codingstyle-moodleapp.md',
  'general/development/tracker.md',
  'general/development/process/testing/qa.md',
  'general/community/intro.md',
  'general/license.md',
  'general/releases/5.2.md',
  'general/releases/5.3.md',
  'general/app_releases/v5/index.md',
  'general/community/mission.md',
  'general/releases/4.0.md',
  'general/development/tools/phpunit/index.md',
  'general/development/policies/security/index.md',
  'general/documentation/contributing.md',
  'general/development/process/peer-review/index.md',
];

/** `git log -1 --format=FORMAT -- FILE` for each file, in one shell (742 processes from node would be slower). */
function gitLastChanges(dir: string, files: string[], format: string): string[] {
  const script = `while IFS= read -r f; do git log -1 --format='${format}' -- "$f"; done`;
  return execFileSync('sh', ['-c', script], { cwd: dir, input: files.join('\n') + '\n', maxBuffer: 64 << 20 })
    .toString()
    .trimEnd()
    .split('\n');
}

describe.runIf(hasBundle())('history on the upstream repository', () => {
  let dir: string;
  let head: string;
  let repository: Repository;
  let history: History;

  beforeAll(() => {
    dir = cloneBundle(path.join(tempDir('history-corpus-'), 'repo'));
    head = gitIn(dir, 'rev-parse', 'HEAD');
    repository = Repository.open(dir);
    history = new History();
  });
  afterAll(removeTempDirs);

  it('dates every page of every docs instance and version, and files of every other folder, as git log -1 does: author and committer date', async () => {
    const files = gitIn(dir, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n');
    const isPage = (file: string) => /^(general|docs|versioned_docs)\//.test(file) && /\.mdx?$/.test(file);
    const pages = files.filter(isPage);
    const others = files.filter((file) => !isPage(file)).filter((_, i) => i % 8 === 0);
    expect(pages.filter((file) => file.startsWith('general/'))).toHaveLength(742);
    expect(pages.length).toBeGreaterThan(742 + 771);
    const checked = [...pages, ...others];
    const expected = gitLastChanges(dir, checked, '%ct %an');
    const table = await history.lastUpdates(repository, head);
    const actual = checked.map((file) => {
      const update = table.get(file);
      return update ? `${update.time / 1000} ${update.author}` : 'none';
    });
    const wrong = checked.filter((_, i) => actual[i] !== expected[i]).map((file) => `${file}: ${actual[checked.indexOf(file)]}, git: ${expected[checked.indexOf(file)]}`);
    expect(wrong).toEqual([]);
    expect(table.get('general/community/mission.md')?.author).toBe('Andrew Nicols');
  });

  it('lists the history of 20 pages as git log --follow does, renames and copies followed', async () => {
    let followed = 0;
    for (const page of PAGES) {
      const expected = gitIn(dir, 'log', '--follow', '--format=%H %at %an', '--', page).split('\n');
      const { entries } = await history.fileHistory(repository, head, page, 10_000);
      expect(
        entries.map((entry) => `${entry.commit} ${entry.time / 1000} ${entry.author}`),
        page,
      ).toEqual(expected);
      if (entries.some((entry) => entry.oldPath)) followed++;
    }
    expect(followed).toBeGreaterThanOrEqual(14);
  });

  describe('served', () => {
    let app: AppServer;
    beforeAll(async () => {
      // The clone as it is, with no configuration of ours.
      app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' }, { timeoutMs: 300_000 });
    });
    afterAll(async () => {
      await app?.stop();
    });

    it("shows each page's last update and history as git gives them", async () => {
      for (const [file, url] of [
        ['general/community/mission.md', '/general/community/mission'],
        ['general/development/policies/codingstyle/index.md', '/general/development/policies/codingstyle'],
        // A versioned doc takes its dates from its own file.
        ['versioned_docs/version-5.2/apis/subsystems/access.md', '/docs/5.2/apis/subsystems/access'],
        ['docs/apis/subsystems/access.md', '/docs/5.3/apis/subsystems/access'],
      ]) {
        const [time, author] = gitIn(dir, 'log', '-1', '--format=%ct%x00%an', '--', file).split('\0');
        const date = new Date(Number(time) * 1000).toISOString().slice(0, 10);
        const html = await (await fetch(app.url + url)).text();
        expect(html, url).toMatch(new RegExp(`Last updated on <time dateTime="${date}">${date}</time> by (<!-- -->)?${author}`));

        const commits = gitIn(dir, 'log', '--follow', '-30', '--format=%H', '--', file)
          .split('\n')
          .map((commit) => commit.slice(0, 7));
        const historyHtml = await (await fetch(`${app.url}${url}?history`)).text();
        const shown = [...historyHtml.matchAll(/\b[0-9a-f]{7}\b/g)].map((match) => match[0]).filter((short) => commits.includes(short));
        expect([...new Set(shown)], url).toEqual(commits);
      }
    });
  });
});
