// The docs as plain Markdown, for agents and tools: one page at `{page}.md` (or asked for with
// `Accept: text/markdown`), and a ref's `llms.txt` index and `llms-full.txt` (https://llmstxt.org).
import { docSetKey, type Doc, type DocSet } from '../../content/doc-set.js';
import type { SidebarItem } from '../../content/sidebars/types.js';
import { pageMarkdown } from '../../markdown/to-markdown.js';
import { llmsUrl, markdownUrl, MCP_PATH } from '../../urls.js';
import { openDocs, slugOfPermalink, type RequestContext } from '../request.js';
import { renderedDoc, renderOnRef } from './page.js';
import { siteOrigin } from './sitemap.js';
import { blogsOf } from '../blogs.js';
import { wholeSite } from '../work/whole-site.js';
import { shareTheLoop } from '../../main-thread.js';

/** `{page}.md`: the page the URL names as Markdown, with absolute links. */
export async function markdownView(context: RequestContext, requestOrigin: string): Promise<string> {
  const { opened, doc, rendered } = await renderedDoc(context, 'markdown');
  const origin = siteOrigin(context, requestOrigin);
  return pageMarkdown({ title: doc.title, html: rendered.html, url: origin + opened.href(doc.permalink) });
}

/**
 * A page as an agent reads it (the MCP tool `get_page`, decision 037): what `{page}.md` serves, with
 * its title, URLs, commit, last update and table of contents beside it.
 */
export async function agentPageView(context: RequestContext, requestOrigin: string) {
  const { opened, doc, rendered } = await renderedDoc(context, 'markdown');
  const { docSet, located } = opened;
  const origin = siteOrigin(context, requestOrigin);
  const url = origin + opened.href(doc.permalink);
  const updated = (await context.reads.lastUpdated(docSet)).get(doc.sourcePath);
  return {
    title: doc.title,
    url,
    markdownUrl: origin + markdownUrl(located.prefix, slugOfPermalink(docSet, doc.permalink)),
    commit: docSet.commit,
    lastUpdated: updated ? { date: new Date(updated.time).toISOString().slice(0, 10), author: updated.author } : null,
    toc: rendered.toc.map(({ id, text, depth }) => ({ level: depth, title: text, anchor: `#${id}` })),
    markdown: pageMarkdown({ title: doc.title, html: rendered.html, url }),
  };
}

/**
 * `llms.txt`: the site's title, what the file is, then one section per sidebar listing its pages
 * in reading order, each linked to its Markdown with its description; listed pages that no sidebar
 * holds come last. With `full` (`llms-full.txt`), every one of those pages as Markdown instead.
 */
export async function llmsView(context: RequestContext, requestOrigin: string, full: boolean): Promise<string> {
  const opened = await openDocs(context, ['llms']);
  const { docSet, located, href } = opened;
  const origin = siteOrigin(context, requestOrigin);
  const sections = await readingOrder(context, docSet);
  const where = located.kind === 'version' ? `version ${located.version!.label}` : located.kind === 'branch' ? `branch ${located.branch}` : `commit ${docSet.commit.slice(0, 12)}`;
  const title = docSet.config.title;
  if (!full) {
    const lines = [
      `# ${title}`,
      '',
      `> The ${title} (${where}), as Markdown: each page below links to its plain-Markdown form; ${origin}${llmsUrl(located.prefix, true)} holds all of them.`,
      '',
      // An agent that reads this file may do better with the tools (decision 037): no link, so the list below stays the pages alone.
      `An agent can also search and read these docs at any version, branch (~name) or commit (@id) through the MCP server at ${origin}${MCP_PATH} (streamable HTTP, read-only; tools: search_docs, get_page, list_versions, list_pages, get_changes${blogsOf(context.snapshot.config).length ? ', list_posts' : ''}).`,
    ];
    for (const section of sections) {
      lines.push('', `## ${section.label}`, '');
      for (const doc of section.docs) {
        const description = doc.description ? `: ${oneLine(doc.description)}` : '';
        lines.push(`- [${escapeLinkText(doc.title)}](${origin}${markdownUrl(located.prefix, slugOfPermalink(docSet, doc.permalink))})${description}`);
      }
    }
    return `${lines.join('\n')}\n`;
  }
  // Every page: a whole-site job on any ref (decision 030); the page cache keeps its answer.
  return wholeSite(context, {
    key: `llms-full:${docSetKey(docSet.commit, docSet)}:${located.prefix}:${origin}`,
    commits: [docSet.commit],
    published: 'counted',
    run: async () => {
      const pages: string[] = [];
      // One page at a time, as the search index is built: a render thread stays free for readers.
      for (const doc of sections.flatMap((section) => section.docs)) {
        // Pages already rendered come from the cache at once: readers' requests go between them (main-thread.ts).
        await shareTheLoop();
        const rendered = await renderOnRef(context, opened, doc);
        if (rendered.redirect) continue;
        const url = origin + href(doc.permalink);
        pages.push(`${pageMarkdown({ title: doc.title, html: rendered.html, url })}\nSource: ${url}\n`);
      }
      return pages.join('\n---\n\n');
    },
  });
}

/** A section of llms.txt: a sidebar's label and its listed docs, each once, in reading order. */
interface Section {
  label: string;
  docs: Doc[];
}

/** Every listed doc of a commit, each once, grouped by the first sidebar that holds it, in sidebar order. */
async function readingOrder(context: RequestContext, docSet: DocSet): Promise<Section[]> {
  const { sidebars } = await context.reads.sidebars(docSet);
  const seen = new Set<string>();
  const take = (id: string | undefined, out: Doc[]) => {
    const doc = id === undefined ? undefined : docSet.byId.get(id);
    if (!doc || doc.unlisted || seen.has(doc.id)) return;
    seen.add(doc.id);
    out.push(doc);
  };
  const walk = (items: readonly SidebarItem[], out: Doc[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') take(item.id, out);
      else if (item.type === 'category') {
        if (item.link?.type === 'doc') take(item.link.id, out);
        walk(item.items, out);
      }
    }
  };
  const sections = sidebars.map((sidebar) => {
    const docs: Doc[] = [];
    walk(sidebar.items, docs);
    return { label: sidebar.label, docs };
  });
  const rest: Doc[] = [];
  for (const doc of docSet.docs) take(doc.id, rest);
  return [...sections, { label: 'Other pages', docs: rest }].filter((section) => section.docs.length > 0);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, '\\$&');
}
