// A linear pre-scan of a page's source that refuses pathological nesting before micromark sees
// it. micromark's cost grows with the square of nesting (and it recurses, so 10,000 list markers
// on one line take seconds and then overflow the stack), so depth must be checked before parsing,
// not after. The scan is deliberately rough: it over-estimates depth, and the limits sit far above
// anything real documentation does (the 742-page corpus peaks well below them).

/** How deep a page may nest each kind of construct. */
export const SOURCE_LIMITS = {
  /** `>` and list markers opening on one line, plus list indentation (2 columns a level). */
  containers: 16,
  /** Open JSX elements at once. */
  jsx: 32,
  /** Unclosed `*`/`_` delimiter characters in one paragraph. */
  emphasis: 16,
  /** Unclosed `[` in one paragraph (link labels nest). */
  brackets: 16,
};

/** Where a page first goes over a limit. */
export interface LimitViolation {
  line: number;
  message: string;
}

const CONTAINER = /^(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;
const FENCE = /^(`{3,}|~{3,})/;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([A-Za-z][\w.-]*)?(?=[\s>/]|$)|\/>/g;

/** Scans a page's source in one pass; returns the first place it nests too deeply, if any. */
export function scanSource(source: string): LimitViolation | undefined {
  let fence: { marker: string; quotes: number; indent: number } | undefined;
  let jsx = 0;
  let emphasis = 0;
  let brackets = 0;
  const lines = source.split('\n');
  // Front matter is YAML, read by content/yaml.ts with its own limits: skip it.
  const frontMatterEnd = /^---[ \t]*\r?$/.test(lines[0] ?? '') ? lines.findIndex((line, i) => i > 0 && /^---[ \t]*\r?$/.test(line)) : -1;
  for (let index = frontMatterEnd + 1; index < lines.length; index++) {
    const line = lines[index];
    const at = index + 1;
    const prefix = containerPrefix(line);
    if (prefix.depth > SOURCE_LIMITS.containers)
      return { line: at, message: `The page nests deeper than ${SOURCE_LIMITS.containers} levels of lists or block quotes and is not rendered.` };
    const rest = line.slice(prefix.end);
    if (fence) {
      // A fence ends at its closing marker, or where its container ends (fewer `>`, less indent).
      const closes = rest.trimEnd().startsWith(fence.marker) && /^[`~]+$/.test(rest.trim());
      const leaves = rest.trim() !== '' && (prefix.quotes < fence.quotes || prefix.indent < fence.indent);
      if (closes || leaves) fence = undefined;
      if (!leaves) continue;
    }
    const opens = FENCE.exec(rest);
    if (opens) {
      fence = { marker: opens[1], quotes: prefix.quotes, indent: prefix.indent };
      continue;
    }
    // A blank line or a new list item or quote starts a new paragraph: emphasis cannot span it.
    if (rest.trim() === '' || prefix.depth > 0) {
      emphasis = 0;
      brackets = 0;
      if (rest.trim() === '') continue;
    }
    // An MDX import or export is JavaScript, not Markdown: `'./_part/_x.mdx'` opens no emphasis.
    if (prefix.depth === 0 && /^(import|export)\s/.test(rest)) {
      emphasis = 0;
      brackets = 0;
      continue;
    }
    // Inline code is literal: its `*`, `[` and `<` nest nothing.
    const text = rest.replace(/(`+)[^`]*?\1/g, '');
    for (const match of text.matchAll(TAG)) {
      if (match[0] === '/>' || match[1]) jsx = Math.max(0, jsx - 1);
      else if (!match[2] || !VOID.has(match[2].toLowerCase())) jsx++;
      if (jsx > SOURCE_LIMITS.jsx) return { line: at, message: `The page nests deeper than ${SOURCE_LIMITS.jsx} levels of JSX elements and is not rendered.` };
    }
    if (/^(?:[*_-][ \t]*){3,}$/.test(text.trim())) continue; // a thematic break, not emphasis
    for (const match of text.matchAll(/[*_]+|[[\]]/g)) {
      const char = match[0];
      if (char === '[') brackets++;
      else if (char === ']') brackets = Math.max(0, brackets - 1);
      else {
        const before = text[match.index - 1] ?? ' ';
        const after = text[match.index + char.length] ?? ' ';
        // CommonMark's flanking rules, roughly: a run opens before text, closes after it.
        const opens = !/\s/.test(after) && /[\s\p{P}\p{S}]/u.test(before);
        const closes = !/\s/.test(before) && /[\s\p{P}\p{S}]/u.test(after);
        if (closes && (emphasis > 0 || !opens)) emphasis = Math.max(0, emphasis - char.length);
        else if (opens) emphasis += char.length;
      }
      if (emphasis > SOURCE_LIMITS.emphasis) return { line: at, message: `The page nests deeper than ${SOURCE_LIMITS.emphasis} levels of emphasis (* or _) and is not rendered.` };
      if (brackets > SOURCE_LIMITS.brackets) return { line: at, message: `The page nests deeper than ${SOURCE_LIMITS.brackets} levels of brackets ([) and is not rendered.` };
    }
  }
  return undefined;
}

/** The block-container prefix of a line: its depth estimate, `>` count, and content indent. */
function containerPrefix(line: string): { depth: number; quotes: number; indent: number; end: number } {
  let depth = 0;
  let quotes = 0;
  let pos = 0;
  let indent = 0;
  for (;;) {
    let spaces = 0;
    while (line[pos] === ' ' || line[pos] === '\t') spaces += line[pos++] === '\t' ? 4 : 1;
    indent = spaces;
    const marker = CONTAINER.exec(line.slice(pos, pos + 11));
    if (!marker) break;
    // Indentation before a marker is how lists nest across lines: count 2 columns a level.
    depth += 1 + Math.floor(spaces / 2);
    if (marker[0] === '>') quotes++;
    pos += marker[0].length;
  }
  return { depth, quotes, indent, end: pos };
}
