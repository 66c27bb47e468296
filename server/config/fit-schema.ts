// Fits a value computed by a site's own code (its docusaurus.config) to one of our zod schemas,
// value by value, as Docusaurus validates its config key by key: keys the schema does not know are
// left out silently (a Docusaurus config has many docsite has no use for), and each value that
// still does not fit (a navbar item of a type docsite does not show, a logo it cannot draw) is left
// out and reported, so that its default stands in. One odd value never costs the rest.
import { z } from 'zod';

/** Reports a value left out, at its path, with why and the value itself. */
export type Report = (path: (string | number)[], message: string, value: unknown) => void;

/** How many values may be left out of one input before the rest is given up (a value that cannot be fitted at all). */
const MAX_DROPS = 200;

/** The schema a wrapper (optional, default, effects, nullable, lazy) stands for. */
function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  const def = schema._def as { innerType?: z.ZodTypeAny; schema?: z.ZodTypeAny; getter?: () => z.ZodTypeAny };
  if (schema instanceof z.ZodLazy) return unwrap(schema.schema);
  const inner = def.innerType ?? def.schema;
  return inner ? unwrap(inner) : schema;
}

/** True for a plain object (not an array, not null). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` with what `schema` does not know left out, recursively (unions pruned for the option the value fits). */
function prune(value: unknown, schema: z.ZodTypeAny): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject && isRecord(value)) {
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // Keys that would reach a prototype never come from repository code into our objects.
      if (!Object.hasOwn(shape, key) || item === undefined || item === null || key === '__proto__') continue;
      out[key] = prune(item, shape[key]);
    }
    return out;
  }
  if (inner instanceof z.ZodRecord && isRecord(value)) {
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (key === '__proto__' ? [] : [[key, prune(item, inner.valueSchema)]])));
  }
  if (inner instanceof z.ZodArray && Array.isArray(value)) return value.map((item) => prune(item, inner.element));
  if (inner instanceof z.ZodUnion) {
    const options = inner.options as z.ZodTypeAny[];
    // A list goes to the union's list form; else the first option the value fits once pruned for it
    // (navbar items are told apart by `type`), else the first object option, so its keys are checked one by one.
    const list = Array.isArray(value) ? options.find((option) => unwrap(option) instanceof z.ZodArray) : undefined;
    if (list) return prune(value, list);
    for (const option of options) {
      const pruned = prune(value, option);
      if (option.safeParse(pruned).success) return pruned;
    }
    return value;
  }
  return value;
}

/** The value at `path` in `root`. */
function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const key of path) value = isRecord(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[key] : undefined;
  return value;
}

/** `root` with the value at `path` taken out (a list item spliced out), copying only what is on the way. */
function without(root: unknown, path: readonly (string | number)[]): unknown {
  if (!path.length) return undefined;
  const [key, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length) copy[key as number] = without(copy[key as number], rest);
    else copy.splice(key as number, 1);
    return copy;
  }
  if (!isRecord(root)) return root;
  const copy = { ...root };
  if (rest.length) copy[key] = without(copy[key], rest);
  else delete copy[key];
  return copy;
}

/**
 * A path of the value being fitted as it was in the input: list items left out before shifted the
 * later ones down, so a report names the item the author wrote (`navbar.items.5`, not `.4`).
 */
function originalPath(path: readonly (string | number)[], removed: ReadonlyMap<string, number[]>): (string | number)[] {
  const original: (string | number)[] = [];
  for (const key of path) {
    if (typeof key !== 'number') {
      original.push(key);
      continue;
    }
    let index = key;
    for (const gone of removed.get(JSON.stringify(original)) ?? []) if (gone <= index) index++;
    original.push(index);
  }
  return original;
}

/**
 * The issue that says what is wrong, inside a union the value fit none of: the form it came closest
 * to (one whose kind, a `type` literal, it has), its first mistake deepest in it. A list of docs
 * instances is wrong in one instance's value, not as a whole; a navbar item of a kind docsite has
 * no form for is wrong as a whole.
 */
function closestIssue(issue: z.ZodIssue): z.ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const deepest = issue.unionErrors
    .filter((error) => !error.issues.some((inner) => inner.code === 'invalid_literal'))
    .map((error) => closestIssue(error.issues[0]))
    .filter((inner): inner is z.ZodIssue => inner !== undefined)
    .sort((a, b) => b.path.length - a.path.length)[0];
  return deepest && deepest.path.length > issue.path.length ? deepest : { ...issue, message: 'not a form docsite shows' };
}

/** What an issue says. */
function messageOf(issue: z.ZodIssue): string {
  return issue.message;
}

/**
 * What of `value` fits `schema`: unknown keys left out silently, then each value the schema refuses
 * left out and reported (a required value that is missing takes the object holding it), until
 * what remains is valid input: parsing it applies the schema's defaults to what was left out.
 */
export function fitSchema<T extends z.ZodTypeAny>(value: unknown, schema: T, report: Report): z.input<T> {
  let current = prune(value, schema);
  const removed = new Map<string, number[]>();
  // What was left out, by path as it is now: an object that then misses it goes too, unreported (its value was).
  const left = new Set<string>();
  for (let drops = 0; drops < MAX_DROPS; drops++) {
    const result = schema.safeParse(current);
    if (result.success) return current as z.input<T>;
    const issue = closestIssue(result.error.issues[0]);
    const asked = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : [...issue.path];
    let path = asked;
    // A value that is not there cannot be left out: the object that needs it is.
    while (path.length && valueAt(current, path) === undefined) path = path.slice(0, -1);
    if (!path.length) break;
    const original = originalPath(path, removed);
    if (!left.has(JSON.stringify(asked))) report(original, messageOf(issue), valueAt(current, path));
    left.add(JSON.stringify(path));
    if (typeof original.at(-1) === 'number') {
      const list = removed.get(JSON.stringify(original.slice(0, -1))) ?? [];
      removed.set(
        JSON.stringify(original.slice(0, -1)),
        [...list, original.at(-1) as number].sort((a, b) => a - b),
      );
    }
    current = without(current, path);
  }
  report([], 'could not be fitted: every value of it is left out', value);
  return (isRecord(value) ? {} : undefined) as z.input<T>;
}
