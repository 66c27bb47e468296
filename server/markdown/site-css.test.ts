import { describe, expect, it } from 'vitest';
import { siteStylesheet, SITE_Z_INDEX_MAX, type SiteCssInput } from './site-css.js';

/** A commit's files, by path. */
function inputOf(files: Record<string, string>, more: Partial<SiteCssInput> = {}): SiteCssInput {
  const oids = Object.fromEntries(Object.keys(files).map((path, index) => [path, String(index + 1).padStart(40, 'a')]));
  return {
    oid: (path) => oids[path],
    staticDirectories: ['static'],
    siteDir: '',
    sass: false,
    read: async (path) => files[path],
    styleFiles: async () => new Map(Object.entries(files)),
    ...more,
  };
}

describe("the site's own stylesheet", () => {
  it("keeps the site's Infima variables and rules, and its local imports in place", async () => {
    const { css, problems } = await siteStylesheet(
      ['src/css/custom.css'],
      inputOf({
        'src/css/custom.css': "@import './vars.css';\n:root { --ifm-color-primary: #bd5b00; }\n.hero { background: url(../img/bg.png); }",
        'src/css/vars.css': ':root { --ifm-font-family-base: "Open Sans"; }',
        'src/img/bg.png': 'png',
      }),
    );
    expect(problems).toEqual([]);
    expect(css.indexOf('--ifm-font-family-base: "Open Sans"')).toBeGreaterThan(-1);
    expect(css.indexOf('--ifm-font-family-base')).toBeLessThan(css.indexOf('--ifm-color-primary: #bd5b00'));
    expect(css).toMatch(/url\("\/_assets\/a+3\/bg\.png"\)/);
  });

  it('repeats dark-mode rules for a reader whose system is dark and who chose no theme', async () => {
    const { css } = await siteStylesheet(
      ['custom.css'],
      inputOf({ 'custom.css': "[data-theme='dark'] { --ifm-color-primary: #f4963e; }\nhtml[data-theme=dark] .navbar { color: red; }" }),
    );
    expect(css).toMatch(/^\[data-theme=["']?dark["']?\], \[data-theme=["']?dark["']?\] :where\(\.site-page-react\) \{/m);
    expect(css).toMatch(
      /@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme\]\), :root:not\(\[data-theme\]\) :where\(\.site-page-react\) \{\s*--ifm-color-primary: #f4963e;/,
    );
    expect(css).toMatch(/html:root:not\(\[data-theme\]\) \.navbar/);
  });

  it('loads nothing from elsewhere: remote imports, url()s, image-set strings, javascript: go; no layer rises over the navbar', async () => {
    const { css, problems } = await siteStylesheet(
      ['custom.css'],
      inputOf({
        'custom.css': [
          "@import url('https://evil.example/x.css');",
          '@import "//evil.example/y.css";',
          'body { background: url(https://evil.example/track.png); color: red; }',
          '.a { background-image: image-set("https://evil.example/a.png" 1x); }',
          '.b { background: url("javascript:alert(1)"); }',
          '@font-face { font-family: X; src: url(https://evil.example/f.woff2); }',
          '.overlay { position: fixed; inset: 0; z-index: 2147483647; }',
        ].join('\n'),
      }),
    );
    expect(css).not.toMatch(/evil\.example|javascript:/);
    expect(css).toContain('color: red');
    expect(css).toContain(`z-index: ${SITE_Z_INDEX_MAX}`);
    expect(problems.map((problem) => problem.message).join('\n')).toMatch(/@import of https:\/\/evil\.example\/x\.css/);
  });

  it('loads its fonts from 997 px up only: phones keep system fonts', async () => {
    const { css } = await siteStylesheet(['custom.css'], inputOf({ 'custom.css': '@font-face { font-family: X; src: url(/font/x.woff2); }', 'static/font/x.woff2': 'w' }));
    expect(css).toMatch(/@media \(min-width: 997px\) \{\s*@font-face \{/);
  });

  it('keeps an import of an origin the operator allows, first in the sheet', async () => {
    const { css } = await siteStylesheet(
      ['custom.css'],
      inputOf({ 'custom.css': ":root { --x: 1; }\n@import url('https://fonts.googleapis.com/css2?family=Roboto');" }, { origins: ['https://fonts.googleapis.com'] }),
    );
    expect(css.startsWith('@import url("https://fonts.googleapis.com/css2?family=Roboto");')).toBe(true);
  });

  it('compiles Sass only for a site that uses docusaurus-plugin-sass, with its partials', async () => {
    const files = { 'src/css/custom.scss': "@use 'vars';\n:root { --ifm-color-primary: #{vars.$primary}; .x & { color: red; } }", 'src/css/_vars.scss': '$primary: #007ca6;' };
    const off = await siteStylesheet(['src/css/custom.scss'], inputOf(files));
    expect(off.css).toBe('');
    expect(off.problems[0].message).toMatch(/docusaurus-plugin-sass/);
    const on = await siteStylesheet(['src/css/custom.scss'], inputOf(files, { sass: true }));
    expect(on.problems).toEqual([]);
    expect(on.css).toContain('--ifm-color-primary: #007ca6');
  });

  it('stops a Sass loop that never ends, as a problem of the file', async () => {
    const looping = await siteStylesheet(['a.scss'], inputOf({ 'a.scss': '$i: 0;\n@while $i >= 0 { $i: $i + 1; }' }, { sass: true }));
    expect(looping.css).toBe('');
    expect(looping.problems[0]).toMatchObject({ code: 'site-css', file: 'a.scss' });
  }, 30_000);
});
