// What KaTeX writes for a formula (math.ts), sanitized on its own after the page is: the drawn
// formula's spans and SVG with the inline layout KaTeX computes (`position`, `top`, border widths,
// which a page's own `style` may not set), and the MathML beside it for screen readers. No `href`,
// no `<maction>` and no `<annotation-xml>`, whose content could be HTML.
import { sanitize as sanitizeHast, type Schema } from 'hast-util-sanitize';
import type { ElementContent, Root } from 'hast';
import { walk } from './walk.js';

/** The MathML elements a formula may hold (KaTeX's output). */
const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'mfrac',
  'msqrt',
  'mroot',
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'merror',
];

/** Their attributes (hast property names: MathML's are kept as written). */
const MATHML_ATTRIBUTES = [
  'xmlns',
  'display',
  'encoding',
  'mathvariant',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'accent',
  'accentunder',
  'width',
  'height',
  'depth',
  'voffset',
  'minsize',
  'maxsize',
  'movablelimits',
  'symmetric',
  'largeop',
  'linethickness',
  'scriptlevel',
  'displaystyle',
  'columnalign',
  'columnspacing',
  'columnlines',
  'rowalign',
  'rowspacing',
  'rowlines',
  'frame',
  'framespacing',
  'equalrows',
  'equalcolumns',
  'side',
  'notation',
  'mathcolor',
  'mathbackground',
  'columnspan',
  'rowspan',
];

/** KaTeX's elements and attributes: its spans, the SVG of stretchy glyphs (roots, arrows, braces), MathML. */
const schema: Schema = {
  strip: ['script', 'style'],
  tagNames: ['span', 'svg', 'path', 'line', 'rect', ...MATHML_TAGS],
  attributes: {
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_ATTRIBUTES])),
    span: ['className', 'style', 'ariaHidden', 'title'],
    svg: ['xmlns', 'width', 'height', 'viewBox', 'preserveAspectRatio', 'style'],
    path: ['d'],
    line: ['x1', 'y1', 'x2', 'y2', 'strokeWidth'],
    rect: ['x', 'y', 'width', 'height'],
  },
  // MathML's own names (`xmlns`, `encoding`) are kept as written, not prefixed.
  clobber: [],
};

/** The inline CSS KaTeX computes, and the only `position` values it uses. */
const KATEX_STYLE =
  /^(height|width|min-width|max-width|vertical-align|top|left|bottom|right|margin-(left|right|top|bottom)|padding-(left|right|top|bottom)|border(-(top|bottom|left|right))?(-(width|style|color))?|color|background-color|position)$/;

/** KaTeX's elements for one formula, sanitized: anything else it might hold (it never should) is dropped. */
export function sanitizeFormula(nodes: ElementContent[]): ElementContent[] {
  const clean = sanitizeHast({ type: 'root', children: nodes }, schema) as Root;
  walk(clean, (node: Root['children'][number]) => {
    if (node.type !== 'element' || node.properties.style === undefined) return;
    const style = String(node.properties.style);
    const declarations = style.split(';').filter((declaration) => declaration.trim());
    const allowed = declarations.filter((declaration) => {
      const [, name, value] = /^\s*([a-z-]+)\s*:\s*(.+?)\s*$/i.exec(declaration) ?? [];
      if (!name || !KATEX_STYLE.test(name) || /[\\()<>{}@]|url|expression/i.test(value)) return false;
      return name !== 'position' || value === 'absolute' || value === 'relative';
    });
    // KaTeX's own text when all of it is allowed (as rehype-katex writes it), else what is.
    const kept = allowed.length === declarations.length ? style : allowed.join(';');
    if (kept) node.properties.style = kept;
    else delete node.properties.style;
  });
  return clean.children as ElementContent[];
}
