// A push usually changes a page in one place, and micromark parses about 300 KB a second: the
// largest page of the corpus (64 KB) takes 200 ms to parse, most of its render. So the last parse
// of each large page is remembered, and a new version of it re-parses only the changed part: from
// the last top-level ATX heading before its first changed character to the first top-level ATX
// heading in its unchanged end. The root blocks before and after are copied from the remembered
// tree (those after moved by the lines and characters the change added). This gives the very tree
// a full parse gives, positions included, because:
// - a top-level ATX heading closes every open block, so what follows it parses the same whatever
//   came before (its line starts a block at the document's root);
// - the heading that resumes the old blocks is checked to come out of the changed part as a
//   top-level heading (a fence or JSX element the change left open fails that, and the rest is
//   parsed again);
// - blocks depend on text elsewhere only through definitions: a link reference or footnote call
//   resolves against definitions anywhere in the page, so a page with anything like a definition
//   (`]:`) is always parsed whole.
// tests/incremental-parse-corpus.test.ts checks it on every large page of the corpus, edited in
// several places.
import type { Root, RootContent } from 'mdast';
import { MDX_READING, parsePage, type PageReading, type ParsedPage } from './parse.js';

/** Smaller pages parse in a few milliseconds: they are parsed whole and not remembered. */
export const MIN_REMEMBERED_BYTES = 16_384;
/** How many pages each thread remembers (the ones pushed lately; each holds a tree of its page). */
const REMEMBERED_PAGES = 8;

/** One remembered parse: the source and a tree nobody else holds (renders change theirs in place). */
interface Remembered {
  source: string;
  tree: Root;
}

/** The last parse of each large page, by file; least recently parsed first out. */
const remembered = new Map<string, Remembered>();

/** How many parses of large pages kept blocks of their last version (`ends`: the blocks after the change too), and how many could not. */
export const reuseCounts = { reused: 0, ends: 0, whole: 0 };

/**
 * Parses a page as `parsePage` does, re-parsing only the part after its last unchanged top-level
 * heading when the same file's last version was parsed here (see the top of this module). Pages read
 * otherwise than Docusaurus's default (`read`: CommonMark, comments kept) are always parsed whole.
 */
export function parsePageReusing(source: string, file: string, read: PageReading = MDX_READING): ParsedPage {
  const usual = read.mdx && read.comments && !read.math;
  if (!usual || source.length < MIN_REMEMBERED_BYTES || source.includes(']:')) return parsePage(source, file, read);
  const last = remembered.get(file);
  const reused = last && reuse(last, source, file);
  reuseCounts[reused ? 'reused' : 'whole']++;
  const parsed = reused ?? parsePage(source, file);
  remembered.delete(file);
  if (!parsed.mdxError) {
    remembered.set(file, { source, tree: copyTree(parsed.tree) });
    if (remembered.size > REMEMBERED_PAGES) remembered.delete(remembered.keys().next().value!);
  }
  return parsed;
}

/** Forgets every remembered parse (tests). */
export function forgetParses(): void {
  remembered.clear();
}

