import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { siteConfigSchema } from '../config/site-config.js';

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
    notIndexed: z
      .array(z.string())
      .optional()
      .describe(
        'What was not searched because its index is still being built, in words: a docs instance or a blog left out, or, on a first start, how many pages of one are found by their title only until their text is indexed; ask again in a moment for every match.',
      ),
    total: z.number().int().min(0).describe('How many pages and blog posts match, in all sections.'),
    sections: z
      .array(z.object({ name: z.string(), label: z.string(), count: z.number().int() }))
      .describe("Each sidebar with matches, then each blog (`blog`, or `blog-{id}`, labelled with the blog's title), and how many: the values of `section`."),
    results: z.array(
      z.object({
        title: z.string().describe('The page or post title.'),
        url: z.string().describe('The page on the searched ref, with `#anchor` when the best match is in a section.'),
        anchor: z.string().nullable().describe('The id of the best-matching heading, null for the top of the page.'),
        heading: z.string().nullable().describe("That heading's text."),
        breadcrumb: z.array(z.string()).describe('The sidebar categories above the page, outermost first; for a blog post, its date (`January 10, 2024`).'),
        section: z.object({ name: z.string(), label: z.string() }).nullable().describe('The sidebar the page belongs to, or the blog of a post.'),
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

/** What `GET /api/links` answers (server/site/views/links.ts), as a zod schema: its JSON Schema is generated from it and tests check answers against it. */
export const linksAnswerSchema = z
  .object({
    version: z.string().nullable().describe('The version checked, or null for a branch or commit.'),
    branch: z.string().nullable().describe('The branch or tag checked (`~name`), or null.'),
    commit: z.string().describe('The commit checked.'),
    pages: z.number().int().min(0).describe('How many pages the commit has.'),
    links: z.number().int().min(0).describe('Every link and image found in the pages (Markdown, and literal `href`, `to` and `src` of JSX elements).'),
    external: z.number().int().min(0).describe('Links to other sites: not checked.'),
    outside: z.number().int().min(0).describe('Links to pages of this site that are not docs (the landing page, the API): not checked.'),
    brokenCount: z.number().int().min(0).describe('How many links are broken: the length of `broken`.'),
    broken: z
      .array(
        z.object({
          source: z.string().describe("The page's file in the repository."),
          permalink: z.string().describe("The page's URL on the checked ref."),
          line: z.number().int().describe('The line of the link in the file (1-based; front matter included).'),
          url: z.string().describe('The URL as written.'),
          reason: z.string().describe('What is missing: `no page /general/x`, `no page file ./x.md`, `no heading #y on /general/x`, `no file ./x.png in the docs folder`.'),
        }),
      )
      .describe('Every broken link, by page (in path order) and in source order.'),
    unknownComponents: z
      .array(
        z.object({
          source: z.string().describe("The page's file in the repository."),
          permalink: z.string().describe("The page's URL on the checked ref."),
          line: z.number().int().describe('The line of the element in the file (1-based; front matter included).'),
          name: z.string().describe('The component as written, e.g. `ReleaseStateSummary`.'),
        }),
      )
      .describe('Every use of a component this site does not know, in page and source order: readers see its content alone, a preview shows a note.'),
    problems: z
      .array(
        z.object({
          code: z.string().describe('What kind of problem: `site-config` (docusaurus.config or docsite.yaml), `sidebars`, `front-matter`, `category`, `data-file`...'),
          file: z.string().describe('The file in the repository.'),
          line: z.number().int().optional().describe('The line, when known (1-based).'),
          column: z.number().int().optional().describe('The column, when known (1-based).'),
          message: z.string().describe('What is wrong, for the author.'),
        }),
      )
      .describe(
        'What else an author should fix in the commit: its docusaurus.config (a failure, a value docsite cannot show, a package it does not have), sidebars, front matter and data files. Pages still serve: each falls back to what it can show.',
      ),
  })
  .strict();

/** The JSON Schema of the link report API's answer: docs/links.schema.json, served at /api/schema/links.json. */
export function linksAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _draft, ...schema } = zodToJsonSchema(linksAnswerSchema, { target: 'jsonSchema2019-09', $refStrategy: 'none' }) as Record<string, unknown>;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'GET /api/links',
    description: 'The answer of the link report API (README "Links and anchors").',
    ...schema,
  };
}

/** A reference to one side of a comparison. */
const comparedRef = z.object({
  label: z.string().describe('The ref in words: `version 4.4`, `branch feature/x`, `commit abc1234`, `the merge base with main (abc1234)`.'),
  commit: z.string().describe('The commit compared.'),
  url: z.string().describe('The URL prefix of its pages (`/general/~feature%2Fx`, `/general/@abc1234`).'),
});

