import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { codeBlock, magicComments, parseCodeMeta } from './highlight.js';

describe('magic comments', () => {
  it('removes highlight-next-line and highlight-start/end lines and highlights what they mark, in any comment syntax', () => {
    const source = ['a', '// highlight-next-line', 'b', 'c', '# highlight-start', 'd', 'e', '<!-- highlight-end -->', 'f', '/* highlight-next-line */', 'g'].join('\n');
    expect(magicComments(source)).toEqual({ code: 'a\nb\nc\nd\ne\nf\ng', highlighted: [2, 4, 5, 7] });
  });

  it('leaves code that only mentions them alone', () => {
    expect(magicComments('echo "// highlight-next-line"')).toEqual({ code: 'echo "// highlight-next-line"', highlighted: [] });
  });

  it('renders the marked lines highlighted, beside the fence ranges', () => {
    const html = toHtml(codeBlock('$a = 1;\n// highlight-next-line\n$b = 2;\n$c = 3;\n', parseCodeMeta('php', '{3}')));
    expect(html).not.toContain('highlight-next-line');
    expect(html.match(/code-line--highlighted/g)).toHaveLength(2);
    expect(html).toMatch(/<span class="code-line code-line--highlighted">.*\$b.*?<\/span>/);
  });
});
