import { z } from 'zod';
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

/** What `GET /api/search` answers (server/site/views/search.ts), as a zod schema: its JSON Schema is generated from it and tests check answers against it. */
export const searchAnswerSchema = z
  .object({
    query: z.string().max(200).describe('The query as searched: control characters dropped, whitespace collapsed, cut at 200 characters.'),
    truncated: z.boolean().describe('True when the query was longer than 200 characters and was cut.'),
    scope: z.string().describe('What was searched, in words: `version Next`, `branch feature/x`, `commit abc1234`.'),
    commit: z.string().describe('The commit whose index answered.'),
    stale: z.boolean().describe("True when the ref's newest commit is still being indexed and its previous indexed commit answered."),
    building: z.boolean().describe('True when no index of the ref is ready yet (the API then answers 503 instead).'),
    total: z.number().int().min(0).describe('How many pages match, in all sections.'),
    sections: z.array(z.object({ name: z.string(), label: z.string(), count: z.number().int() })).describe('Each sidebar with matches, and how many: the values of `section`.'),
    results: z.array(
      z.object({
        title: z.string().describe('The page title.'),
        url: z.string().describe('The page on the searched ref, with `#anchor` when the best match is in a section.'),
        anchor: z.string().nullable().describe('The id of the best-matching heading, null for the top of the page.'),
        heading: z.string().nullable().describe("That heading's text."),
        breadcrumb: z.array(z.string()).describe('The sidebar categories above the page, outermost first.'),
        section: z.object({ name: z.string(), label: z.string() }).nullable().describe('The sidebar the page belongs to.'),
        snippet: z
          .object({ text: z.string(), highlights: z.array(z.tuple([z.number().int(), z.number().int()])).describe('[start, end) ranges of matched words in `text`.') })
          .describe('Text around the matched words.'),
        score: z.number().describe('The relevance score (higher is better); comparable within one answer only.'),
      }),
    ),
  })
  .strict();

/** The JSON Schema of the search API's answer: docs/search.schema.json, served at /api/schema/search.json. */
export function searchAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _draft, ...schema } = zodToJsonSchema(searchAnswerSchema, { target: 'jsonSchema2019-09', $refStrategy: 'none' }) as Record<string, unknown>;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'GET /api/search', description: 'The answer of the search API (README "Content API").', ...schema };
}
