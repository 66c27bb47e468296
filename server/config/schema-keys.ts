// The keys a zod schema allows at a path of a YAML file, and the one nearest a mistyped key, so that
// "unknown key `tagLine`" can say "did you mean `tagline`".
import { z } from 'zod';

/** The object schemas that may stand at `path` of a value read by `schema` (several through a union). */
function objectsAt(schema: z.ZodTypeAny, path: readonly (string | number)[]): z.AnyZodObject[] {
  const def = schema._def as { innerType?: z.ZodTypeAny; schema?: z.ZodTypeAny; in?: z.ZodTypeAny };
  if (schema instanceof z.ZodObject) {
    if (!path.length) return [schema];
    const child = (schema.shape as Record<string, z.ZodTypeAny>)[String(path[0])];
    return child ? objectsAt(child, path.slice(1)) : [];
  }
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) return (schema.options as z.ZodTypeAny[]).flatMap((option) => objectsAt(option, path));
  if (schema instanceof z.ZodArray) return typeof path[0] === 'number' ? objectsAt(schema.element, path.slice(1)) : [];
  if (schema instanceof z.ZodRecord) return path.length ? objectsAt(schema.valueSchema, path.slice(1)) : [];
  if (schema instanceof z.ZodLazy) return objectsAt(schema.schema, path);
  if (schema instanceof z.ZodIntersection) return [...objectsAt(schema._def.left, path), ...objectsAt(schema._def.right, path)];
  // Optional, nullable, default, effects (refine, transform), pipelines: the schema they wrap.
  const inner = def.innerType ?? def.schema ?? def.in;
  return inner ? objectsAt(inner, path) : [];
}

/** The keys `schema` allows at `path`. */
export function allowedKeys(schema: z.ZodTypeAny, path: readonly (string | number)[]): string[] {
  return [...new Set(objectsAt(schema, path).flatMap((object) => Object.keys(object.shape)))];
}

/** The key of `keys` nearest `key` (the same letters in another case, or at most two edits away), if any. */
export function nearestKey(keys: readonly string[], key: string): string | undefined {
  const same = keys.find((candidate) => candidate.toLowerCase() === key.toLowerCase());
  if (same) return same;
  const limit = Math.min(2, Math.floor(key.length / 3));
  const scored = keys.map((candidate) => ({ candidate, distance: editDistance(key.toLowerCase(), candidate.toLowerCase()) }));
  const best = scored.filter(({ distance }) => distance <= limit).sort((a, b) => a.distance - b.distance)[0];
  return best?.candidate;
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}
