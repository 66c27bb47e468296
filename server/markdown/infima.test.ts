// Infima fitted to docsite's page (decision 042): its rules inside a React page's frame only, so
// docsite's own `.navbar` and doc pages keep their look; its variables on the frame, where the
// site's own (site-css.ts repeats its root rules there) come later with the same specificity; its
// dark palette by the reader's choice or by the system's.
import { describe, expect, it } from 'vitest';
import { fitInfima, infimaSheet, scopedSelector } from './infima.js';

describe("Infima's sheet", () => {
  it("moves every selector into a React page's frame, keeping its specificity", () => {
    expect(scopedSelector(':root')).toBe(':where(.site-page-react)');
    expect(scopedSelector('html')).toBe(':where(.site-page-react)');
    expect(scopedSelector('body')).toBe(':where(.site-page-react)');
    expect(scopedSelector("html[data-theme='dark']")).toBe("html[data-theme='dark'] :where(.site-page-react)");
    expect(scopedSelector('html:root:not([data-theme])')).toBe('html:root:not([data-theme]) :where(.site-page-react)');
    expect(scopedSelector("html[data-theme='dark'] .navbar")).toBe("html[data-theme='dark'] :where(.site-page-react) .navbar");
    expect(scopedSelector('.navbar > .container')).toBe(':where(.site-page-react) .navbar > .container');
    expect(scopedSelector('*')).toBe(':where(.site-page-react) *');
  });

  it("keeps its dark palette for a reader whose system is dark, and the page background docsite's", async () => {
    const css = await fitInfima(
      ":root { --ifm-color-primary: #3578e5; }\nhtml { background-color: var(--ifm-background-color); color: var(--ifm-font-color-base); }\nhtml[data-theme='dark'] { --ifm-background-color: #1b1b1d; }\n.button { border-radius: 4px; }",
    );
    expect(css).toContain(':where(.site-page-react){--ifm-color-primary: #3578e5}');
    expect(css).toContain(':where(.site-page-react){color:var(--ifm-font-color-base)}');
    expect(css).toContain('html[data-theme=dark] :where(.site-page-react){--ifm-background-color: #1b1b1d}');
    expect(css).toMatch(/@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*html:root:not\(\[data-theme\]\) :where\(\.site-page-react\)\{--ifm-background-color: #1b1b1d\}/);
    expect(css).toContain(':where(.site-page-react) .button{border-radius:4px}');
  });

  it("is the classic theme's Infima, with no rule outside the frame, by the hash of its bytes", async () => {
    const sheet = await infimaSheet();
    expect(sheet.hash).toMatch(/^[0-9a-f]{20}$/);
    expect(sheet.css).toContain('--ifm-color-primary');
    expect(sheet.css).toContain('.col--4');
    // Every selector names the frame: a doc page's markup and docsite's navbar are out of its reach.
    const selectors = sheet.css
      .replace(/@[^{]+\{/g, '')
      .split('}')
      .map((block) => block.split('{')[0])
      .filter((selector) => selector.trim() && !/^\s*(from|to|\d+%)/.test(selector));
    for (const selector of selectors.flatMap((list) => list.split(','))) expect(selector).toContain(':where(.site-page-react)');
  });
});
