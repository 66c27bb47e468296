import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blogAnswerJsonSchema, changesAnswerJsonSchema, linksAnswerJsonSchema, searchAnswerJsonSchema, siteConfigJsonSchema } from './schema.js';

const published = 'docs/docsite.schema.json';

describe('the JSON Schema of docsite.yaml', () => {
  it('is published in docs/ exactly as generated from the zod schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const generated = JSON.stringify(siteConfigJsonSchema(), null, 2) + '\n';
    if (process.env.UPDATE_SCHEMA === '1') fs.writeFileSync(published, generated);
    expect(fs.readFileSync(published, 'utf8')).toBe(generated);
  });

  it('describes the version metadata with Docusaurus names and closed enums', () => {
    const schema = siteConfigJsonSchema() as { properties: { versions: { items: { properties: Record<string, { enum?: string[] }>; additionalProperties?: boolean } } } };
    const version = schema.properties.versions.items;
    expect(Object.keys(version.properties)).toEqual(
      expect.arrayContaining(['name', 'ref', 'pluginId', 'version', 'label', 'banner', 'badge', 'noIndex', 'className', 'isLast', 'docsSidebars']),
    );
    expect(version.properties.banner.enum).toEqual(['none', 'unreleased', 'unmaintained']);
  });
});

describe('the JSON Schema of the search API', () => {
  it('is published in docs/ exactly as generated from the zod schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(searchAnswerJsonSchema(), null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA === '1') fs.writeFileSync('docs/search.schema.json', generated);
    expect(fs.readFileSync('docs/search.schema.json', 'utf8')).toBe(generated);
  });
});

describe('the JSON Schema of the link report API', () => {
  it('is published in docs/ exactly as generated from the zod schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(linksAnswerJsonSchema(), null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA === '1') fs.writeFileSync('docs/links.schema.json', generated);
    expect(fs.readFileSync('docs/links.schema.json', 'utf8')).toBe(generated);
  });
});

describe('the JSON Schema of the changes API', () => {
  it('is published in docs/ exactly as generated from the zod schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(changesAnswerJsonSchema(), null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA === '1') fs.writeFileSync('docs/changes.schema.json', generated);
    expect(fs.readFileSync('docs/changes.schema.json', 'utf8')).toBe(generated);
  });
});

describe('the JSON Schema of the blog API', () => {
  it('is published in docs/ exactly as generated from the zod schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(blogAnswerJsonSchema(), null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA === '1') fs.writeFileSync('docs/blog.schema.json', generated);
    expect(fs.readFileSync('docs/blog.schema.json', 'utf8')).toBe(generated);
  });
});
