// The site's own MDX components rendered on the server (issue 44, part 4), on the real upstream
// repository: /docs/5.3/apis/commonfiles is made of `docs/apis/_files/*.tsx` components that wrap
// `src/components/ComponentFileSummary` around `.mdx` partials. Each file's summary, description
// and example must show, as in the Docusaurus build, and a branch whose component is hostile must
// still serve its page, with nothing of the component's script.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { cloneBundle, gitIn } from './support/bundle.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { hasBundle } from './support/requirements.js';

afterAll(removeTempDirs);

/** The JSON answer of a whole-site request, asked again while the server says it is still working on it (503). */
async function answerOf(url: string): Promise<unknown> {
  for (let ask = 1; ; ask++) {
    const res = await fetch(url);
    if (res.status !== 503 || ask === 10) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The article of a page, as text with tags. */
const articleOf = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));

describe.runIf(hasBundle())("the site's own components, on the upstream repository", () => {
  let app: AppServer;
  beforeAll(async () => {
    const clone = cloneBundle(path.join(tempDir('docsite-components-'), 'devdocs'));
    // A branch whose component renders forever, one that emits a script, and one that throws.
    gitIn(clone, 'checkout', '-q', '-b', 'hostile');
    const files = path.join(clone, 'docs/apis/_files');
    fs.writeFileSync(path.join(files, 'version-php.tsx'), 'export default function VersionPHP() { for (;;) {} }\n');
    fs.writeFileSync(path.join(files, 'lib.tsx'), 'export default () => <div><script>{\'window.owned = 1\'}</script><p onClick="alert(1)">Lib here</p></div>;\n');
    fs.writeFileSync(path.join(files, 'locallib.tsx'), "export default () => { throw new Error('locallib is broken'); };\n");
    // The page itself changes too, so the branch's changes list it.
    fs.appendFileSync(path.join(clone, 'docs/apis/commonfiles/index.mdx'), '\nA reviewer reads this line.\n');
    gitIn(clone, 'commit', '-q', '-am', 'hostile components');
    gitIn(clone, 'checkout', '-q', 'main');
    app = await startApp({ CONTENT_REPO: clone, DOCSITE_NOW: '2026-11-22', SYNC_INTERVAL: '0', PREVIEW_BRANCHES: '*' });
  }, 180_000);
  afterAll(() => app?.stop());

  it('shows each common file’s summary, description and example on /docs/5.3/apis/commonfiles', async () => {
    const res = await fetch(`${app.url}/docs/5.3/apis/commonfiles`);
    expect(res.status).toBe(200);
    const article = articleOf(await res.text());
    // version.php: its summary and path, the description from version-php.mdx, and its example.
    expect(article).toContain('<h4>Version metadata</h4>');
    expect(article).toContain('<h5>File path: /version.php</h5>');
    expect(article).toContain('<p>The version.php contains metadata about the plugin.</p>');
    expect(article).toMatch(
      /<details><summary>View example<\/summary><div class="code-block" data-language="php"><div class="code-title">\[path\/to\/plugintype\]\/pluginname\/version\.php<\/div>/,
    );
    expect(article).toContain('MATURITY_STABLE');
    // Every section: a summary per file, and no notice about components.
    for (const summary of ['Language files', 'Global plugin functions', 'Global support functions', 'Plugin settings', 'Details of third-party libraries included in the plugin']) {
      expect(article).toContain(`<h4>${summary}</h4>`);
    }
    expect((article.match(/<h5>File path:/g) ?? []).length).toBeGreaterThanOrEqual(29);
    expect(article).not.toMatch(/mdx-unknown|does not know|docsite-/);
  });

  it('shows no unknown-component notice on the preview of the page (the whole site: tests/whole-site.test.ts)', async () => {
    const preview = await (await fetch(`${app.url}/docs/~main/5.3/apis/commonfiles`)).text();
    expect(preview).not.toContain('class="mdx-unknown"');
    expect(articleOf(preview)).toContain('<h4>Version metadata</h4>');
  });

  it('serves the page of a branch whose components render forever, emit a script or throw, with the rest of the page and no script', async () => {
    const started = performance.now();
    const res = await fetch(`${app.url}/docs/~hostile/5.3/apis/commonfiles`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(30_000);
    const article = articleOf(html);
    expect(article).toContain('<h4>Language files</h4>');
    expect(article).toContain('<p>Lib here</p>');
    expect(article).not.toMatch(/<script|window\.owned|onclick|alert/i);
    // The two that failed fall back to what a page shows for a component it cannot render (on a preview, the notice).
    expect(article).toContain('data-component="VersionPHP"');
    expect(article).toContain('data-component="LocalLib"');
    // The other pages keep being served meanwhile.
    expect((await fetch(`${app.url}/docs/5.3/apis`)).status).toBe(200);
  }, 60_000);

  it("tells the branch's author which of the site's components failed and why: on its changes and in its link report", async () => {
    const changes = (await (await fetch(`${app.url}/api/changes?ref=~hostile`)).json()) as {
      pages: { path: string; failedComponents: { line: number | null; message: string }[] }[];
    };
    const page = changes.pages.find((entry) => entry.path === 'docs/apis/commonfiles/index.mdx');
    expect(page?.failedComponents).toContainEqual({
      line: expect.any(Number),
      message: expect.stringMatching(/^<LocalLib> could not be rendered \(docs\/apis\/_files\/locallib\.tsx.*locallib is broken/),
    });
    expect(page?.failedComponents).toContainEqual({
      line: expect.any(Number),
      message: expect.stringMatching(/^<VersionPHP> could not be rendered.*ran longer than its \d+ ms budget/),
    });
    // Cold, the report renders every page of the branch with the site's components: it may take more than one ask (a 503 keeps the work done).
    const links = (await answerOf(`${app.url}/api/links?ref=~hostile`)) as { problems: { code: string; file: string; message: string }[] };
    expect(links.problems).toContainEqual(
      expect.objectContaining({ code: 'site-component', file: 'docs/apis/commonfiles/index.mdx', message: expect.stringContaining('locallib is broken') }),
    );
    // The other components of the branch render: only the two broken ones are told of as failed (each
    // page that uses them). A package the sandbox does not have (`@mui/material`) is told of apart: its
    // stand-in renders its children.
    const failed = links.problems.filter((problem) => problem.code === 'site-component' && /could not be rendered/.test(problem.message));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed.filter((problem) => !/^<(VersionPHP|LocalLib)> could not be rendered/.test(problem.message))).toEqual([]);
    const stubbed = links.problems.filter((problem) => problem.code === 'site-component' && !failed.includes(problem));
    expect(stubbed.filter((problem) => !/is not available to the site's code: it rendered its children only$/.test(problem.message))).toEqual([]);
  }, 300_000);
});
