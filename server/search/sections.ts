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

/** Cuts a page's rendered HTML into sections at its h2-h6 headings. */
export function sectionsFromHtml(html: string): Section[] {
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
