// What the built server sends for rendered pages: repository files by content address with safe
// headers, <Redirect> as a real HTTP redirect, and the date-dependent banner above the article.
import { md4 } from 'hash-wasm';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, repoFromFolder, tempDir } from './support/repos.js';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe('rendered pages over HTTP', () => {
  let app: AppServer;
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="4" height="4"/></svg>';

  beforeAll(async () => {
    const folder = tempDir('docsite-render-http-');
    const files: Record<string, string> = {
      'general/page.md':
        '---\ntitle: Page\nmoodleVersion: "3.6.1"\n---\n\n![Diagram](./_files/d.svg)\n\n[Slides](./_files/s.pdf)\n\n[Other](./moved/index.md)\n\n[Settings](./_files/settings.yml), [the starter](./_files/starter.zip) and [the report](./_files/report.pbix)\n',
      'general/_files/report.pbix': 'binary',
      'general/_files/settings.yml': 'key: <script>alert(1)</script>\n',
      'general/_files/starter.zip': 'PK fake',
      'general/_files/d.svg': svg,
      'general/_files/s.pdf': '%PDF-1.4 fake',
      'general/moved/index.md': '---\ntitle: Moved\n---\n\nimport { Redirect } from \'@docusaurus/router\';\n\n<Redirect to="moved/target" />\n',
      'general/moved/target.md': '---\ntitle: Target\n---\n\nHere.\n',
      'general/started.md': "import Tabs from '@theme/Tabs';\n\n# Getting `docsite` started\n\nFirst steps.\n",
      'general/both.md': '---\ntitle: Both titles\n---\n\n# The page heading\n\nText.\n',
      'general/images.md':
        '---\ntitle: Images\n---\n\n![](/img/logo.png)\n\n<img src={require(\'@site/static/img/logo.png\').default} alt="Logo" />\n\n:::info Note title\nText on the next line.\n:::\n\n![Box](./_files/box.svg)\n',
      'static/img/logo.png': 'not really a png',
      'static/pbix/model.pbix': 'binary',
      'static/demo.html': '<script>alert(1)</script>',
      'general/_files/box.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>',
      'general/hidden.md': '---\ntitle: Hidden title\nhide_title: true\n---\n\nText.\n',
      'data/versions.json': JSON.stringify({
        versions: [
          {
            name: '3.6',
            releaseDate: '3 December 2018',
            generalEndDate: '11th May 2020',
            securityEndDate: '30 JUne 2020',
            releases: [{ name: '3.6.1', releaseDate: '1 January 2019' }],
          },
        ],
      }),
    };
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(folder, 'content', file)), { recursive: true });
      fs.writeFileSync(path.join(folder, 'content', file), content);
    }
    app = await startApp({ CONTENT_REPO: repoFromFolder(path.join(folder, 'content'), path.join(folder, 'repo')), DOCSITE_NOW: '2026-11-22' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('serves images and files by content address, with their type, nosniff and immutable caching', async () => {
    const html = await (await fetch(`${app.url}/general/page`)).text();
    const svgUrl = /<img src="(\/_assets\/[0-9a-f]{40}\/d\.svg)"/.exec(html)?.[1];
    // A file a Markdown link names is where a Docusaurus build puts it: its name, the MD4 of its content.
    const pdfUrl = /href="(\/assets\/files\/s-[0-9a-f]{32}\.pdf)"/.exec(html)?.[1];
    expect(svgUrl).toBeDefined();
    expect(pdfUrl).toBeDefined();
    const image = await fetch(app.url + svgUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toContain('immutable');
    // Opened on its own, the SVG is sandboxed and may run no script.
    expect(image.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(await image.text()).toBe(svg);
    const pdf = await fetch(app.url + pdfUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(pdfUrl).toBe(`/assets/files/s-${await md4(bytes)}.pdf`);
    expect(pdf.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Any other hash names nothing.
    expect((await fetch(`${app.url}/assets/files/s-${'0'.repeat(32)}.pdf`)).status).toBe(404);
  });

  it('serves the other files a page links to as Docusaurus publishes them: text as text, an archive as a download', async () => {
    const html = await (await fetch(`${app.url}/general/page`)).text();
    const yml = await fetch(app.url + /href="(\/assets\/files\/settings-[0-9a-f]{32}\.yml)"/.exec(html)![1]);
    expect(yml.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(yml.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await yml.text()).toContain('<script>');
    const zip = await fetch(app.url + /href="(\/assets\/files\/starter-[0-9a-f]{32}\.zip)"/.exec(html)![1]);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''starter.zip");
    // Any other file is a download: saved, never shown (deneb-viz's .pbix examples).
    const pbix = await fetch(app.url + /href="(\/assets\/files\/report-[0-9a-f]{32}\.pbix)"/.exec(html)![1]);
    expect(pbix.headers.get('content-type')).toBe('application/octet-stream');
    expect(pbix.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''report.pbix");
    // The same for a static folder's file a page names by its path; a document that could run a script is never served.
    const fromStatic = await fetch(`${app.url}/pbix/model.pbix`);
    expect(fromStatic.headers.get('content-type')).toBe('application/octet-stream');
    expect(fromStatic.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''model.pbix");
    expect((await fetch(`${app.url}/demo.html`)).status).toBe(404);
  });

  it("serves the static folder's images pages name by /img/…, @site/ and require(), from the commit, with their sizes, and titles :::info Title admonitions", async () => {
    const html = await (await fetch(`${app.url}/general/images`)).text();
    const sources = [...html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toHaveLength(3);
    // Docusaurus writes the width and height of Markdown images it can read.
    expect(html).toMatch(/<img src="\/_assets\/[0-9a-f]{40}\/box\.svg" alt="Box" width="40" height="20">/);
    expect(sources[0]).toMatch(/^\/_assets\/[0-9a-f]{40}\/logo\.png$/);
    expect(sources[1]).toBe(sources[0]);
    const image = await fetch(app.url + sources[0]);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(html).toMatch(/admonition-info"><div class="admonition-heading">Note title<\/div>/);
  });

  it('refuses types outside the allow-list and unknown objects', async () => {
    const html = await (await fetch(`${app.url}/general/page`)).text();
    const oid = /\/_assets\/([0-9a-f]{40})\/d\.svg/.exec(html)![1];
    expect((await fetch(`${app.url}/_assets/${oid}/d.html`)).status).toBe(404);
    expect((await fetch(`${app.url}/_assets/${'0'.repeat(40)}/x.png`)).status).toBe(404);
  });

  it('answers a page with <Redirect> as the page (its title), sending the reader to its target on the same ref at once', async () => {
    const res = await fetch(`${app.url}/general/moved`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1>Moved<\/h1>/);
    expect(html).toMatch(/<meta http-equiv="refresh" content="0; url=\/general\/moved\/target"\/>/);
    // A client that does not follow the refresh has the link.
    expect(html).toContain('This page has moved to <a href="/general/moved/target">');
    // An agent's Markdown of it is the target's.
    const markdown = await fetch(`${app.url}/general/moved.md`, { redirect: 'manual' });
    expect(markdown.status).toBe(301);
    expect(markdown.headers.get('location')).toBe('/general/moved/target.md');
  });

  it('shows the unsupported-version banner above the title for the fixed date', async () => {
    const html = await (await fetch(`${app.url}/general/page`)).text();
    expect(html).toContain('Unsupported Moodle Version');
    expect(html.indexOf('Unsupported Moodle Version')).toBeLessThan(html.indexOf('<h1'));
    expect(html).toContain('href="/general/moved"');
  });

  it("titles a page as Docusaurus does, and shows one h1: the page's own when it starts with one", async () => {
    const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((match) => match[1].replace(/<[^>]+>/g, ''));
    const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
    // No front matter title: the leading h1 (after imports) is the title, in the tab and the sidebar.
    const started = await (await fetch(`${app.url}/general/started`)).text();
    expect(title(started)).toContain('Getting docsite started');
    expect(h1s(started)).toEqual(['Getting docsite started']);
    expect(started).toMatch(/<a [^>]*href="\/general\/started"[^>]*>Getting docsite started<\/a>/);
    // Both: the front matter title names the page; the page shows its own h1, once.
    const both = await (await fetch(`${app.url}/general/both`)).text();
    expect(title(both)).toContain('Both titles');
    expect(h1s(both)).toEqual(['The page heading']);
    // hide_title: no h1 at all.
    expect(h1s(await (await fetch(`${app.url}/general/hidden`)).text())).toEqual([]);
  });
});
