import { z } from 'zod';
import { siteConfigSchema } from '../content/site-config.js';

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (draft 2020-12) of docsite.yaml, derived from the zod schema that validates it,
 * so editors and the server never disagree. Published as docs/docsite.schema.json and served at
 * /api/schema/docsite.json.
 */
export function siteConfigJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'docsite.yaml',
    description: 'Site configuration of a docsite content repository (docs/content-repository.md).',
    ...toJsonSchema(siteConfigSchema),
  };
}

/** Converts the zod kinds the configuration uses; anything else becomes an open schema. */
function toJsonSchema(schema: z.ZodTypeAny): JsonSchema {
  const described = (out: JsonSchema) => (schema.description ? { description: schema.description, ...out } : out);
  if (schema instanceof z.ZodDefault) return { ...toJsonSchema(schema._def.innerType), default: schema._def.defaultValue() };
  if (schema instanceof z.ZodOptional) return toJsonSchema(schema.unwrap());
  if (schema instanceof z.ZodEffects) return toJsonSchema(schema.innerType());
  if (schema instanceof z.ZodString) {
    const out: JsonSchema = { type: 'string' };
    for (const check of schema._def.checks) {
      if (check.kind === 'regex') out.pattern = check.regex.source;
      if (check.kind === 'min') out.minLength = check.value;
    }
    return described(out);
  }
  if (schema instanceof z.ZodNumber) return described({ type: 'number' });
  if (schema instanceof z.ZodBoolean) return described({ type: 'boolean' });
  if (schema instanceof z.ZodEnum) return described({ enum: schema.options });
  if (schema instanceof z.ZodArray) return described({ type: 'array', items: toJsonSchema(schema.element) });
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const required = Object.entries(shape)
      .filter(([, field]) => !field.isOptional())
      .map(([key]) => key);
    return described({
      type: 'object',
      properties: Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, toJsonSchema(field)])),
      ...(required.length ? { required } : {}),
      ...(schema._def.unknownKeys === 'strict' ? { additionalProperties: false } : {}),
    });
  }
  return described({});
}
