// The whole real corpus rendered as readers get it, with the clock fixed to 2026-11-22: no page
// shows an error or an unknown component (except the one missing raw import), every .md link
// lands on a served page, every explicit heading id exists, every image is served.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCorpus, corpusContent } from './support/requirements.js';
import { startApp, type AppServer } from './support/app-server.js';
import { corpusRepo, oracleDocs } from './support/corpus.js';
import { removeTempDirs } from './support/repos.js';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasCorpus())('rendering the real corpus', () => {
  let app: AppServer;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    // What is checked is what pages render to, not how fast: the largest page (thirdpartylibs, 150
    // headings) once passed the default 10 s budget on a 2-core CI machine while the fleet test ran.
    app = await startApp({ CONTENT_REPO: corpusRepo(), DOCSITE_NOW: '2026-11-22', RENDER_TIMEOUT_MS: '60000' });
    const queue = oracleDocs().map((doc) => doc);
    const worker = async () => {
      for (let doc = queue.shift(); doc; doc = queue.shift()) {
        const res = await fetch(app.url + doc.permalink, { redirect: 'manual' });
        pages.set(doc.source, res.status === 200 ? await res.text() : `HTTP ${res.status} ${res.headers.get('location')}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
  });

  const article = (html: string) => /<article>([\s\S]*)<\/article>/.exec(html)?.[1] ?? html;

  it('renders all 742 pages with no error block and no unknown component, except the missing raw import', async () => {
    expect(pages.size).toBe(742);
    const problems: string[] = [];
    for (const [source, html] of pages) {
      if (html.startsWith('HTTP ')) {
        // Pages redirect only to the site's own pages.
        if (!/^HTTP 30[12] \/general\//.test(html)) problems.push(`${source}: ${html}`);
        continue;
      }
      if (html.includes('class="render-error')) problems.push(`${source}: error block`);
      if (html.includes('mdx-missing-file') && !source.endsWith('development/policies/codingstyle/index.md')) problems.push(`${source}: missing file`);
    }
    expect(problems).toEqual([]);
    const withMissingFile = [...pages].filter(([, html]) => html.includes('mdx-missing-file')).map(([source]) => source);
    expect(withMissingFile).toEqual(['general/development/policies/codingstyle/index.md']);
    // Readers are never shown an unknown component's notice: the link report lists them for authors.
    expect((await (await fetch(`${app.url}/api/links`)).json()).unknownComponents).toEqual([]);
  });

  it('turns every relative .md link into a link to a served page', () => {
    const served = new Set(oracleDocs().map((doc) => doc.permalink));
    const broken: string[] = [];
    let checked = 0;
    for (const [source, html] of pages) {
      for (const [, href] of article(html).matchAll(/<a href="([^"]+)"/g)) {
        if (!/^[a-z][a-z0-9+.-]*:|^\//i.test(href) && /\.mdx?(#|$)/.test(href)) broken.push(`${source}: unresolved ${href}`);
        if (href.startsWith('/general/')) {
          checked++;
          const target = decodeURI(href.split('#')[0]);
          if (!served.has(target) && !target.startsWith('/general/category/')) broken.push(`${source}: ${href}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(broken).toEqual([]);
  });

  it('gives every explicit {/* #id */} heading id to an element', () => {
    const missing: string[] = [];
    let count = 0;
    for (const [source, html] of pages) {
      if (html.startsWith('HTTP ')) continue;
      const markdown = fs.readFileSync(path.join(corpusContent, source), 'utf8');
      for (const [, id] of markdown.matchAll(/^#{1,6} .*\{\/\*\s*#([^\s*]+)\s*\*\/\}\s*$/gm)) {
        count++;
        if (!html.includes(`id="${id}"`)) missing.push(`${source}: #${id}`);
      }
    }
    expect(count).toBeGreaterThan(4000);
    expect(missing).toEqual([]);
  });

  it('serves every image the pages show', async () => {
    const sources = new Set<string>();
    for (const html of pages.values()) for (const [, src] of article(html).matchAll(/<img [^>]*src="([^"]+)"/g)) sources.add(src.replace(/&#x26;/g, '&'));
    const local = [...sources].filter((src) => !/^https?:/.test(src));
    expect(local.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const src of local) {
      const res = await fetch(app.url + src);
      await res.arrayBuffer();
      if (res.status !== 200 || !/^image\//.test(res.headers.get('content-type') ?? '')) failures.push(`${src}: ${res.status} ${res.headers.get('content-type')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('shows the version banners upstream shows on 2026-11-22', () => {
    const tally: Record<string, number> = {};
    for (const html of pages.values()) {
      for (const [, title] of html.matchAll(/<div class="admonition-heading">([^<]+)<\/div>/g)) {
        if (/Unsupported|Unreleased|General support|Experimental/.test(title) && html.indexOf(title) < html.indexOf('<h1')) tally[title] = (tally[title] ?? 0) + 1;
      }
    }
    // Counts measured on the real Docusaurus site (CONTENT-FORMAT §7).
    expect(tally).toEqual({ 'Unsupported Moodle Version': 397, 'Unreleased Moodle Version': 33, 'General support has ended': 21, 'Experimental release': 1 });
  });

  it("shows every Workplace release with its LMS and Workplace release notes, and when each branch's support ends", () => {
    // Upstream's Workplace ReleaseTable, read from the data at the same commit: each branch is listed
    // twice from 4.1 on (rolling and standard); every release links to the LMS notes on this site and
    // to its Workplace notes; under each table an info note says when support ends, or that it has.
    const html = article(pages.get('general/workplace/releases/index.md')!);
    const { versions } = JSON.parse(fs.readFileSync(path.join(corpusContent, 'data/workplace/versions.json'), 'utf8')) as {
      versions: {
        name: string;
        isRolling: boolean;
        generalEndDate: string;
        securityEndDate: string;
        improvementsandnewfeaturesEndDate: string;
        releases: { name: string; releaseNoteUrl: string | false }[];
      }[];
    };
    const links = new Set([...html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map(([, href, label]) => `${label} -> ${href}`));
    const missing: string[] = [];
    const notes: string[] = [];
    for (const branch of versions) {
      for (const release of branch.releases) {
        const major = release.name === `${branch.name}.0`;
        const shown = major ? branch.name : release.name;
        const lms = `Moodle LMS ${shown} -> /general/releases/${major ? branch.name : `${branch.name}/${release.name}`}`;
        // `releaseNoteUrl: false`: this release has no Workplace notes.
        const workplace = release.releaseNoteUrl && `Moodle Workplace ${shown}${branch.isRolling ? ' rolling' : ''} -> ${release.releaseNoteUrl}`;
        for (const link of workplace ? [lms, workplace] : [lms]) if (!links.has(link)) missing.push(link);
      }
      const ended = new Date(branch.securityEndDate) < new Date('2026-11-22');
      const featuresEnd = branch.isRolling ? branch.improvementsandnewfeaturesEndDate : branch.generalEndDate;
      notes.push(ended ? 'Support has ended' : `Improvements and new features will end ${featuresEnd}<br>Bug fixes and security fixes will end ${branch.securityEndDate}`);
    }
    expect(missing).toEqual([]);
    expect(links.size).toBeGreaterThan(300);
    const shownNotes = [...html.matchAll(/<div class="admonition admonition-info[^"]*">.*?<p>(.*?)<\/p>/g)].map((match) => match[1]);
    expect(shownNotes.length).toBe(22);
    expect(shownNotes.sort()).toEqual(notes.sort());
  });

  it('offers every served page to agents: in llms.txt, and as Markdown in llms-full.txt with no MDX left', async () => {
    // A <Redirect> page (its refresh sends readers on) is no page of its own in llms-full.txt: its Markdown is its target's.
    const served = [...pages]
      .filter(([, html]) => !html.startsWith('HTTP ') && !html.includes('http-equiv="refresh"'))
      .map(([source]) => oracleDocs().find((doc) => doc.source === source)!.permalink);
    const index = await (await fetch(`${app.url}/general/llms.txt`)).text();
    const listed = [...index.matchAll(/\]\(http:\/\/[^/]+(\/general[^)]*)\.md\)/g)].map((match) => match[1]);
    // Every doc is listed (none is unlisted), the four <Redirect> pages too: their Markdown redirects to their target's.
    expect(listed.sort()).toEqual(
      oracleDocs()
        .map((doc) => doc.permalink)
        .sort(),
    );
    const redirect = await fetch(`${app.url}/general/app_releases/v4.md`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toMatch(/^\/general\/app_releases\/v4\/.+\.md$/);
    const full = await (await fetch(`${app.url}/general/llms-full.txt`)).text();
    const sources = [...full.matchAll(/^Source: http:\/\/[^/]+(\/general\S*)$/gm)].map((match) => match[1]);
    expect(sources.sort()).toEqual([...served].sort());
    // Outside code, nothing of MDX: no import or export lines, no component tags.
    const prose = full.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
    expect(prose.match(/^(?:import|export) .*$/gm) ?? []).toEqual([]);
    expect(prose.match(/<\/?[A-Z][A-Za-z]*[\s/>].*$/gm) ?? []).toEqual([]);
  }, 120_000);
});
