// The CSS of a site's CSS modules as it reaches a page: nothing in it loads from elsewhere or runs.
import { describe, expect, it } from 'vitest';
import { sanitizeCss } from './sanitize-css.js';

const oids: Record<string, string> = { 'src/pages/img/bg.png': 'a'.repeat(40), 'static/img/logo.svg': 'b'.repeat(40), 'static/font/serif.woff2': 'c'.repeat(40) };
const files = { oid: (path: string) => oids[path], staticDirectories: ['static'], siteDir: '' };

describe('sanitizeCss', () => {
  it('keeps rules, turns a file beside the stylesheet into its address and keeps the site origin’s', () => {
    const css =
      '.hero_x {\n  padding: 4rem;\n  background: url(./img/bg.png);\n}\n.logo_x {\n  background-image: url("/img/logo.svg");\n}\n@font-face {\n  src: url(/static/font/serif.woff2);\n}\n';
    expect(sanitizeCss(css, 'src/pages/index.module.css', files)).toBe(
      `.hero_x {\n  padding: 4rem;\n  background: url("/_assets/${'a'.repeat(40)}/bg.png");\n}\n.logo_x {\n  background-image: url("/img/logo.svg");\n}\n@font-face {\n  src: url("/_assets/${'c'.repeat(40)}/serif.woff2");\n}\n`,
    );
  });

  it('leaves out what loads from elsewhere or runs: remote url(), @import, protocol-relative and missing files, expression(), javascript:, bindings, an end of <style>', () => {
    const css = [
      '@import "https://evil.example/x.css";',
      '.a {',
      '  background: url(https://evil.example/track.png);',
      '  background: url(//evil.example/x.png);',
      '  background: url(./missing.png);',
      '  width: expression(alert(1));',
      '  background: url("javascript:alert(1)");',
      '  -moz-binding: url(x.xml#b);',
      '  behavior: url(x.htc);',
      '  content: "</style><script>alert(1)</script>";',
      '  b\\61 ckground: u\\72 l(https://evil.example);',
      '  color: red;',
      '}',
      '@font-face {',
      '  src: url(https://fonts.example/f.woff2);',
      '}',
    ].join('\n');
    const out = sanitizeCss(css, 'src/pages/index.module.css', files);
    expect(out).toBe('.a {\n  color: red;\n}\n@font-face {\n}');
  });
});
