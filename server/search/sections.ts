// The searchable text of one page, cut into sections: the page's top (before its first h2) and one
// section per h2-h6. It reads the page's rendered, sanitized HTML (the same render the reader
// sees, cached by blob), so admonitions, tables, code, tabs and what native components generate
// are searchable exactly as shown, anchors are the ids the rendered headings carry, and nothing of
// MDX is ever executed. The HTML is the renderer's own output (hast-util-to-html, sanitized), so a
// tag scan is enough: no HTML parser is needed.

/** One searchable section of a page. */
export interface Section {
  /** The heading's id (`#anchor`), `''` for the page's top. */
  anchor: string;
  /** The heading's text, `''` for the page's top. */
  heading: string;
  /** The headings above this one (the h2 above an h3), outermost first. */
  parents: string[];
  /** The section's visible text, whitespace collapsed. */
  body: string;
}

/** A heading with an id, as the renderer writes it. */
const HEADING = /<h([2-6])\b[^>]*?\bid="([^"]*)"[^>]*>([\s\S]*?)<\/h\1>/g;

/** The `#` link the renderer appends to a heading (server/markdown/heading-links.ts): not part of its text. */
const HASH_LINK = /<a class="hash-link"[^>]*>[\s\S]*?<\/a>/g;

/** Tags that end a block: replaced by a space so words of adjacent blocks stay apart. */
const BLOCK_TAG = /<\/?(?:p|div|li|ul|ol|dl|dt|dd|td|th|tr|table|thead|tbody|pre|blockquote|h[1-6]|br|hr|summary|details|figure|figcaption|section)\b[^>]*>/gi;

/** A formula KaTeX drew (server/markdown/math.ts): its MathML, its TeX and its glyphs, in one span. */
const FORMULA = '<span class="katex">';

/** The TeX a formula was written in, as KaTeX keeps it in its MathML. */
const TEX = /<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/;

/**
 * Each formula KaTeX drew as the TeX it was written in: its MathML and its drawn glyphs would each
 * index the same formula again, as runs of single letters (`E = m c 2`), which no one searches for.
 */
function formulasAsTex(html: string): string {
  if (!html.includes(FORMULA)) return html;
  let out = '';
  let at = 0;
  for (let start = html.indexOf(FORMULA); start >= 0; start = html.indexOf(FORMULA, at)) {
    // The formula's own closing tag: spans nest inside it.
    const tags = /<span\b|<\/span>/g;
    tags.lastIndex = start + FORMULA.length;
    let depth = 1;
    let end = html.length;
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0] === '</span>' ? -1 : 1;
      if (depth === 0) {
        end = tag.index + tag[0].length;
        break;
      }
    }
    const tex = TEX.exec(html.slice(start, end))?.[1] ?? '';
    out += `${html.slice(at, start)} ${tex} `;
    at = end;
  }
  return out + html.slice(at);
}

/** Cuts a page's rendered HTML into sections at its h2-h6 headings (each formula as its TeX). */
export function sectionsFromHtml(page: string): Section[] {
  const html = formulasAsTex(page);
  const cuts = [{ anchor: '', heading: '', parents: [] as string[], start: 0, end: html.length }];
  const trail: { depth: number; text: string }[] = [];
  for (const match of html.matchAll(HEADING)) {
    cuts[cuts.length - 1].end = match.index;
    const depth = Number(match[1]);
    const heading = textOfHtml(match[3].replace(HASH_LINK, ''));
    while (trail.length && trail[trail.length - 1].depth >= depth) trail.pop();
    cuts.push({ anchor: decodeEntities(match[2]), heading, parents: trail.map((entry) => entry.text), start: match.index + match[0].length, end: html.length });
    trail.push({ depth, text: heading });
  }
  return (
    cuts
      // The body is copied out of the HTML (a piece of it would keep the whole page alive in V8).
      .map(({ anchor, heading, parents, start, end }) => ({ anchor, heading, parents, body: Buffer.from(textOfHtml(html.slice(start, end))).toString() }))
      // The page's top is often empty (the page starts with a heading): then it is no section of its own.
      .filter((section, index) => index > 0 || section.body || cuts.length === 1)
  );
}

/** The visible text of an HTML fragment: tags dropped (blocks become spaces), entities decoded, whitespace collapsed. */
export function textOfHtml(html: string): string {
  return decodeEntities(html.replace(BLOCK_TAG, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the entities hast-util-to-html writes: numeric ones and the few named ones. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
