// Upstream Moodle's own pages (issue 56): served from a clone of the real repository with no
// docsite.yaml, `/` is upstream's home page (src/pages/index.js: its hero and its cards, made by
// src/components/HomepageFeatures), `/markdown-page` and `/versions` (src/pages/markdown-page.md,
// versions.tsx) its other pages, each as its source says, with no script of upstream's in the page.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { cloneBundle } from './support/bundle.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { hasBundle } from './support/requirements.js';

afterAll(removeTempDirs);

/** The page's own part of a document: what docsite's frame wraps. */
const pageOf = (html: string) => html.slice(html.indexOf('id="article-body"'), html.lastIndexOf('<footer'));

describe.runIf(hasBundle())("upstream Moodle's pages, served with CONTENT_REPO alone", () => {
  let app: AppServer;
  const get = async (url: string) => {
    const res = await fetch(app.url + url);
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    app = await startApp({ CONTENT_REPO: cloneBundle(path.join(tempDir('docsite-moodle-pages-'), 'devdocs')), DOCSITE_NOW: '2026-11-22', SYNC_INTERVAL: '0' });
  }, 180_000);
  afterAll(() => app?.stop());

  it("answers / with upstream's home page: its title, hero and cards", async () => {
    const { status, html } = await get('/');
    expect(status, app.output().slice(-2000)).toBe(200);
    expect(html).toContain('<title>Welcome to the Moodle Developer Resource site | Moodle Developer Resources</title>');
    expect(html).toContain('<meta name="description" content="Developer Resources for Moodle Developers."/>');
    const page = pageOf(html);
    // The hero of HomepageHeader, its classes scoped by its CSS module as a build names them.
    expect(page).toMatch(
      /<header class="header-content_\w{5} container"><div class="header-content-inner_\w{5}"><div class="header-title_\w{5}"><h1>Developer<br><em>Resource centre<\/em><\/h1>/,
    );
    expect(page).toContain('Learn how to build, develop,');
    // HomepageFeatures' cards, with the API guides of nextVersion.js's version.
    for (const [title, href] of [
      ['Getting started', '/general/development/gettingstarted'],
      ['Coding standards', '/general/development/policies/codingstyle'],
      ['API guides', '/docs/5.3/apis'],
      ['Developer community', '/general/community'],
      ['Release notes', '/general/releases'],
    ]) {
      expect(page).toContain(title);
      expect(page).toContain(`href="${href}"`);
    }
    expect(page).not.toMatch(/<script|class="home/);
  });

  it('serves /markdown-page and /versions as upstream writes them', async () => {
    const markdown = await get('/markdown-page');
    expect(markdown.status).toBe(200);
    expect(markdown.html).toContain('<title>Markdown page example | Moodle Developer Resources</title>');
    expect(pageOf(markdown.html)).toMatch(/<h1[^>]*>Markdown page example/);
    expect(pageOf(markdown.html)).toContain("You don't need React to write simple standalone pages.");
    const versions = await get('/versions');
    expect(versions.status).toBe(200);
    expect(versions.html).toContain('<title>Versions | Moodle Developer Resources</title>');
    const page = pageOf(versions.html);
    expect(page).toContain('Moodle documentation versions');
    // useVersions(): the stable versions of versions.json, each with its docs and release notes.
    for (const version of ['5.2', '5.1', '5.0', '4.5']) {
      expect(page).toContain(`<th>${version}</th>`);
      expect(page).toContain(`href="/docs/${version}"`);
      expect(page).toContain(`href="/general/releases/${version}"`);
    }
  });
});
