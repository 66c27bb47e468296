// The rendered diff of a page (docs/decisions/018-review-diffs.md): two rendered, sanitized HTML
// fragments compared block by block, then word by word inside blocks that changed, with jsdiff's
// `diffArrays`. The result is the new page's HTML with what was inserted in `<ins>` and what was
// deleted in `<del>`, so headings, code, tables and admonitions keep their look. Blocks are
// compared by their whole HTML; a changed container (list, table, admonition) child by child, a leaf
// block (paragraph, heading, cell, code block) word by word, keeping each word's inline formatting.
// Everything is bounded: past the limits a changed block is shown deleted and inserted whole.
import { diffArrays } from 'diff';
import type { Element, ElementContent, Root, Text } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';

/** The diff of two rendered pages: the HTML to show and how much changed. */
export interface HtmlDiff {
  html: string;
  /** Blocks (paragraphs, items, rows...) inserted, deleted and changed in place. */
  added: number;
  removed: number;
  changed: number;
}

/** Bounds of one diff, so a huge rewrite costs a bounded time. */
export interface DiffLimits {
  /** The most edits jsdiff looks for in one sequence before giving up (the block is then replaced whole). */
  maxEditLength: number;
  /** Words of one block beyond which it is never compared word by word. */
  maxWords: number;
}

const LIMITS: DiffLimits = { maxEditLength: 1000, maxWords: 10_000 };

/** Elements that make their parent a container of blocks, compared child by child. */
const BLOCKS = new Set(
  'address article aside blockquote caption dd details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);
/** Blocks whose parent only allows certain children: marked by a class, their content wrapped instead. */
const ITEMS = new Set(['li', 'dt', 'dd', 'td', 'th', 'summary', 'caption', 'figcaption']);
/** Rows and row groups: marked by a class, their cells marked one by one. */
const ROWS = new Set(['tr', 'thead', 'tbody', 'tfoot']);
/** Inline elements compared as one token: no text inside to compare word by word. */
const ATOMIC = new Set(['img', 'br', 'hr', 'input', 'svg', 'math', 'iframe', 'video', 'audio', 'picture', 'wbr']);
/** A word, a run of whitespace, or one other character. */
const WORD = /\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;

type Status = 'same' | 'added' | 'removed';
type Counts = Pick<HtmlDiff, 'added' | 'removed' | 'changed'>;

/** Diffs two rendered HTML fragments into the new one marked with `<ins>` and `<del>`. */
export function diffHtml(oldHtml: string, newHtml: string, limits: DiffLimits = LIMITS): HtmlDiff {
  if (oldHtml === newHtml) return { html: newHtml, added: 0, removed: 0, changed: 0 };
  const counts: Counts = { added: 0, removed: 0, changed: 0 };
  const children = diffBlocks(parse(oldHtml), parse(newHtml), 'root', counts, limits);
  return { html: toHtml({ type: 'root', children } as Root), ...counts };
}

/** A fragment's nodes, without the `#` links after headings (they would differ wherever a heading does). */
function parse(html: string): ElementContent[] {
  const strip = (nodes: ElementContent[]): ElementContent[] =>
    nodes.flatMap((node): ElementContent[] => {
      if (node.type !== 'element') return node.type === 'text' ? [node] : [];
      if (node.tagName === 'a' && classes(node).includes('hash-link')) return [];
      return [{ ...node, children: strip(node.children) }];
    });
  return strip(fromHtml(html, { fragment: true }).children as ElementContent[]);
}

/** One unit of a container: a block element, or a run of inline content between blocks. */
type Segment = { block: Element } | { inline: ElementContent[] };

/** Splits a container's children into blocks and runs of inline content; whitespace between blocks goes. */
function segmentsOf(nodes: ElementContent[]): Segment[] {
  const segments: Segment[] = [];
  let run: ElementContent[] = [];
  const flush = () => {
    if (run.some((node) => node.type !== 'text' || node.value.trim())) segments.push({ inline: run });
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'element' && BLOCKS.has(node.tagName)) {
      flush();
      segments.push({ block: node });
    } else run.push(node);
  }
  flush();
  return segments;
}

