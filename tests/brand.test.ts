// The brand as the server serves it (issue 36): a colour that fails WCAG AA is a problem in
// /readyz naming the configuration file, a log line tells the operator, and pages use a colour
// that passes; a logo or font the static folders lack is a problem too; the logo and footer show.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

afterAll(removeTempDirs);

const CONFIG = `title: Yellow Docs
navbar:
  logo: { src: img/logo.svg, alt: Yellow, width: 40, height: 30 }
colors:
  primary: "#ffcc00"
fonts:
  - { family: Missing Sans, use: text, files: [{ src: font/missing.woff2 }] }
footer:
  links:
    - title: Elsewhere
      items:
        - { label: Home page, href: "https://example.org/" }
        - { label: Trap, href: "javascript:alert(1)" }
  copyright: 'Made by <b>us</b><img src=x onerror="alert(1)">'
`;

describe('a brand with problems', () => {
  let app: AppServer;
  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-brand-'), 'docs'));
    await repo.commit({
      'docsite.yaml': CONFIG,
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#fc0"/></svg>',
      'general/intro.md': '---\ntitle: Intro\n---\n\nSee [the guide](./guide.md).\n',
      'general/guide.md': '---\ntitle: Guide\n---\n\nA guide.\n',
    });
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('reports the failing colour and the missing font in /readyz, naming docsite.yaml, and logs them', async () => {
    const ready = (await (await fetch(`${app.url}/readyz`)).json()) as { problems: { code: string; file: string; message: string }[] };
    const brand = ready.problems.filter((problem) => problem.code === 'site-config');
    expect(brand).toEqual([
      {
        code: 'site-config',
        file: 'docsite.yaml',
        message: expect.stringMatching(
          /^colors\.primary #ffcc00 has a contrast of 1\.5\d:1 on the light background #ffffff; WCAG AA needs 4\.5:1 for text\. The site uses (#[0-9a-f]{6}) instead\.$/,
        ),
      },
      { code: 'site-config', file: 'docsite.yaml', message: 'fonts (Missing Sans): font/missing.woff2 is not in the static folders (static)' },
    ]);
    expect(app.output()).toContain('"msg":"brand: docsite.yaml: colors.primary #ffcc00 has a contrast of');
  });

  it('uses a colour that passes on its pages, and shows the logo and the footer with safe links only', async () => {
    const html = await (await fetch(`${app.url}/general/intro`)).text();
    const ready = (await (await fetch(`${app.url}/readyz`)).json()) as { problems: { message: string }[] };
    const used = /The site uses (#[0-9a-f]{6})/.exec(ready.problems.map((problem) => problem.message).join('\n'))![1];
    expect(html).toContain(`:root { --primary: ${used};`);
    expect(html).not.toContain(':root { --primary: #ffcc00');
    // Dark mode keeps the author's yellow: it reads well on the dark background.
    expect(html).toContain(':root[data-theme="dark"] { --primary: #ffcc00;');
    expect(html).toMatch(/<img class="navbar-logo" src="\/img\/logo.svg" alt="Yellow" width="40" height="30"\/>/);
    expect(html).toContain('<a class="footer__link-item" href="https://example.org/" rel="noopener">Home page</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Made by <b>us</b>');
    expect(html).not.toContain('onerror');
    const logo = await fetch(`${app.url}/img/logo.svg`);
    expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
  });
});
