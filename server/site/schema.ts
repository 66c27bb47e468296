import { zodToJsonSchema } from 'zod-to-json-schema';
import { siteConfigSchema } from '../content/site-config.js';

/**
 * The JSON Schema of docsite.yaml, generated from the zod schema that validates it (by
 * zod-to-json-schema), so editors and the server never disagree. Published as
 * docs/docsite.schema.json and served at /api/schema/docsite.json.
 */
export function siteConfigJsonSchema(): Record<string, unknown> {
  const { $schema: _draft, ...schema } = zodToJsonSchema(siteConfigSchema, { target: 'jsonSchema2019-09', $refStrategy: 'none', effectStrategy: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'docsite.yaml',
    description: 'Site configuration of a docsite content repository (docs/content-repository.md).',
    ...schema,
  };
}
