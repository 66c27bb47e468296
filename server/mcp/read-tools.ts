// The tools that read the docs' text: search and one page (decision 037). Each reads the very URL a
// reader would (`/api/search?…`, `{page}.md`), so answers match the site's, ref for ref.
import { z } from 'zod';
import { agentPageView, agentPostView, apiSearch, isHttpError, MAX_QUERY_CHARS } from '../site/index.js';
import { instance, offset, pageInstance, ref } from './inputs.js';
import { ownerOfVersion } from './instances.js';
import { isPostUrl, pageMarkdownUrl } from './page-url.js';
import { sliceText } from './paging.js';
import { tool, type Reading } from './tool.js';

/** The most redirects `get_page` follows (a renamed page, a version root, a `<Redirect>` page). */
const MAX_REDIRECTS = 3;

export const searchDocs = tool({
  name: 'search_docs',
  title: 'Search the docs',
  description:
    "Full-text search of the documentation (the same engine and ranking as the site's search box). With no instance it searches the whole site: every docs instance (each at its last version, or every one at ref when ref is a branch or commit) and the blog's posts when the site has one (section \"blog\"), ranked together and grouped in sections as the site's search page groups them; instance narrows it to one docs instance (and its blog posts). Use it first to find which pages or posts talk about something; then read one with get_page. Results: title, URL, the matched heading and a snippet, best first.",
  input: {
    query: z.string().min(1).max(MAX_QUERY_CHARS).describe(`Words to search for (up to ${MAX_QUERY_CHARS} characters), e.g. "privacy provider" or "external function".`),
    ref,
    instance,
    section: z.string().min(1).max(100).optional().describe('Only results in this sidebar, or "blog" for blog posts (the name given in results\' section).'),
    limit: z.number().int().min(1).max(50).optional().describe('How many results (1 to 50). Default 10.'),
    offset,
  },
  async run({ query, ref, instance, section, limit = 10, offset = 0 }, reading: Reading) {
    const params = new URLSearchParams({ q: query, limit: String(limit), offset: String(offset) });
    if (ref) params.set('ref', ref);
    // No instance: the whole site, as the navbar's search box means it; a version name is read in the instance that has it.
    const reads = instance ?? ownerOfVersion(reading.snapshot, ref);
    if (reads) params.set('instance', reads);
    if (!instance) params.set('scope', 'all');
    if (section) params.set('section', section);
    const answer = await reading.read(`/api/search?${params}`, apiSearch);
    const next = offset + answer.results.length;
    return {
      query: answer.query,
      scope: answer.scope,
      commit: answer.commit,
      ...(answer.stale && { note: 'The newest commit of this ref is still being indexed: these results are from its previous indexed commit.' }),
      ...(answer.notIndexed?.length && {
        notIndexed: answer.notIndexed,
        noteNotIndexed: 'These are still being indexed: what they leave out is found by its title only, or not at all, until then; ask again in a moment for every match.',
      }),
      total: answer.total,
      offset,
      nextOffset: next < answer.total && answer.results.length ? next : null,
      sections: answer.sections,
      results: answer.results.map((result) => ({
        title: result.title,
        url: reading.origin + result.url,
        heading: result.heading,
        breadcrumb: result.breadcrumb,
        section: result.section?.name ?? null,
        snippet: result.snippet.text,
      })),
    };
  },
});

export const getPage = tool({
  name: 'get_page',
  title: 'Read a page',
  description:
    'One documentation page or blog post as Markdown (what its .md URL serves), with its title, URL, last update (a post: its date and authors) and table of contents. Give the page by its URL, its path ("/docs/apis/commonfiles") or its path under the docs ("apis/commonfiles"), a post by its URL ("/blog/2024/01/10/welcome"), as search_docs, list_pages and list_posts return them; with ref, the same page at another version, branch or commit (a post: a branch or commit). Long pages come in parts: call again with offset = nextOffset.',
  input: {
    path_or_url: z.string().min(1).max(2000).describe('The page: a URL or path from search_docs, list_pages or list_posts, or a path under the docs such as "apis/commonfiles".'),
    ref,
    instance: pageInstance,
    offset: offset.describe('Where to go on from in the Markdown: the nextOffset of the previous part. Default 0.'),
  },
  async run({ path_or_url, ref, instance, offset = 0 }, reading: Reading) {
    let url = pageMarkdownUrl(reading.snapshot, { path: path_or_url, ref, instance });
    for (let hops = 0; ; hops++) {
      try {
        const page: { markdown: string } = isPostUrl(reading.snapshot, url) ? await reading.read(url, agentPostView) : await reading.read(url, agentPageView);
        const part = sliceText(page.markdown, offset);
        const { markdown, ...about } = page;
        return { ...about, characters: part.total, offset: part.offset, nextOffset: part.nextOffset, markdown: part.text };
      } catch (error) {
        // Moved (renamed in git, another version, a `<Redirect>` page): read it where it went, on this site only.
        const location = isHttpError(error) && error.location?.startsWith('/') && !error.location.startsWith('//') ? error.location : undefined;
        if (!location || hops >= MAX_REDIRECTS) throw error;
        url = location.endsWith('.md') ? location : pageMarkdownUrl(reading.snapshot, { path: location });
      }
    }
  },
});
