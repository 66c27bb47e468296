import { describe, expect, it } from 'vitest';
import { diffHtml } from './html-diff.js';

describe('diffHtml', () => {
  it('leaves an unchanged page unmarked', () => {
    const html = '<h2 id="a">A</h2><p>One <a href="/x">two</a>.</p>';
    expect(diffHtml(html, html)).toEqual({ html, added: 0, removed: 0, changed: 0 });
  });

  it('marks changed words inside a paragraph, keeping its links and code', () => {
    const result = diffHtml('<p>Call <code>foo()</code> from <a href="/a">the page</a>.</p>', '<p>Call <code>bar()</code> from <a href="/a">the new page</a>.</p>');
    expect(result.html).toBe('<p>Call <code><del>foo</del><ins>bar</ins>()</code> from <a href="/a">the <ins>new </ins>page</a>.</p>');
    expect(result.changed).toBe(1);
  });

  it('marks inserted and deleted blocks whole, and keeps headings as headings', () => {
    const result = diffHtml('<h2 id="old">Old</h2><p>Kept.</p>', '<p>Kept.</p><h2 id="new">New</h2><pre><code>x = 1</code></pre>');
    expect(result.html).toBe('<del class="diff-block"><h2>Old</h2></del><p>Kept.</p><ins class="diff-block"><h2 id="new">New</h2><pre><code>x = 1</code></pre></ins>');
    expect(result).toMatchObject({ added: 2, removed: 1 });
  });

  it('compares a list item by item and a table cell by cell', () => {
    const list = diffHtml('<ul><li>one</li><li>two</li></ul>', '<ul><li>one</li><li>three</li><li>four</li></ul>');
    expect(list.html).toBe('<ul><li>one</li><li><del>two</del><ins>three</ins></li><li class="diff-added"><ins class="diff-block">four</ins></li></ul>');
    const table = diffHtml('<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>', '<table><tbody><tr><td>a</td><td>c</td></tr><tr><td>d</td></tr></tbody></table>');
    expect(table.html).toBe(
      '<table><tbody><tr><td>a</td><td><del>b</del><ins>c</ins></td></tr><tr class="diff-added"><td class="diff-added"><ins class="diff-block">d</ins></td></tr></tbody></table>',
    );
  });

  it('pairs a changed paragraph even when a heading before it was deleted', () => {
    expect(diffHtml('<h2>Gone</h2><p>one two</p>', '<p>one three</p>').html).toBe('<del class="diff-block"><h2>Gone</h2></del><p>one <del>two</del><ins>three</ins></p>');
  });

  it('keeps an admonition and diffs inside it', () => {
    const before = '<div class="admonition admonition-note"><div class="admonition-heading">Note</div><div class="admonition-content"><p>Old text.</p></div></div>';
    const after = '<div class="admonition admonition-note"><div class="admonition-heading">Note</div><div class="admonition-content"><p>New text.</p></div></div>';
    expect(diffHtml(before, after).html).toBe(
      '<div class="admonition admonition-note"><div class="admonition-heading">Note</div><div class="admonition-content"><p><del>Old</del><ins>New</ins> text.</p></div></div>',
    );
  });

  it('drops the # links of headings and the ids of deleted content', () => {
    const result = diffHtml('<h2 id="x">Title<a class="hash-link" href="#x">#</a></h2>', '<h2 id="y">Other<a class="hash-link" href="#y">#</a></h2>');
    expect(result.html).toBe('<h2 id="y"><del>Title</del><ins>Other</ins></h2>');
  });

  it('replaces a block whole past the limits', () => {
    const result = diffHtml('<p>a b c d</p>', '<p>e f g h</p>', { maxEditLength: 2, maxWords: 100 });
    expect(result.html).toBe('<del class="diff-block"><p>a b c d</p></del><ins class="diff-block"><p>e f g h</p></ins>');
  });

  it('escapes what it rebuilds', () => {
    expect(diffHtml('<p>a &lt;b&gt;</p>', '<p>c &lt;b&gt;</p>').html).toBe('<p><del>a</del><ins>c</ins> &#x3C;b></p>');
  });
});