/** The new version's tree from the remembered one, or undefined when no part of it can be kept. */
function reuse(last: Remembered, source: string, file: string): ParsedPage | undefined {
  const old = last.source;
  let same = 0;
  const limit = Math.min(source.length, old.length);
  while (same < limit && source.charCodeAt(same) === old.charCodeAt(same)) same++;
  const children = last.tree.children;
  // The last top-level ATX heading that starts within the unchanged beginning, after some block.
  let cut = children.length - 1;
  while (cut > 0 && !(isAtxHeading(children[cut], old) && children[cut].position!.start.offset! <= same)) cut--;
  if (cut === 0) return undefined;
  const from = children[cut].position!.start;

  // The first top-level ATX heading after the change whose line (and the line break before it) is
  // in the unchanged end: the blocks from there on are kept too, moved by what the change added.
  let tail = 0;
  while (tail < limit - same && source.charCodeAt(source.length - 1 - tail) === old.charCodeAt(old.length - 1 - tail)) tail++;
  let resume = cut + 1;
  while (resume < children.length && !(isAtxHeading(children[resume], old) && children[resume].position!.start.offset! > old.length - tail)) resume++;
  const moved = source.length - old.length;
  const resumeAt = resume < children.length ? children[resume].position!.start.offset! + moved : source.length;

  // The changed part, parsed up to the end of the kept heading's line: that heading must come out
  // of it as a top-level heading, or the change left something open (a fence, a JSX element) and
  // the rest is parsed too.
  const parseFromCut = (to: number): Root | undefined => {
    const part = parsePage(source.slice(from.offset, to), file);
    if (part.mdxError) return undefined;
    shift(part.tree as unknown as Record<string, unknown>, from.line - 1, from.offset!);
    return part.tree;
  };
  const lineEnd = resume < children.length ? source.indexOf('\n', resumeAt) : -1;
  let changed = parseFromCut(lineEnd < 0 ? source.length : lineEnd);
  if (!changed) return undefined;
  let middle = changed.children;
  let kept: RootContent[] = [];
  let end = changed.position!.end;
  const heading = middle.at(-1);
  if (resume < children.length && heading?.type === 'heading' && heading.position!.start.offset === resumeAt) {
    middle = middle.slice(0, -1);
    kept = copyTree(children.slice(resume));
    const lines = heading.position!.start.line - children[resume].position!.start.line;
    for (const node of kept) shift(node as unknown as Record<string, unknown>, lines, moved);
    // The page ends in the unchanged end too: where the old one ended, moved.
    end = { ...last.tree.position!.end };
    movePoint(end, lines, moved);
    reuseCounts.ends++;
  } else if (lineEnd >= 0) {
    changed = parseFromCut(source.length);
    if (!changed) return undefined;
    middle = changed.children;
    end = changed.position!.end;
  }
  const tree: Root = {
    type: 'root',
    children: [...copyTree(children.slice(0, cut)), ...middle, ...kept],
    position: { start: { line: 1, column: 1, offset: 0 }, end },
  };
  return { tree };
}

/**
 * A deep copy of a syntax tree: the renderer changes the tree it is given, and the remembered one
 * must stay as parsed. Plain objects and arrays are copied by hand, five times faster than
 * `structuredClone` (0.6 against 3.2 ms for the largest corpus page, copied twice a render);
 * anything else (acorn's nodes in MDX expressions) goes through `structuredClone`, as before.
 */
function copyTree<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyTree) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyTree((value as Record<string, unknown>)[key]);
  return copy as T;
}

/** Whether a root block is an ATX heading (`## Title`) starting a line: one that closes every block before it. */
function isAtxHeading(node: RootContent, source: string): boolean {
  const start = node.position?.start;
  return node.type === 'heading' && start?.offset !== undefined && start.column === 1 && source[start.offset] === '#';
}

/** A point of a position (mdast's, or an estree `loc`'s). */
interface Point {
  line: number;
  column: number;
  offset?: number;
}

/**
 * Moves the positions of a tree parsed from a slice of the page to where the slice starts: by
 * `lines` lines and `offset` characters (columns stay: the slice starts a line). Covers mdast
 * positions, MDX attributes and the estree of MDX expressions (`start`, `end`, `range`, `loc`).
 */
function shift(node: Record<string, unknown>, lines: number, offset: number): void {
  const position = node.position as { start: Point; end: Point } | undefined;
  if (position) {
    movePoint(position.start, lines, offset);
    movePoint(position.end, lines, offset);
  }
  const estree = (node.data as { estree?: unknown } | undefined)?.estree;
  if (estree) shiftEstree(estree, lines, offset);
  for (const key of ['children', 'attributes'] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) shift(child, lines, offset);
  }
  // An attribute's value may be an expression with its own estree.
  if (node.value !== null && typeof node.value === 'object') shift(node.value as Record<string, unknown>, lines, offset);
}

/** Moves every offset (`start`, `end`, `range`) and line (`loc`) of an estree program. */
function shiftEstree(node: unknown, lines: number, offset: number): void {
  if (Array.isArray(node)) {
    for (const item of node) shiftEstree(item, lines, offset);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if ((key === 'start' || key === 'end') && typeof value === 'number') record[key] = value + offset;
    else if (key === 'range' && Array.isArray(value) && typeof value[0] === 'number') record[key] = [value[0] + offset, value[1] + offset];
    else if (key === 'loc' && value !== null && typeof value === 'object') {
      const loc = value as { start: Point; end: Point };
      movePoint(loc.start, lines, offset);
      movePoint(loc.end, lines, offset);
    } else shiftEstree(value, lines, offset);
  }
}

/** Moves one point by `lines` and, when it has one, its offset by `offset`. */
function movePoint(point: Point, lines: number, offset: number): void {
  point.line += lines;
  if (point.offset !== undefined) point.offset += offset;
}