/** The children of a container, old and new compared segment by segment. */
function diffBlocks(oldNodes: ElementContent[], newNodes: ElementContent[], parent: string, counts: Counts, limits: DiffLimits): ElementContent[] {
  const before = segmentsOf(oldNodes);
  const after = segmentsOf(newNodes);
  const key = (segment: Segment) => ('block' in segment ? toHtml(segment.block) : `\u0000${toHtml({ type: 'root', children: segment.inline } as Root)}`);
  const changes = diffArrays(before.map(key), after.map(key), { maxEditLength: limits.maxEditLength }) ?? [
    { value: before, removed: true, added: false, count: before.length },
    { value: after, removed: false, added: true, count: after.length },
  ];
  const out: ElementContent[] = [];
  let i = 0;
  let j = 0;
  let removed: Segment[] = [];
  const flushRemoved = () => {
    for (const segment of removed) out.push(...mark(segment, 'removed', parent, counts));
    removed = [];
  };
  for (const change of changes) {
    if (change.removed) {
      removed.push(...before.slice(i, i + change.count));
      i += change.count;
    } else if (change.added) {
      // A deleted segment followed by an inserted one of the same kind is one segment changed in
      // place; deleted segments of another kind before it stay deleted, in order.
      for (const segment of after.slice(j, j + change.count)) {
        while (removed.length && !pairable(removed[0], segment)) out.push(...mark(removed.shift()!, 'removed', parent, counts));
        const paired = removed.shift();
        out.push(...(paired ? diffPair(paired, segment, counts, limits) : mark(segment, 'added', parent, counts)));
      }
      j += change.count;
    } else {
      flushRemoved();
      for (const segment of after.slice(j, j + change.count)) out.push(...nodesOf(segment));
      i += change.count;
      j += change.count;
    }
  }
  flushRemoved();
  return mergeRuns(out);
}

/** Consecutive blocks inserted (or deleted) whole, as one `<ins>` (or `<del>`): one label for a run of new paragraphs. */
function mergeRuns(nodes: ElementContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    const isRun = (candidate: ElementContent | undefined): candidate is Element =>
      candidate?.type === 'element' && (candidate.tagName === 'ins' || candidate.tagName === 'del') && classes(candidate).includes('diff-block');
    if (isRun(node) && isRun(last) && last.tagName === node.tagName) out[out.length - 1] = { ...last, children: [...last.children, ...node.children] };
    else out.push(node);
  }
  return out;
}

/** True when two segments are the same kind of thing: both inline runs, or blocks of one tag. */
function pairable(a: Segment, b: Segment): boolean {
  if ('inline' in a || 'inline' in b) return 'inline' in a && 'inline' in b;
  return a.block.tagName === b.block.tagName;
}

/** One segment changed in place: a container child by child, a leaf word by word. */
function diffPair(a: Segment, b: Segment, counts: Counts, limits: DiffLimits): ElementContent[] {
  if ('inline' in a || 'inline' in b) {
    const inline = diffInline(nodesOf(a), nodesOf(b), limits);
    if (inline) counts.changed++;
    return inline ?? [...mark(a, 'removed', 'p', counts), ...mark(b, 'added', 'p', counts)];
  }
  const [before, after] = [a.block, b.block];
  const container = [...before.children, ...after.children].some((child) => child.type === 'element' && BLOCKS.has(child.tagName));
  if (container && !ATOMIC.has(after.tagName)) return [{ ...after, children: diffBlocks(before.children, after.children, after.tagName, counts, limits) }];
  const inline = diffInline(before.children, after.children, limits);
  if (!inline) return [...mark(a, 'removed', 'div', counts), ...mark(b, 'added', 'div', counts)];
  counts.changed++;
  return [{ ...after, children: inline }];
}

/** One token of inline content: a word (or space, or sign) or an atomic element, with the inline elements around it. */
interface Token {
  key: string;
  text?: string;
  node?: Element;
  /** The inline elements around it, outermost first, without their children. */
  path: Element[];
  /** Each of those elements as HTML: what tells two of them apart. */
  keys: string[];
}

/** The tokens of inline content, each keyed by its text and formatting. */
function tokensOf(nodes: ElementContent[], path: Element[] = [], keys: string[] = [], out: Token[] = []): Token[] {
  const pathKey = keys.join('\u0002');
  for (const node of nodes) {
    if (node.type === 'text') {
      for (const [word] of node.value.matchAll(WORD)) out.push({ key: `${pathKey}\u0001${word}`, text: word, path, keys });
    } else if (node.type === 'element') {
      if (ATOMIC.has(node.tagName) || node.children.length === 0) out.push({ key: `${pathKey}\u0001${toHtml(node)}`, node, path, keys });
      else {
        const shell = { ...node, children: [] };
        tokensOf(node.children, [...path, shell], [...keys, toHtml(shell)], out);
      }
    }
  }
  return out;
}

