// Fits a value computed by a site's own code (its docusaurus.config) to one of our zod schemas: keys
// the schema does not know are left out (a Docusaurus config has many docsite has no use for), and a
// list item that still does not fit (a navbar item of a type docsite does not show) is left out and
// reported, so that one odd item never costs the rest of the configuration.
import { z } from 'zod';

/** Reports a value left out, at its path. */
export type Report = (path: (string | number)[], message: string) => void;

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

/** `value` with what `schema` does not know left out, recursively; list items that do not fit are reported. */
export function fitSchema(value: unknown, schema: z.ZodTypeAny, path: (string | number)[], report: Report): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject && isRecord(value)) {
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // Keys that would reach a prototype never come from repository code into our objects.
      if (!Object.hasOwn(shape, key) || item === undefined || item === null || key === '__proto__') continue;
      out[key] = fitSchema(item, shape[key], [...path, key], report);
    }
    return out;
  }
  if (inner instanceof z.ZodRecord && isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fitSchema(item, inner.valueSchema, [...path, key], report)]));
  }
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    const kept: unknown[] = [];
    value.forEach((item, index) => {
      const fitted = fitSchema(item, inner.element, [...path, index], report);
      const checked = inner.element.safeParse(fitted);
      if (checked.success) kept.push(fitted);
      else report([...path, index], checked.error.issues[0]?.message ?? 'not used');
    });
    return kept;
  }
  if (inner instanceof z.ZodUnion) {
    const options = inner.options as z.ZodTypeAny[];
    // A list goes to the union's list form, with its items reported one by one.
    const list = Array.isArray(value) ? options.find((option) => unwrap(option) instanceof z.ZodArray) : undefined;
    if (list) return fitSchema(value, list, path, report);
    // Else the first option the value fits once pruned for it (navbar items are told apart by `type`).
    for (const option of options) {
      const fitted = fitSchema(value, option, path, () => undefined);
      if (option.safeParse(fitted).success) return fitted;
    }
    return value;
  }
  return value;
}