/** What `GET /api/changes` answers (server/site/views/changes.ts), as a zod schema: its JSON Schema is generated from it and tests check answers against it. */
export const changesAnswerSchema = z
  .object({
    ref: comparedRef.describe('The ref reviewed (`ref`).'),
    base: comparedRef.describe("What it is compared with (`base`, else: a branch's merge base with the default branch, a version's previous version, a commit's parent)."),
    counts: z.object({ added: z.number().int(), modified: z.number().int(), removed: z.number().int(), renamed: z.number().int() }).describe('Pages by status, in all.'),
    truncated: z.boolean().describe('True when more than 1000 pages changed and only the first 1000 are listed.'),
    pages: z.array(
      z.object({
        status: z.enum(['added', 'modified', 'removed', 'renamed']),
        title: z.string().describe('The page title (on the base for a removed page).'),
        url: z.string().describe('The page on the reviewed ref (on the base for a removed page).'),
        diffUrl: z.string().describe('Its rendered diff.'),
        path: z.string().describe('Its file in the repository (on the base for a removed page).'),
        oldPath: z.string().nullable().describe('For a rename: its file on the base.'),
        similarity: z.number().min(0).max(1).nullable().describe('For a rename: the share of the file that is unchanged.'),
        unknownComponents: z
          .array(z.object({ name: z.string(), line: z.number().int() }))
          .describe('Components on the page (on the reviewed ref) this site does not know, with their lines: readers see their content alone.'),
        failedComponents: z
          .array(z.object({ line: z.number().int().nullable(), message: z.string() }))
          .describe("The site's own components on the page that failed in the sandbox, with their lines and why: readers see their content alone."),
      }),
    ),
    navigation: z
      .array(
        z.object({
          status: z.enum(['added', 'modified', 'removed', 'renamed']),
          kind: z.enum(['sidebars', 'category', 'site-config']),
          path: z.string(),
          oldPath: z.string().nullable(),
        }),
      )
      .describe('Changed files that shape navigation: the sidebars file, `_category_` files, docsite.yaml.'),
    moved: z
      .array(z.object({ title: z.string(), url: z.string(), from: z.string().nullable(), to: z.string().nullable() }))
      .describe('Pages in both refs whose place in the sidebars changed (`Sidebar › Category › Label`; null: in no sidebar).'),
    posts: z
      .array(
        z.object({
          blog: z.string().describe("The blog's id (`default` for the classic preset's blog)."),
          status: z.enum(['added', 'modified', 'removed', 'renamed']),
          title: z.string().describe('The post title (on the base for a removed post).'),
          url: z.string().describe('The post on the reviewed ref (`/blog/~feature%2Fx/2024/01/10/welcome`; on the base for a removed post).'),
          diffUrl: z.string().describe('Its rendered diff (`?diff`).'),
          path: z.string().describe('Its file in the repository (on the base for a removed post).'),
          oldPath: z.string().nullable().describe('For a rename: its file on the base.'),
        }),
      )
      .describe("The blogs' posts (listed and unlisted; drafts are not published) changed between the same two commits, at most 1000 per blog."),
  })
  .strict();

/** The JSON Schema of the changes API's answer: docs/changes.schema.json, served at /api/schema/changes.json. */
export function changesAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _draft, ...schema } = zodToJsonSchema(changesAnswerSchema, { target: 'jsonSchema2019-09', $refStrategy: 'none' }) as Record<string, unknown>;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'GET /api/changes', description: 'The answer of the changes API (README "Content API").', ...schema };
}

/** What `GET /api/blog` answers (server/site/views/blog-api.ts), as a zod schema: its JSON Schema is generated from it and tests check answers against it. */
export const blogAnswerSchema = z
  .object({
    blog: z
      .object({
        id: z.string().describe('The blog instance (`default`, or the `id` of a blog plugin).'),
        title: z.string().describe('`blogTitle`.'),
        description: z.string().describe('`blogDescription`.'),
        url: z.string().describe('The blog on the ref read: `/blog`, `/blog/~branch`, `/blog/@commit`.'),
        commit: z.string().describe('The commit read.'),
      })
      .strict(),
    posts: z
      .array(
        z
          .object({
            title: z.string(),
            url: z.string().describe("The post's URL on the ref read; its Markdown is this URL followed by `.md`."),
            date: z.string().datetime().describe('ISO 8601, from the file or folder name, the front matter or the first commit of the file.'),
            description: z.string().describe('Front matter `description`, else the first line of text.'),
            readingTime: z.number().min(0).nullable().describe('Minutes, as Docusaurus computes them; null when the blog shows none.'),
            truncated: z.boolean().describe('True when the post has a truncation marker: list pages show it up to there.'),
            authors: z.array(
              z
                .object({
                  name: z.string().nullable(),
                  title: z.string().nullable(),
                  url: z.string().nullable(),
                  imageURL: z.string().nullable(),
                  page: z.string().nullable().describe("The author's page on the blog, when `authors.yml` gives them one."),
                })
                .strict(),
            ),
            tags: z.array(z.object({ label: z.string(), url: z.string() }).strict()),
            source: z.string().describe("The post's file in the repository."),
          })
          .strict(),
      )
      .describe('Listed posts, newest first (or in the order `sortPosts` asks): drafts and unlisted posts are not listed.'),
    tags: z
      .array(z.object({ label: z.string(), url: z.string(), count: z.number().int().min(0) }).strict())
      .describe('Every tag of a listed post, with its page and how many posts it has.'),
    authors: z
      .array(z.object({ name: z.string().nullable(), url: z.string(), count: z.number().int().min(0) }).strict())
      .describe('Every author with a page, with how many posts they wrote.'),
    problems: z.array(z.string()).describe('What an author should fix in the blog (`file:line: message`): front matter, `authors.yml`, `tags.yml`. The posts still serve.'),
  })
  .strict();

/** The JSON Schema of the blog API's answer: docs/blog.schema.json, served at /api/schema/blog.json. */
export function blogAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _draft, ...schema } = zodToJsonSchema(blogAnswerSchema, { target: 'jsonSchema2019-09', $refStrategy: 'none' }) as Record<string, unknown>;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'GET /api/blog', description: 'The answer of the blog API (README "Content API").', ...schema };
}
