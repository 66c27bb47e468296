// The front matter fields two versions of a page differ in (title, tags, sidebar position...),
// listed at the top of its rendered diff: they change how a page is found and placed, and
// most do not show in its body.
import { stringify } from 'yaml';

/** One front matter field that differs: its values before and after, as YAML; null when absent. */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** The fields readers notice first; the rest follow by name. */
const FIRST = ['title', 'sidebar_label', 'sidebar_position', 'slug', 'id', 'description', 'tags', 'keywords', 'unlisted', 'draft'];

/** The fields that differ between two front matter objects, the best-known first. */
export function diffFrontMatter(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rank = (field: string) => (FIRST.includes(field) ? FIRST.indexOf(field) : FIRST.length);
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}

/** A value as one short line of YAML (flow style for lists and maps), null when absent. */
function show(value: unknown): string | null {
  if (value === undefined) return null;
  const text = typeof value === 'string' ? value : stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim();
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
