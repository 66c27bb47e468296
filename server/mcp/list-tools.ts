// The tools that list: versions, the pages of a ref, and what a branch changes (decision 037). Each
// reads the content API's URL for it (`/api/versions`, `/api/versions/{v}/pages`, `/api/changes`).
import { z } from 'zod';
import { apiChanges, apiPages, apiVersions } from '../site/index.js';
import { instance, offset, ref } from './inputs.js';
import { slice } from './paging.js';
import { tool, type Reading } from './tool.js';
import { ToolError } from './tool-error.js';

/** The most changed pages one `get_changes` call lists. */
const CHANGES_PER_CALL = 100;

export const listVersions = tool({
  name: 'list_versions',
  title: 'List versions',
  description:
    'Every docs instance of the site and its published versions: name (what ref takes), label, URL, which is the last (the default of every tool) and any banner (unreleased, unmaintained). Use it to pick the ref for the version a user works with. Branches ("~name") and commits ("@id") are not listed but can be read when the site allows them.',
  input: {},
  async run(_args, reading: Reading) {
    const { instances } = await reading.read('/api/versions', apiVersions);
    return {
      refs: 'Give a version name as ref, or "~branch", or "@commit".',
      instances: instances.map((entry) => ({
        id: entry.id,
        url: `${reading.origin}/${entry.base}`,
        versions: entry.versions.map((version) => ({
          name: version.name,
          label: version.label,
          url: reading.origin + version.path,
          isLast: version.isLast,
          banner: version.banner,
        })),
      })),
    };
  },
});

export const listPages = tool({
  name: 'list_pages',
  title: 'List pages',
  description:
    'The pages of one version, branch or commit: id, title and URL, in the order the docs keep them, in parts (call again with offset = nextOffset). Use it to browse a section (prefix "apis/" or "/docs/apis") or when search does not find a page by its words.',
  input: {
    ref,
    instance,
    prefix: z.string().min(1).max(300).optional().describe('Only pages whose id starts with this (e.g. "apis/subsystems"), or whose URL path does when it starts with "/".'),
    limit: z.number().int().min(1).max(500).optional().describe('How many pages (1 to 500). Default 200.'),
    offset,
  },
  async run({ ref, instance, prefix, limit = 200, offset = 0 }, reading: Reading) {
    const version = ref ?? lastVersionName(reading, instance);
    const query = instance ? `?${new URLSearchParams({ instance })}` : '';
    const answer = await reading.read(`/api/versions/${encodeURIComponent(version)}/pages${query}`, apiPages);
    const matches = (page: { id: string; permalink: string }) => !prefix || (prefix.startsWith('/') ? page.permalink.startsWith(prefix) : page.id.startsWith(prefix));
    const part = slice(answer.pages.filter(matches), offset, limit);
    return {
      instance: answer.instance,
      version: answer.version,
      branch: answer.branch,
      commit: answer.commit,
      total: part.total,
      offset: part.offset,
      nextOffset: part.nextOffset,
      pages: part.items.map((page) => ({ id: page.id, title: page.title, url: reading.origin + page.permalink, ...(page.unlisted && { unlisted: true }) })),
    };
  },
});

export const getChanges = tool({
  name: 'get_changes',
  title: 'What a branch changes',
  description:
    'The pages a branch (or commit, or version) adds, modifies, removes and renames compared with its base (by default the version it was made from, else the last version), each with its file path, its URL and the URL of its rendered diff; the sidebar and category files it changes; and the blog posts it changes between the same commits. Use it to review what a pull request does to the docs, then get_page each changed page with that ref.',
  input: {
    ref: z.string().min(1).max(300).describe('What to review: "~branch" (e.g. "~feature/x"), "@commit" or a version name.'),
    base: z.string().min(1).max(300).optional().describe('What to compare with: a version name, "~branch" or "@commit". Default: the ref\'s own base.'),
    instance,
    offset,
  },
  async run({ ref, base, instance, offset = 0 }, reading: Reading) {
    const params = new URLSearchParams({ ref });
    if (base) params.set('base', base);
    if (instance) params.set('instance', instance);
    const answer = await reading.read(`/api/changes?${params}`, apiChanges);
    const part = slice(answer.pages, offset, CHANGES_PER_CALL);
    const absolute = (url: string) => (url.startsWith('/') ? reading.origin + url : url);
    return {
      ref: answer.ref.label,
      commit: answer.ref.commit,
      base: answer.base.label,
      baseCommit: answer.base.commit,
      counts: answer.counts,
      ...(answer.truncated && { note: 'More pages changed than the site lists; these are the first.' }),
      total: part.total,
      offset: part.offset,
      nextOffset: part.nextOffset,
      pages: part.items.map((page) => ({
        status: page.status,
        path: page.path,
        oldPath: page.oldPath,
        title: page.title,
        url: absolute(page.url),
        diffUrl: absolute(page.diffUrl),
      })),
      navigation: answer.navigation,
      posts: answer.posts.map((post) => ({ ...post, url: absolute(post.url), diffUrl: absolute(post.diffUrl) })),
    };
  },
});

/** The name of the last version of an instance (the first by default): what every tool reads when given no ref. */
function lastVersionName(reading: Reading, id: string | undefined): string {
  const found = id ? reading.snapshot.instances.find((candidate) => candidate.config.id === id) : reading.snapshot.instances[0];
  if (!found) throw new ToolError(`No docs instance "${id}"; list_versions names them.`);
  const last = found.versions.find((version) => version.isLast) ?? found.versions[0];
  if (!last) throw new ToolError(`/${found.config.base} has no versions.`);
  return last.name;
}
