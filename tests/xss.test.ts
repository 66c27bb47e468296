// Content is untrusted: pages full of script injections, opened in Chromium, run no script and
// attach no event handler. Each payload is its own page, so one that breaks parsing hides nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser } from './support/requirements.js';
import { launchBrowser } from './support/browser.js';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, repoFromFolder, tempDir } from './support/repos.js';

const body: string[] = [
  // Markdown
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\nscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '[ref][r]\n\n[r]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '## Heading <img src=x onerror=alert(1) />',
  '## <script>alert(1)</script> heading',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  // Raw HTML / JSX
  '<script>alert(1)</script>',
  '<script src="data:text/javascript,alert(1)"></script>',
  '<img src="x" onError="alert(1)" />',
  '<img src="x" onerror="alert(1)" />',
  '<div onClick="alert(1)">click</div>',
  '<div onMouseOver={"alert(1)"}>hover</div>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcDoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)" />',
  '<svg><script>alert(1)</script></svg>',
  '<svg onLoad="alert(1)"></svg>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autoFocus onFocus="alert(1)" />',
  '<details open onToggle="alert(1)"><summary>x</summary></details>',
  '<body onLoad="alert(1)"></body>',
  '<meta httpEquiv="refresh" content="0;url=javascript:alert(1)" />',
  '<link rel="stylesheet" href="javascript:alert(1)" />',
  '<style>{"body{background:url(javascript:alert(1))}"}</style>',
  '<div style={{background: "url(javascript:alert(1))"}}>x</div>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<base href="javascript:alert(1)//" />',
  '<video src="x" onError="alert(1)"></video>',
  '<audio src="x" onError="alert(1)"></audio>',
  '<img src="x" {...{onError: "alert(1)"}} />',
  '<div dangerouslySetInnerHTML={{__html: "<img src=x onerror=alert(1)>"}} />',
  '<template><script>alert(1)</script></template>',
  '<noscript><img src=x onerror=alert(1)></noscript>',
  // JSX props of components
  '<ValidExample title="<img src=x onerror=alert(1)>">x</ValidExample>',
  '<Since version="<script>alert(1)</script>" issueNumber="javascript:alert(1)" />',
  'import Link from \'@docusaurus/Link\';\n\n<Link to="javascript:alert(1)">x</Link>',
  'import ReactPlayer from \'react-player\';\n\n<ReactPlayer url="javascript:alert(1)" />',
  '<Tabs><TabItem value="a" label="<img src=x onerror=alert(1)>">x</TabItem></Tabs>',
  'import { Redirect } from \'@docusaurus/router\';\n\n<Redirect to="javascript:alert(1)" />',
  '<CodeBlock language="<script>" title="<img src=x onerror=alert(1)>">{"<script>alert(1)</script>"}</CodeBlock>',
  '<Mystery onClick="alert(1)"><img src="x" onError="alert(1)" /></Mystery>',
  '{alert(1)}',
  ':::note[<img src=x onerror=alert(1) />]\nx\n:::',
  '```js title="<img src=x onerror=alert(1)>"\nx\n```',
];

const frontMatter: string[] = [
  'title: "<script>alert(1)</script>"',
  'title: x\ndescription: "\\"><script>alert(1)</script>"',
  'title: x\ndocumentationDraft: "javascript:alert(1)"',
  'title: x\nkeywords: ["<script>alert(1)</script>"]',
];

/** Sidebar `html` items: unterminated tags, attribute injection, entity-encoded and comment tricks. */
const sidebarHtml: string[] = [
  "<b>Note</b><img src=x onerror=window.name='x' ",
  '<img src=x onerror=alert(1)',
  '<hr/><svg onload=alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<span title="x" onmouseover="alert(1)">hover</span>',
  '<p style="x" "onclick=alert(1)">x</p>',
  '&lt;img src=x onerror=alert(1)&gt;',
  '<!--><img src=x onerror=alert(1)>-->',
  '<style>*{background:url(javascript:alert(1))}</style>',
  '<script>alert(1)</script>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<details open ontoggle=alert(1)>',
];

/** Sidebar `link` items whose href could run script. */
const sidebarLinks: string[] = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

