// The tools that list: versions, the pages of a ref, and what a branch changes (decision 037). Each
// reads the content API's URL for it (`/api/versions`, `/api/versions/{v}/pages`, `/api/changes`).
import { z } from 'zod';
import { apiChanges, apiPages, apiVersions } from '../site/index.js';
import { instance, offset, ref } from './inputs.js';
import { slice } from './paging.js';
import { tool, type Reading } from './tool.js';
import { acrossInstances, instancesRead } from './instances.js';

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
    'The pages of the site at one ref: id, title, URL and docs instance, in the order the docs keep them, in parts (call again with offset = nextOffset). With no instance, every docs instance (each at its last version, or at ref; a version name: the instances that have it); instance narrows to one. Use it to browse a section (prefix "apis/" or "/docs/apis") or when search does not find a page by its words.',
  input: {
    ref,
    instance,
    prefix: z.string().min(1).max(300).optional().describe('Only pages whose id starts with this (e.g. "apis/subsystems"), or whose URL path does when it starts with "/".'),
    limit: z.number().int().min(1).max(500).optional().describe('How many pages (1 to 500). Default 200.'),
    offset,
  },
  async run({ ref, instance, prefix, limit = 200, offset = 0 }, reading: Reading) {
    const { answers, skipped } = await acrossInstances(instancesRead(reading.snapshot, instance, ref), (entry) =>
      reading.read(`/api/versions/${encodeURIComponent(entry.ref)}/pages?${new URLSearchParams({ instance: entry.id })}`, apiPages),
    );
    const matches = (page: { id: string; permalink: string }) => !prefix || (prefix.startsWith('/') ? page.permalink.startsWith(prefix) : page.id.startsWith(prefix));
    const pages = answers.flatMap(({ answer }) => answer.pages.filter(matches).map((page) => ({ ...page, instance: answer.instance })));
    const part = slice(pages, offset, limit);
    return {
      instances: answers.map(({ answer }) => ({ id: answer.instance, version: answer.version, branch: answer.branch, commit: answer.commit })),
      ...(skipped.length && { skipped }),
      total: part.total,
      offset: part.offset,
      nextOffset: part.nextOffset,
      pages: part.items.map((page) => ({
        instance: page.instance,
        id: page.id,
        title: page.title,
        url: reading.origin + page.permalink,
        ...(page.unlisted && { unlisted: true }),
      })),
    };
  },
});

export const getChanges = tool({
  name: 'get_changes',
  title: 'What a branch changes',
  description:
    'The pages a branch (or commit, or version) adds, modifies, removes and renames compared with its base (by default the version it was made from, else the last version), each with its docs instance, file path, URL and the URL of its rendered diff; the sidebar and category files it changes; and the blog posts it changes between the same commits. With no instance, every docs instance of the site (each against its own base); instance narrows to one. Use it to review what a pull request does to the docs, then get_page each changed page with that ref.',
  input: {
    ref: z.string().min(1).max(300).describe('What to review: "~branch" (e.g. "~feature/x"), "@commit" or a version name.'),
    base: z.string().min(1).max(300).optional().describe('What to compare with: a version name, "~branch" or "@commit". Default: the ref\'s own base.'),
    instance,
    offset,
  },
  async run({ ref, base, instance, offset = 0 }, reading: Reading) {
    const { answers, skipped } = await acrossInstances(instancesRead(reading.snapshot, instance, ref), (entry) => {
      const params = new URLSearchParams({ ref: entry.ref, instance: entry.id });
      if (base) params.set('base', base);
      return reading.read(`/api/changes?${params}`, apiChanges);
    });
    const [first] = answers;
    const pages = answers.flatMap(({ id, answer }) => answer.pages.map((page) => ({ ...page, instance: id })));
    const part = slice(pages, offset, CHANGES_PER_CALL);
    const absolute = (url: string) => (url.startsWith('/') ? reading.origin + url : url);
    const sum = (status: keyof typeof first.answer.counts) => answers.reduce((total, { answer }) => total + answer.counts[status], 0);
    return {
      ref: first.answer.ref.label,
      commit: first.answer.ref.commit,
      base: first.answer.base.label,
      baseCommit: first.answer.base.commit,
      instances: answers.map(({ id, answer }) => ({
        id,
        ref: answer.ref.label,
        commit: answer.ref.commit,
        base: answer.base.label,
        baseCommit: answer.base.commit,
        counts: answer.counts,
      })),
      ...(skipped.length && { skipped }),
      counts: { added: sum('added'), modified: sum('modified'), removed: sum('removed'), renamed: sum('renamed') },
      ...(answers.some(({ answer }) => answer.truncated) && { note: 'More pages changed than the site lists; these are the first.' }),
      total: part.total,
      offset: part.offset,
      nextOffset: part.nextOffset,
      pages: part.items.map((page) => ({
        instance: page.instance,
        status: page.status,
        path: page.path,
        oldPath: page.oldPath,
        title: page.title,
        url: absolute(page.url),
        diffUrl: absolute(page.diffUrl),
      })),
      navigation: answers.flatMap(({ id, answer }) => answer.navigation.map((entry) => ({ instance: id, ...entry }))),
      // Posts are the commits' own, the same for every instance: listed once.
      posts: first.answer.posts.map((post) => ({ ...post, url: absolute(post.url), diffUrl: absolute(post.diffUrl) })),
    };
  },
});
