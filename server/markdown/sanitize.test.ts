import { describe, expect, it } from 'vitest';
import { cleanStyle, safeHref, sanitizeHtml } from './sanitize.js';

describe('sanitizeHtml', () => {
  it.each([
    ["<b>Note</b><img src=x onerror=window.name='x' ", '<b>Note</b>'],
    ['<img src=x onerror=alert(1)', ''],
    ['<hr><script>alert(1)</script>', '<hr>'],
    ['<style data-emotion="css 1x">.css-1x{color:red}</style><span class="css-1x">Required</span>', '<span class="css-1x">Required</span>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<span onmouseover="alert(1)" title="t">x</span>', '<span title="t">x</span>'],
    ['<p style="color: red; background: url(x)">x</p>', '<p style="color: red">x</p>'],
    ['&lt;img src=x onerror=alert(1)&gt;', '&#x3C;img src=x onerror=alert(1)>'],
    ['<strong>Bold</strong> <em>and</em> <a href="/general/x">link</a>', '<strong>Bold</strong> <em>and</em> <a href="/general/x">link</a>'],
  ])('%s -> %s', (html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });
});

describe('landmarks and inline SVG of a site page', () => {
  it('keeps the landmarks a page is built of and SVG that draws, and drops what SVG could run or load', () => {
    expect(sanitizeHtml('<header class="hero"><nav><a href="/x">x</a></nav></header><main><article>A</article><aside>B</aside></main><footer>C</footer>')).toBe(
      '<header class="hero"><nav><a href="/x">x</a></nav></header><main><article>A</article><aside>B</aside></main><footer>C</footer>',
    );
    expect(
      sanitizeHtml(
        '<svg viewBox="0 0 2 2" class="i" onload="alert(1)"><title>Logo</title><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><path d="M0 0" fill="url(#g)" stroke-width="2"/><path fill="url(https://evil.example/x)"/><use href="https://evil.example/s.svg#a"/><use href="#g"/><foreignObject><p>x</p></foreignObject><script>alert(1)</script><animate attributeName="href" to="javascript:alert(1)"/><image href="https://evil.example/x.png"/></svg>',
      ),
    ).toBe(
      '<svg viewBox="0 0 2 2" class="i"><title>Logo</title><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"></stop></linearGradient></defs><path d="M0 0" fill="url(#g)" stroke-width="2"></path><path></path><use></use><use href="#g"></use></svg>',
    );
    // SVG's parts are SVG only inside an <svg>; a button does nothing but what the page's script would make it do.
    expect(sanitizeHtml('<title>T</title><path d="M0"/><button type="submit" onclick="x()">B</button>')).toBe('T<button>B</button>');
  });
});

describe('inputs', () => {
  it('keeps tab radios usable and task-list checkboxes disabled', async () => {
    const { renderTest } = await import('./test-support.js');
    const tabs = await renderTest('<Tabs>\n<TabItem value="a" label="A">\n\nOne\n\n</TabItem>\n<TabItem value="b" label="B">\n\nTwo\n\n</TabItem>\n</Tabs>');
    expect(tabs.html).toMatch(/<input type="radio"[^>]*class="tabs__radio"/);
    expect(tabs.html).not.toMatch(/<input type="radio"[^>]*disabled/);
    const tasks = await renderTest('- [x] done\n- [ ] to do');
    expect(tasks.html).toMatch(/<input type="checkbox" checked disabled>/);
  });
});

describe('safeHref', () => {
  it.each([
    ['/general/x', '/general/x'],
    ['https://example.org/', 'https://example.org/'],
    ['mailto:a@example.org', 'mailto:a@example.org'],
    ['../x#y', '../x#y'],
    ['javascript:alert(1)', undefined],
    [' javascript:alert(1)', undefined],
    ['JaVaScRiPt:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    ['java\nscript:alert(1)', undefined],
    ['\0javascript:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['vbscript:x', undefined],
    ['/\\evil.example', undefined],
  ])('%j -> %j', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});

describe('cleanStyle', () => {
  it('keeps layout declarations and drops anything that can load or run', () => {
    expect(cleanStyle('max-width: 100px; background-image: url(x); color: expression(alert(1)); text-align: center')).toBe('max-width: 100px; text-align: center');
  });

  it("keeps an exported SVG's paint, but not a paint server's url()", () => {
    expect(cleanStyle('fill:#3e4e71;fill-rule:nonzero; stroke: url(#grad); stroke-width: 2; opacity: 0.5; position: fixed')).toBe(
      'fill:#3e4e71; fill-rule:nonzero; stroke-width: 2; opacity: 0.5',
    );
  });
});
