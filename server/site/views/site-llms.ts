// `/llms.txt` of the whole site (https://llmstxt.org puts it at the root, where agents look first):
// the site's title and tagline, then a link to the llms.txt of each docs instance's last version and
// of each blog, in every locale, and the MCP endpoint. Each of those lists its pages as Markdown.
import { lastVersionOf } from '../../docs/docs-instance.js';
import { llmsUrl, MCP_PATH } from '../../urls.js';
import { blogRoot, blogsOf } from '../blogs.js';
import type { RequestContext } from '../request.js';
import type { Snapshot } from '../snapshot.js';
import { siteOrigin } from './sitemap.js';

/** The links of one locale's site: its docs instances' last versions, then its blogs. */
function partsOf(snapshot: Snapshot, origin: string): string[] {
  const docs = snapshot.instances.flatMap((instance) => {
    const last = lastVersionOf(instance) ?? instance.versions[0];
    if (!last) return [];
    const prefix = instance.model.publishedPrefix(instance.config.base, last);
    return [`- [Docs at /${instance.config.base} (${last.label})](${origin}${llmsUrl(prefix)}): the pages of the last version, each linked to its Markdown`];
  });
  const blogs = blogsOf(snapshot.config).map((blog) => `- [Blog at /${blogRoot(blog)}](${origin}${llmsUrl(`/${blogRoot(blog)}`)}): every post, newest first`);
  return [...docs, ...blogs];
}

/** `/llms.txt`: where each part of the site keeps its own llms.txt, the default locale first. */
export function siteLlmsView(context: RequestContext, requestOrigin: string): string {
  const { snapshot } = context;
  const origin = siteOrigin(context, requestOrigin);
  const { title, tagline } = snapshot.config;
  const lines = [
    `# ${title}`,
    '',
    `> ${tagline ? `${tagline.replace(/\s+/g, ' ').trim()} ` : ''}Each part of this site below has its own llms.txt, an index of its pages as Markdown.`,
    '',
  ];
  lines.push(
    `An agent can also search and read the site at any version, branch (~name) or commit (@id) through the MCP server at ${origin}${MCP_PATH} (streamable HTTP, read-only).`,
  );
  lines.push('', '## Docs and blog', '', ...partsOf(snapshot, origin));
  for (const [locale, localized] of snapshot.locales ?? []) lines.push('', `## In ${locale}`, '', ...partsOf(localized, origin));
  return `${lines.join('\n')}\n`;
}
