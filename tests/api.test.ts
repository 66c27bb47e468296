// The JSON content API as another tool reads it: versions with Docusaurus metadata, a version's
// page catalogue, one page, and problem documents for everything that goes wrong.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, tempDir } from './support/repos.js';

const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

describe('the content API', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  let mainCommit: string;

  beforeAll(async () => {
    const root = tempDir('docsite-api-');
    const repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit({ 'general/intro.md': page('Introduction', 'Old text.') });
    await repo.branch('1.x');
    await repo.checkout('main');
    mainCommit = await repo.commit({
      'docsite.yaml': 'title: API Docs\nversions:\n  - name: current\n    banner: unreleased\n    docsSidebars: [docs]\n  - name: "1.0"\n    ref: 1.x\n    label: One\n    noIndex: true\n',
      'general/intro.md': page('Introduction', 'Some text.\n\n## First part\n\nMore.\n\n### Detail\n\n#### Too deep', 'description: What this is about.\n'),
      'general/guide/index.md': page('Guide', 'Guide home.'),
    });
    gitServer = await startGitHttpServer(root);
    app = await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, SYNC_INTERVAL: '0' });
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
  });

  const get = (p: string) => fetch(app.url + p);

  it('lists the versions with their metadata under Docusaurus names', async () => {
    const res = await get('/api/versions');
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body.base).toBe('general');
    expect(body.versions).toEqual([
      { name: 'current', label: 'Next', path: '/general/next', pluginId: 'default', version: 'current', banner: 'unreleased', badge: true, noIndex: false, className: 'docs-version-current', isLast: false, docsSidebars: ['docs'], ref: 'main', commit: mainCommit },
      { name: '1.0', label: 'One', path: '/general', pluginId: 'default', version: '1.0', banner: 'none', badge: true, noIndex: true, className: 'docs-version-1.0', isLast: true, docsSidebars: null, ref: '1.x', commit: expect.stringMatching(/^[0-9a-f]{40}$/) },
    ]);
  });

  it('lists the page catalogue of a version', async () => {
    const body = await (await get('/api/versions/current/pages')).json();
    expect(body).toMatchObject({ version: 'current', branch: null, commit: mainCommit });
    expect(body.pages).toEqual([
      { id: 'guide/index', title: 'Guide', description: null, permalink: '/general/next/guide', sidebar: null, unlisted: false },
      { id: 'intro', title: 'Introduction', description: 'What this is about.', permalink: '/general/next/intro', sidebar: null, unlisted: false },
    ]);
    const old = await (await get('/api/versions/1.0/pages')).json();
    expect(old.pages.map((p: { permalink: string }) => p.permalink)).toEqual(['/general/intro']);
  });

  it('serves one page with its metadata, HTML and table of contents', async () => {
    const body = await (await get('/api/versions/current/pages/intro')).json();
    expect(body).toMatchObject({ version: 'current', commit: mainCommit, id: 'intro', title: 'Introduction', description: 'What this is about.', permalink: '/general/next/intro', sourcePath: 'general/intro.md', tags: [], unlisted: false });
    expect(body.html).toContain('<p>Some text.</p>');
    expect(body.toc).toEqual([
      { id: 'first-part', value: 'First part', level: 2 },
      { id: 'detail', value: 'Detail', level: 3 },
    ]);
    expect((await (await get('/api/versions/current/pages/guide')).json()).title).toBe('Guide');
  });

  it('reads branches and commits with the same selectors as page URLs', async () => {
    expect((await (await get('/api/versions/~main/pages/intro')).json()).branch).toBe('main');
    expect((await (await get(`/api/versions/@${mainCommit.slice(0, 10)}/pages/intro`)).json()).commit).toBe(mainCommit);
  });

  it('answers every failure with a problem document', async () => {
    for (const [url, status] of [
      ['/api/versions/9.9/pages', 404],
      ['/api/versions/current/pages/missing', 404],
      ['/api/versions/~no-such-branch/pages', 404],
      ['/api/versions/current/sidebars/docs', 501],
      ['/api/unknown', 404],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type'), url).toContain('application/problem+json');
      const body = await res.json();
      expect(body, url).toMatchObject({ type: 'about:blank', status, title: expect.any(String), detail: expect.any(String) });
    }
  });

  it('serves the JSON Schema of docsite.yaml', async () => {
    const res = await get('/api/schema/docsite.json');
    expect(res.headers.get('content-type')).toContain('application/schema+json');
    const schema = await res.json();
    expect(schema.properties.versions.items.properties.banner.enum).toEqual(['none', 'unreleased', 'unmaintained']);
  });
});
