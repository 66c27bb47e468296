// The whole upstream site from its own repository (decisions 028 and 034): the bundle cloned as a
// user would, nothing committed into it, and no docsite.yaml at all: its docusaurus.config.js,
// config/navbar.js, config/footer.js and sidebars/*.js are run in the sandbox. What a real Docusaurus
// build produced from the same commit is the measure.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { cloneBundle, gitIn } from './support/bundle.js';
import { oracleDocs, oracleJson, oracleVersionedDocs } from './support/corpus.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { hasBundle } from './support/requirements.js';

afterAll(removeTempDirs);

type Node = { type: string; label?: string; href?: string; docId?: string; value?: string; collapsed?: boolean; collapsible?: boolean; items?: Node[] };

/** What a reader sees of a sidebar item, in the form Docusaurus hands its theme and our API answers alike. */
function comparable(items: readonly Node[]): unknown[] {
  return items.map((item) => {
    if (item.type === 'category')
      return { type: 'category', label: item.label, href: item.href ?? null, collapsed: item.collapsed, collapsible: item.collapsible, items: comparable(item.items ?? []) };
    if (item.type === 'html') return { type: 'html', value: item.value };
    return { type: 'link', label: item.label, href: item.href, docId: item.docId ?? null };
  });
}

/** Text of an element, with the entities React writes decoded. */
function textOf(html: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(html);
  return match?.[1]
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe.runIf(hasBundle())('the whole upstream site, served from its repository as it is, with no docsite.yaml', () => {
  let app: AppServer;
  let clone: string;
  beforeAll(async () => {
    clone = cloneBundle(path.join(tempDir('docsite-bundle-'), 'devdocs'));
    app = await startApp({ CONTENT_REPO: clone, DOCSITE_NOW: '2026-11-22', SYNC_INTERVAL: '0' });
  }, 180_000);
  afterAll(() => app?.stop());

  const get = (path: string, init?: RequestInit) => fetch(app.url + path, { redirect: 'manual', ...init });

  it('answers every doc of every version of both instances with its title (a <Redirect> page too, sending readers on), and no notice for authors', async () => {
    const docs = [...oracleVersionedDocs(), ...oracleDocs()];
    expect(docs.length).toBe(771 + 742);
    const wrong: string[] = [];
    let redirects = 0;
    // Four at a time: both render threads stay busy, and a slow machine is not flooded.
    let next = 0;
    const worker = async () => {
      while (next < docs.length) {
        const { permalink, title, source } = docs[next++];
        const res = await get(permalink);
        const html = await res.text();
        // A page that is a <Redirect> (four release indexes) is the page, whose refresh sends readers on (decision 019); its target is a page.
        const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)"/.exec(html)?.[1];
        if (refresh && fs.readFileSync(path.join(clone, source), 'utf8').includes('<Redirect')) {
          redirects++;
          const target = await get(refresh.replace(/&amp;/g, '&'));
          if (target.status !== 200) wrong.push(`${permalink}: sends readers to ${refresh}, which answers ${target.status}`);
        }
        const h1 = textOf(html, 'h1');
        if (res.status !== 200 || h1 !== title) wrong.push(`${permalink}: ${res.status} "${h1}" (expected "${title}")`);
        // A reader is never told about the site's machinery (an unknown component): authors are.
        if (/which this site does not know|class="mdx-unknown/.test(html)) wrong.push(`${permalink}: an unknown-component notice`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(wrong).toEqual([]);
    expect(redirects).toBe(4);
  }, 900_000);

  it("shows no unknown component on any page of a preview, and lists none for authors (the current version's pages on ~main)", async () => {
    // The site's own components render in the sandbox (issue 44): the docs home's <ReleaseStateSummary> too.
    const report = (await (await get('/api/links?ref=current&instance=default')).json()) as { unknownComponents: { source: string; name: string }[] };
    expect(report.unknownComponents).toEqual([]);
    const shown: string[] = [];
    const docs = oracleVersionedDocs().filter((doc) => doc.version === 'current');
    let next = 0;
    const worker = async () => {
      while (next < docs.length) {
        const { permalink, source } = docs[next++];
        const html = await (await get(permalink.replace(/^\/docs/, '/docs/~main'))).text();
        for (const match of html.matchAll(/class="mdx-unknown" data-component="([^"]+)"/g)) shown.push(`${source}: <${match[1]}>`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(shown).toEqual([]);
  }, 300_000);

  it('gives every version of docs the sidebars of the Docusaurus build, item for item', async () => {
    const oracle = oracleJson<Record<string, Record<string, Node[]>>>('docusaurus-sidebars.docs.json');
    for (const [version, sidebars] of Object.entries(oracle)) {
      for (const [name, items] of Object.entries(sidebars)) {
        const res = await get(`/api/versions/${version}/sidebars/${name}`);
        expect(res.status, `${version}/${name}`).toBe(200);
        const ours = (await res.json()) as { items: Node[] };
        expect(comparable(ours.items), `${version}/${name}`).toEqual(comparable(items));
      }
    }
  });

  it('gives the general instance the sidebars of the Docusaurus build, computed by its own sidebars/general.js', async () => {
    type Item = { type: string; id?: string; docId?: string; label?: string; href?: string; items?: Item[] };
    // Docusaurus's items name docs by id and categories by label; ours answer the same as links.
    const shape = (items: readonly Item[]): unknown[] =>
      items.map((item) => (item.type === 'category' ? { category: item.label, items: shape(item.items ?? []) } : { doc: item.id ?? item.docId ?? item.href }));
    const oracle = oracleJson<Record<string, Item[]>>('docusaurus-sidebars.general.json');
    for (const [name, items] of Object.entries(oracle)) {
      const res = await get(`/api/versions/current/sidebars/${name}?instance=general`);
      expect(res.status, name).toBe(200);
      expect(shape(((await res.json()) as { items: Item[] }).items), name).toEqual(shape(items));
    }
  });

  it("shows upstream's navbar and footer, read from config/navbar.js and config/footer.js, all of it", async () => {
    const html = await (await get('/docs/5.3/apis/subsystems/access')).text();
    const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    for (const label of ['Guides', 'Community', 'Coding', 'Processes', 'Projects', 'Moodle App', 'Design System', 'Releases', 'Writing']) expect(nav).toContain(`>${label}<`);
    const footer = html.slice(html.indexOf('<footer'));
    // Its Netlify badge is an HTML item of the footer (sanitized); nothing of the config is left out.
    for (const text of ['Release notes', 'Developer docs', 'General Developer Forum', 'Accessibility statement', 'Copyright © 2026 Moodle Pty Ltd.', 'alt="Deploys by Netlify"'])
      expect(footer).toContain(text);
    const ready = (await (await get('/readyz')).json()) as { problems: { file: string; message: string }[] };
    // Nothing of the config is left out: what is said is of the plugins docsite does not run (issue 58).
    const plugins = ready.problems.filter((problem) => problem.file === 'docusaurus.config.js').map((problem) => /^plugins\[\d+\]: (\S+?):? /.exec(problem.message)?.[1]);
    expect(plugins.sort()).toEqual(['@docusaurus/plugin-google-gtag', '@docusaurus/plugin-pwa', 'disableExpensiveBundlerOptimizationPlugin']);
  });

  it("previews a branch's own sidebars and navbar on its first request, and main keeps its own", async () => {
    const edit = (branch: string, file: string, change: (text: string) => string) => {
      gitIn(clone, 'checkout', '-q', '-b', branch, 'main');
      fs.writeFileSync(path.join(clone, file), change(fs.readFileSync(path.join(clone, file), 'utf8')));
      gitIn(clone, 'commit', '-q', '-am', `Edit ${file}`);
      gitIn(clone, 'checkout', '-q', 'main');
    };
    edit('preview-sidebar', 'sidebars/general.js', (text) =>
      text.replace('community: [', "community: [\n        { type: 'category', label: 'Added on a branch', items: ['community/mission'] },"),
    );
    edit('preview-navbar', 'config/navbar.js', (text) =>
      text.replace('items: [', "items: [\n        { to: '/general/community', label: 'Navbar of a branch', position: 'left' },"),
    );
    expect(await (await get('/general/~preview-sidebar/community')).text()).toContain('Added on a branch');
    expect(await (await get('/general/~preview-navbar/community')).text()).toContain('>Navbar of a branch<');
    const main = await (await get('/general/community')).text();
    expect(main).not.toContain('Added on a branch');
    expect(main).not.toContain('Navbar of a branch');
  });

  it("lists each version's metadata as Docusaurus's global data has it, and the general instance", async () => {
    const oracle = oracleJson<Record<string, unknown>[]>('docusaurus-versions.docs.json');
    const answer = (await (await get('/api/versions')).json()) as { instances: { id: string; versions: Record<string, unknown>[] }[] };
    const docs = answer.instances.find((instance) => instance.id === 'default')!;
    const keys = ['pluginId', 'version', 'label', 'banner', 'badge', 'noIndex', 'className', 'isLast'];
    const fields = (version: Record<string, unknown>) => Object.fromEntries(keys.map((key) => [key, version[key]]));
    expect(docs.versions.map(fields).sort((a, b) => String(a.version).localeCompare(String(b.version)))).toEqual(oracle.map(fields));
    const general = answer.instances.find((instance) => instance.id === 'general')!;
    expect(general.versions.map(fields)).toEqual([
      { pluginId: 'general', version: 'current', label: 'Next', banner: null, badge: false, noIndex: false, className: 'docs-version-current', isLast: true },
    ]);
  });

  it('accepts every version the API lists by its name and by its path (current and 5.3 alike)', async () => {
    const answer = (await (await get('/api/versions')).json()) as { instances: { id: string; versions: { name: string; path: string }[] }[] };
    const versions = answer.instances.find((instance) => instance.id === 'default')!.versions;
    expect(versions.find((version) => version.name === 'current')?.path).toBe('/docs/5.3');
    for (const { name, path } of versions) {
      for (const given of [name, path.split('/').at(-1)!]) {
        const res = await get(`/api/versions/${given}/pages`);
        expect(`${given} ${res.status}`).toBe(`${given} 200`);
        expect(((await res.json()) as { version: string }).version).toBe(name);
      }
    }
    const unknown = await get('/api/versions/9.9/pages');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: string }).detail).toContain('its versions are current (or 5.3), 5.2');
  });

  it('answers every rule of static/_redirects as Netlify would, where no page is', async () => {
    const expectRedirect = async (from: string, to: string) => {
      const res = await get(from);
      expect(`${from} ${res.status} ${res.headers.get('location')}`).toBe(`${from} 301 ${to}`);
    };
    await expectRedirect('/license', '/general/license');
    await expectRedirect('/releases', '/general/releases');
    await expectRedirect('/roadmap', '/general/community/roadmap');
    await expectRedirect('/releases/4.0/4.0.1', '/general/releases/4.0/4.0.1');
    await expectRedirect('/roadmap/x', '/general/community/roadmap/x');
    await expectRedirect('/docs/apis', '/docs/5.3/apis');
    await expectRedirect('/docs', '/docs/5.3');
    await expectRedirect('/docs/moodleapp', '/general/app');
    await expectRedirect('/general/development/process/integration-review', '/general/development/process/integration');
    await expectRedirect('/general/development/process/translation/amos', 'https://docs.moodle.org/en/AMOS_manual');
    await expectRedirect('/general/community/meetings/202403', '/general/community/meetings/2024/03');
    // Rules chain (tinymce -> tiny/legacy -> tiny -> 5.3/tiny): answered with where they end, a page.
    await expectRedirect('/docs/apis/plugintypes/tinymce', '/docs/5.3/apis/plugintypes/tiny');
    await expectRedirect('/docs/apis/plugintypes/tiny/legacy', '/docs/5.3/apis/plugintypes/tiny');
    // A page that exists is never redirected, not even by a splat that matches it.
    expect((await get('/docs/5.2/apis')).status).toBe(200);
    // A missing page under a live version falls to the splat, as on Netlify, and 404s there.
    await expectRedirect('/docs/5.2/no-such-page', '/docs/5.3/5.2/no-such-page');
    expect((await get('/docs/5.3/5.2/no-such-page')).status).toBe(404);
    // Every one of the 36 rules, each to where the file says.
    const rules = (await (await get('/readyz')).json()) as { problems: { code: string }[] };
    expect(rules.problems.filter((problem) => problem.code === 'redirects')).toEqual([]);
  });

  it('walks every one of the 36 rules, and a missing page under each: a page or a 404 within 2 redirects, never a loop', async () => {
    const sources = gitIn(clone, 'show', 'HEAD:static/_redirects')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(/\s+/)[0]);
    expect(sources.length).toBe(36);
    const addresses = sources.flatMap((from) => (from.endsWith('/*') ? [from.slice(0, -2), from.replace('*', 'no-such-page')] : [from, `${from}/no-such-page`]));
    const ends: string[] = [];
    const hops = [0, 0, 0];
    for (const address of addresses) {
      let path = address;
      let redirects = 0;
      let res = await get(path);
      // Three at most: a fourth would be a failure whatever it answers.
      while (res.status >= 300 && res.status < 400 && redirects < 3) {
        const location = res.headers.get('location')!;
        redirects++;
        // Another site (docs.moodle.org) is an answer: its pages are not ours to follow.
        if (!location.startsWith('/')) break;
        path = location;
        res = await get(path);
      }
      const elsewhere = res.status >= 300 && res.status < 400 && !res.headers.get('location')!.startsWith('/');
      hops[Math.min(redirects, 2)]++;
      if (redirects > 2 || !(elsewhere || res.status === 200 || res.status === 404)) ends.push(`${address}: ${res.status} at ${path} after ${redirects} redirects`);
    }
    console.log(`${addresses.length} addresses of the 36 rules: ${hops[0]} answered at once, ${hops[1]} after 1 redirect, ${hops[2]} after 2`);
    expect(ends).toEqual([]);
    // The loop: a missing page of the current version is its 404, with pages to try instead.
    const missing = await get('/docs/5.3/nosuchpage');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('There is no page at this address.');
    const unversioned = await get('/docs/nosuchpage');
    expect([unversioned.status, unversioned.headers.get('location')]).toEqual([301, '/docs/5.3/nosuchpage']);
    // A mistyped page sent on by the rule gets its 404 there, with pages of that version to try.
    const typo = await get('/docs/apis/subsystems/acess');
    expect([typo.status, typo.headers.get('location')]).toEqual([301, '/docs/5.3/apis/subsystems/acess']);
    const there = await get('/docs/5.3/apis/subsystems/acess');
    expect(there.status).toBe(404);
    expect(await there.text()).toMatch(/<a href="\/docs\/5\.3\/apis\/subsystems\/[a-z]+"/);
  });

  it('serves the static folder at the root, the favicon included, with its type', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    const logo = await get('/img/Moodle.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('content-security-policy')).toContain('sandbox');
    expect((await get('/manifest.json')).headers.get('content-type')).toBe('application/json');
    // The redirects file configures the host: it is not a file of the site.
    expect((await get('/_redirects')).status).toBe(404);
    const again = await get('/img/Moodle.svg', { headers: { 'If-None-Match': logo.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('switches version by doc id: the same page, else the version main doc', async () => {
    const html = await (await get('/docs/5.2/apis/subsystems/access')).text();
    expect(html).toContain('href="/docs/5.3/apis/subsystems/access?switch"');
    expect(html).toContain('href="/docs/4.5/apis/subsystems/access?switch"');
    // linear_navigation exists only in the current version: switching lands on the version's home.
    const only = '/docs/4.5/apis/plugintypes/format/linear_navigation?switch';
    const res = await get(only);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/docs/4.5?missing=apis%2Fplugintypes%2Fformat%2Flinear_navigation');
    // Archived versions are links out.
    expect(html).toContain('href="https://69dc5eaa9c68bd0008f358f4--moodledevdocs.netlify.app/docs/4.3"');
  });

  it('checks every internal link of the whole site, general to docs included: no page is missing (as the Docusaurus build found)', async () => {
    const reports: { scope: string; links: number; external: number; outside: number; broken: { url: string; reason: string }[] }[] = [];
    for (const version of ['current', '5.2', '5.1', '5.0', '4.5'])
      reports.push({ scope: `docs ${version}`, ...(await (await get(`/api/links?ref=${version}&instance=default`)).json()) });
    reports.push({ scope: 'general', ...(await (await get('/api/links?instance=general')).json()) });
    for (const report of reports)
      console.log(`${report.scope}: ${report.links} links (${report.external} external), ${report.broken.length} broken: ${report.broken.map((link) => link.reason).join('; ')}`);
    // Every link into the site is checked (none is left as "outside the docs"), and only anchors may be
    // missing: Docusaurus checks pages (onBrokenLinks: throw) and merely warns of anchors.
    expect(reports.map((report) => report.outside)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(reports.flatMap((report) => report.broken.filter((link) => !link.reason.startsWith('no heading')))).toEqual([]);
    const general = reports.at(-1)!;
    expect(general.links - general.external).toBeGreaterThan(1000);
  }, 600_000);
});