/** The sidebars file: every payload in the sidebar of every page, plus a generated index whose description and title are payloads. */
function hostileSidebars(): string {
  const lines = ['docs:', '  - type: autogenerated', "    dirName: '.'"];
  for (const value of sidebarHtml) lines.push('  - type: html', `    value: ${JSON.stringify(value)}`);
  for (const [i, href] of sidebarLinks.entries()) lines.push('  - type: link', `    href: ${JSON.stringify(href)}`, `    label: Hostile link ${i}`);
  lines.push(
    '  - type: category',
    `    label: ${JSON.stringify('<img src=x onerror=alert(1)>')}`,
    '    link:',
    '      type: generated-index',
    '      slug: hostile',
    `      title: ${JSON.stringify('<script>alert(1)</script>')}`,
    `      description: ${JSON.stringify('"><img src=x onerror=alert(1)>')}`,
    '    items:',
    '      - type: doc',
    '        id: f0',
  );
  return lines.join('\n') + '\n';
}

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasBrowser())('untrusted content in a browser', () => {
  let app: AppServer;
  let browser: Browser;
  const slugs: string[] = [];
  /** Pages of the second instance, and a redirect that tries to leave the site. */
  const paths: string[] = [];

  beforeAll(async () => {
    const folder = tempDir('docsite-xss-');
    const content = path.join(folder, 'content', 'general');
    fs.mkdirSync(content, { recursive: true });
    body.forEach((payload, i) => {
      fs.writeFileSync(path.join(content, `b${i}.md`), `---\ntitle: Payload ${i}\n---\n\nBefore.\n\n${payload}\n\nAfter.\n`);
      slugs.push(`b${i}`);
    });
    frontMatter.forEach((yaml, i) => {
      fs.writeFileSync(path.join(content, `f${i}.md`), `---\n${yaml}\n---\n\nText.\n`);
      slugs.push(`f${i}`);
    });
    fs.writeFileSync(
      path.join(content, 'tagged.md'),
      `---\ntitle: Tagged\ntags:\n  - "<img src=x onerror=alert(1)>"\n  - label: "<script>alert(1)</script>"\n    permalink: x\n---\n\nText.\n`,
    );
    slugs.push('tagged', 'tags', 'tags/img-src-x-onerror-alert-1', 'category/hostile');
    fs.writeFileSync(path.join(folder, 'content', 'sidebars.yaml'), hostileSidebars());
    // A second docs instance, versioned in folders, whose versioned sidebars (JSON, as Docusaurus
    // writes them) carry the same payloads; and a navbar and a _redirects file that try too.
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(folder, 'content', file)), { recursive: true });
      fs.writeFileSync(path.join(folder, 'content', file), text);
    };
    write(
      'docsite.yaml',
      `docs:\n  - { path: general, sidebars: sidebars.yaml }\n  - { id: guides, path: guides, versions: {} }\nnavbar:\n  items:\n    - { href: "javascript:alert(1)", label: Hostile navbar link }\n    - { href: " data:text/html,<script>alert(1)</script>", label: Hostile data link }\n    - { to: /general/b0, label: "<img src=x onerror=alert(1)>" }\n    - { type: docsVersionDropdown, docsPluginId: guides, dropdownItemsAfter: [{ href: "javascript:alert(1)", label: Hostile menu link }] }\n`,
    );
    write('guides/v.md', '---\ntitle: Current\n---\n\nText.\n');
    write('guides_versions.json', '["1.0"]');
    write('guides_versioned_docs/version-1.0/v.md', '---\ntitle: Versioned\n---\n\nText.\n');
    write(
      'guides_versioned_sidebars/version-1.0-sidebars.json',
      JSON.stringify({
        docs: ['v', ...sidebarHtml.map((value) => ({ type: 'html', value })), ...sidebarLinks.map((href, i) => ({ type: 'link', href, label: `Hostile link ${i}` }))],
      }),
    );
    write('static/_redirects', '/x javascript:alert(1)\n/y /:splat\n/go/* /:splat\n');
    paths.push('/guides/v', '/guides/next/v', '/go/%5Cevil.example');
    const repo = repoFromFolder(path.join(folder, 'content'), path.join(folder, 'repo'));
    [app, browser] = await Promise.all([startApp({ CONTENT_REPO: repo }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('has at least 50 page payloads and 20 sidebar payloads', () => {
    expect(body.length + frontMatter.length).toBeGreaterThanOrEqual(50);
    expect(sidebarHtml.length + sidebarLinks.length).toBeGreaterThanOrEqual(20);
  });

  it('serves the hostile sidebar on every page, sanitized', async () => {
    const html = await (await fetch(`${app.url}/general/b0`)).text();
    expect(html).toContain(`Hostile link ${sidebarLinks.length - 1}`);
    const sidebar = /<nav class="sidebar[ "][\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(sidebar).toContain('<hr');
    // No attribute that runs script, no script-capable element and no script URL, as markup (text may mention them).
    const markup = sidebar.replace(/="[^"]*"/g, '=""');
    expect([...markup.matchAll(/<[^>]+\son[a-z]+=[^>]*>|<(script|style|iframe|svg|math)\b/gi)].map((match) => match[0])).toEqual([]);
    expect(sidebar).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
  });

  it('serves the hostile versioned sidebar and the hostile navbar sanitized', async () => {
    const html = await (await fetch(`${app.url}/guides/v`)).text();
    expect(html).toContain('<h1>Versioned</h1>');
    expect(html).toContain(`Hostile link ${sidebarLinks.length - 1}`);
    const sidebar = /<nav class="sidebar[ "][\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const markup = sidebar.replace(/="[^"]*"/g, '=""');
    expect([...markup.matchAll(/<[^>]+\son[a-z]+=[^>]*>|<(script|style|iframe|svg|math)\b/gi)].map((match) => match[0])).toEqual([]);
    expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
    expect(html).not.toContain('Hostile navbar link');
    expect(html).not.toContain('Hostile menu link');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // A redirect's placeholder cannot take the reader to another site.
    const redirect = await fetch(`${app.url}/go/%5Cevil.example`, { redirect: 'manual' });
    expect(new URL(redirect.headers.get('location') ?? '/', app.url).origin).toBe(new URL(app.url).origin);
  });

  it('runs nothing when a reader clicks every sidebar link', async () => {
    const page = await browser.newPage();
    const ran: string[] = [];
    page.on('dialog', async (dialog) => {
      ran.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto(`${app.url}/general/b0`);
    for (const i of sidebarLinks.keys()) {
      const link = page.getByText(`Hostile link ${i}`, { exact: true }).first();
      await link.click({ timeout: 5_000 });
      await page.goto(`${app.url}/general/b0`);
    }
    expect(await page.evaluate(() => window.name)).toBe('');
    expect(ran).toEqual([]);
    await page.close();
  });

  it('runs no script and attaches no handler on any page', async () => {
    const page = await browser.newPage();
    const ran: string[] = [];
    let current = '';
    page.on('dialog', async (dialog) => {
      ran.push(`${current}: ${dialog.message()}`);
      await dialog.dismiss();
    });
    const found: string[] = [];
    for (const slug of [...slugs.map((slug) => `/general/${slug}`), ...paths]) {
      current = slug;
      const res = await page.goto(`${app.url}${slug}`);
      expect(res?.status(), slug).toBeLessThan(500);
      // Give lazy handlers their chance: image errors fire before `load` (goto waits for it),
      // autofocus in the next rendering frames.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const bad = await page.evaluate(() => {
        const problems: string[] = [];
        if (window.name) problems.push(`window.name set to ${window.name}`);
        const root = document.body;
        for (const el of root.querySelectorAll('*')) {
          for (const attr of el.getAttributeNames()) if (attr.startsWith('on') || attr === 'srcdoc') problems.push(`${el.tagName} ${attr}`);
          for (const attr of ['href', 'src', 'action', 'data', 'formaction']) {
            const value =
              el
                .getAttribute(attr)
                ?.replace(/[\s\0-\x1f]/g, '')
                .toLowerCase() ?? '';
            if (/^(javascript|vbscript|data):/.test(value)) problems.push(`${el.tagName} ${attr}=${value}`);
          }
          // The page's own scripts, styles and forms (theme switch) are ours; content adds none inside the article or sidebar.
          if (el.closest('.markdown, .sidebar, .doc-column, .cards') && ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'BASE', 'META', 'LINK', 'FORM'].includes(el.tagName))
            problems.push(el.tagName);
        }
        return problems;
      });
      found.push(...bad.map((problem) => `${slug}: ${problem}`));
    }
    expect(ran).toEqual([]);
    expect(found).toEqual([]);
  }, 120_000);
});