/** Two runs of inline content compared word by word; undefined past the limits. */
function diffInline(oldNodes: ElementContent[], newNodes: ElementContent[], limits: DiffLimits): ElementContent[] | undefined {
  const before = tokensOf(withoutIds(oldNodes));
  const after = tokensOf(newNodes);
  if (before.length + after.length > limits.maxWords) return undefined;
  const changes = diffArrays(
    before.map((token) => token.key),
    after.map((token) => token.key),
    { maxEditLength: limits.maxEditLength },
  );
  if (!changes) return undefined;
  const items: { token: Token; status: Status }[] = [];
  let i = 0;
  let j = 0;
  for (const change of changes) {
    if (change.removed) for (const token of before.slice(i, (i += change.count))) items.push({ token, status: 'removed' });
    else if (change.added) for (const token of after.slice(j, (j += change.count))) items.push({ token, status: 'added' });
    else {
      for (const token of after.slice(j, (j += change.count))) items.push({ token, status: 'same' });
      i += change.count;
    }
  }
  return rebuild(items);
}

/**
 * Inline content rebuilt from tokens: consecutive tokens under equal inline elements share them,
 * and each run of inserted or deleted tokens is wrapped in `<ins>` or `<del>` inside its formatting.
 */
function rebuild(items: { token: Token; status: Status }[]): ElementContent[] {
  const root: ElementContent[] = [];
  const open: { key: string; element: Element }[] = [];
  for (const { token, status } of items) {
    const { keys } = token;
    let depth = 0;
    while (depth < open.length && depth < keys.length && open[depth].key === keys[depth]) depth++;
    open.length = depth;
    for (let level = depth; level < keys.length; level++) {
      const element: Element = { ...token.path[level], children: [] };
      (level ? open[level - 1].element.children : root).push(element);
      open.push({ key: keys[level], element });
    }
    const target = open.length ? open[open.length - 1].element.children : root;
    const leaf: ElementContent = token.node ?? ({ type: 'text', value: token.text! } as Text);
    if (status === 'same') {
      target.push(leaf);
      continue;
    }
    const tag = status === 'added' ? 'ins' : 'del';
    const last = target[target.length - 1];
    if (last?.type === 'element' && last.tagName === tag && !classes(last).includes('diff-block')) last.children.push(leaf);
    else target.push({ type: 'element', tagName: tag, properties: {}, children: [leaf] });
  }
  return root;
}

/** A segment as nodes. */
function nodesOf(segment: Segment): ElementContent[] {
  return 'block' in segment ? [segment.block] : segment.inline;
}

/**
 * A segment shown inserted or deleted whole: wrapped in `<ins>`/`<del>` where its parent allows
 * it; list items and cells are marked by a class and their content wrapped; rows cell by cell.
 * Deleted content loses its ids, which the new page's elements hold.
 */
function mark(segment: Segment, status: Exclude<Status, 'same'>, parent: string, counts: Counts): ElementContent[] {
  counts[status]++;
  const tag = status === 'added' ? 'ins' : 'del';
  const nodes = status === 'removed' ? withoutIds(nodesOf(segment)) : nodesOf(segment);
  const wrap = (children: ElementContent[]): Element => ({ type: 'element', tagName: tag, properties: { className: ['diff-block'] }, children });
  const flagged = (element: Element, children: ElementContent[]): Element => ({
    ...element,
    properties: { ...element.properties, className: [...classes(element), `diff-${status}`] },
    children,
  });
  const markElement = (element: Element): Element => {
    if (ROWS.has(element.tagName))
      return flagged(
        element,
        element.children.map((child) => (child.type === 'element' ? markElement(child) : child)),
      );
    if (ITEMS.has(element.tagName)) return flagged(element, [wrap(element.children)]);
    return element;
  };
  if ('inline' in segment) return [{ ...wrap(nodes), properties: {} }];
  const [element] = nodes as Element[];
  if (ROWS.has(element.tagName) || ITEMS.has(element.tagName)) return [markElement(element)];
  // Inside a list or a table only items and rows may stand: anything else is flagged, not wrapped.
  if (['ul', 'ol', 'dl', 'table', 'tr', 'thead', 'tbody', 'tfoot', 'colgroup', 'select'].includes(parent)) return [flagged(element, element.children)];
  return [wrap([element])];
}

/** Nodes with every `id` (and `for`) removed, deeply: deleted content must not take the new page's ids. */
function withoutIds(nodes: ElementContent[]): ElementContent[] {
  return nodes.map((node) => {
    if (node.type !== 'element') return node;
    const { id: _id, htmlFor: _for, ...properties } = node.properties;
    return { ...node, properties, children: withoutIds(node.children) };
  });
}

/** An element's classes. */
function classes(element: Element): string[] {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? (value as string).split(/\s+/) : [];
}
