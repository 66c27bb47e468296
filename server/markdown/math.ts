// Formulas drawn on the server as rehype-katex draws them: after the page is sanitized, every
// element remark-math wrote for a formula (`code.math-inline`, `pre > code.math-display`) and every
// ```math block is replaced by KaTeX's HTML and MathML, sanitized on its own (sanitize-math.ts). A
// reader sees typeset math with no script, and a screen reader reads its MathML. A formula KaTeX
// cannot read is drawn as KaTeX draws errors and is a problem at its line, as rehype-katex's
// `file.message` is.
import katex, { type KatexOptions } from 'katex';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Element, ElementContent, Root } from 'hast';
import type { Problem } from '../problem.js';
import type { MathOptions } from '../config/markdown-plugins-config.js';
import { sanitizeFormula } from './sanitize-math.js';

/** Replaces the formulas of a sanitized page by KaTeX's drawing of them, as rehype-katex does. */
export function drawFormulas(tree: Root | Element, options: NonNullable<MathOptions['katex']>, file: string, warn: (problem: Problem) => void): void {
  for (let index = 0; index < tree.children.length; index++) {
    const child = tree.children[index];
    if (child.type !== 'element') continue;
    const classes = Array.isArray(child.properties.className) ? child.properties.className : [];
    const code = child.tagName === 'pre' && child.children.length === 1 ? child.children[0] : undefined;
    // ```math and `$$` blocks: the `<pre>` goes, as rehype-katex replaces it.
    const block = code?.type === 'element' && code.tagName === 'code' && Array.isArray(code.properties.className) && code.properties.className.includes('language-math');
    const inline = !block && (classes.includes('math-inline') || classes.includes('math-display') || classes.includes('language-math'));
    if (!block && !inline) {
      drawFormulas(child, options, file, warn);
      continue;
    }
    const display = block || classes.includes('math-display');
    const drawn = formula(toText(child, { whitespace: 'pre' }), display, options, { file, line: child.position?.start.line }, warn);
    tree.children.splice(index, 1, ...(drawn as Root['children']));
    index += drawn.length - 1;
  }
}

/** One formula as KaTeX draws it (a display formula in `.katex-display`), sanitized. */
function formula(
  value: string,
  displayMode: boolean,
  options: NonNullable<MathOptions['katex']>,
  where: { file: string; line?: number },
  warn: (problem: Problem) => void,
): ElementContent[] {
  // `trust` stays off: \href, \url, \includegraphics and \html* would let a formula write links and attributes.
  const settings: KatexOptions = { ...options, trust: false, displayMode };
  let html: string;
  try {
    html = katex.renderToString(value, { ...settings, throwOnError: true });
  } catch (cause) {
    warn({ code: 'math', file: where.file, line: where.line, message: `Could not render math with KaTeX: ${cause instanceof Error ? cause.message : String(cause)}` });
    try {
      html = katex.renderToString(value, { ...settings, strict: 'ignore', throwOnError: false });
    } catch (error) {
      // KaTeX's own markup for an error it does not handle itself (rehype-katex does the same).
      const style = `color:${options.errorColor ?? '#cc0000'}`;
      return sanitizeFormula([{ type: 'element', tagName: 'span', properties: { className: ['katex-error'], style, title: String(error) }, children: [{ type: 'text', value }] }]);
    }
  }
  return sanitizeFormula(fromHtml(html, { fragment: true }).children as ElementContent[]);
}
