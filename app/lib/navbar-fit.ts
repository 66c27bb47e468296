// The navbar never hides a section (issue 36): from 996 px up, the sections that do not fit move,
// last first, into a "More" menu. CSS alone decides which (container queries on the sections'
// strip), so it works without JavaScript; the widths the queries compare with are estimated here,
// from each label's length, a little wide so that a label is moved rather than cut (wider still
// with a brand font).

/** What the estimate reads of a section: its label, and whether it opens a menu (a marker follows it). */
export interface FitItem {
  label: string;
  menu: boolean;
}

/** Pixels per character of a 0.9rem system sans-serif label, rounded up (wide letters included). */
const CHAR_PX = 8.6;
/** The gap between two sections (0.8rem), the focus-ring padding, and a menu's marker. */
const GAP_PX = 14;
const MARKER_PX = 16;
/** The "More" menu's own width. */
const MORE_PX = 70;
/**
 * How much wider than the system's a brand font (docsite.yaml `fonts`, use `text`) may draw the
 * labels: the width of a font the server does not measure is not known, so the estimate keeps a
 * margin (upstream's Open Sans is narrower than the system sans the estimate is made for).
 */
const BRAND_FONT_SCALE = 1.12;

/** The estimated width one section takes in the strip, gap included. */
function widthOf(item: FitItem, scale: number): number {
  return Math.ceil(item.label.length * CHAR_PX * scale + GAP_PX + (item.menu ? MARKER_PX : 0));
}

/**
 * The CSS that shows the sections that fit in the strip and moves the others into "More": item `k`
 * is hidden in the strip (and shown in the menu) below the width items 0..k and the menu need, and
 * no item is hidden where all of them fit.
 */
export function fitCss(items: readonly FitItem[], opts: { brandFont?: boolean } = {}): string {
  const scale = opts.brandFont ? BRAND_FONT_SCALE : 1;
  const ends: number[] = [];
  let total = 0;
  for (const item of items) ends.push((total += widthOf(item, scale)));
  const rules = [`@container sections (max-width: ${total - 1}px) { .navbar-more { display: block; } }`];
  items.forEach((_, k) => {
    const below = Math.min(ends[k] + MORE_PX, total);
    rules.push(`@container sections (max-width: ${below - 1}px) { .navbar-sections .nav-i${k} { display: none; } .navbar-more .more-i${k} { display: list-item; } }`);
  });
  return rules.join('\n');
}
