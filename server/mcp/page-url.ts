// The `.md` URL a `get_page` call reads (decision 037): the page an agent names, by its URL, its path
// or its path under the docs, at the ref it asks for, or a blog post by its URL. The tool then reads
// that URL as a reader's request would, so every rule of the site (previews, versions, the cost
// model) applies unchanged.
import { addressOf, docsPrefix, grammarOf, markdownUrl, parseSelector, parseUrl, type Selector, type Snapshot } from '../site/index.js';
import { ToolError } from './tool-error.js';

/** What `get_page` is given. */
export interface PageAsked {
  path: string;
  ref?: string;
  instance?: string;
}

/** The `.md` URL of the page asked for; a ToolError saying what would work when it names none. */
export function pageMarkdownUrl(snapshot: Snapshot, asked: PageAsked): string {
  const instance = asked.instance ? snapshot.instances.find((candidate) => candidate.config.id === asked.instance) : snapshot.instances[0];
  if (!instance) throw new ToolError(`No docs instance "${asked.instance}"; list_versions names them.`);
  let path = withoutOrigin(asked.path.trim()).replace(/[?#].*$/, '');
  // A path under the docs (`apis/commonfiles`) is read in the instance asked for, at its last version
  // unless a ref is given (the last version may have a path of its own: `/docs/5.3`).
  const underDocs = !path.startsWith('/');
  if (underDocs) path = `${instance.config.base ? `/${instance.config.base}` : ''}/${path}`;
  const ref = asked.ref ?? (underDocs ? instance.versions.find((version) => version.isLast)?.name : undefined);
  path = path.replace(/\/index\.md$|\.md$|\/+$/, '') || '/';
  const route = parseUrl(path, grammarOf(snapshot));
  if (route.kind === 'blog' && !route.text && !route.data && route.path.length) return postMarkdownUrl(route.blog, route.selector, route.path, asked.ref);
  if (route.kind !== 'doc' && route.kind !== 'category')
    throw new ToolError(
      `"${asked.path.slice(0, 200)}" is not a page of this site: give its URL, its path (/${instance.config.base}/...) or its path under the docs; list_pages lists them.`,
    );
  if (!ref) return markdownUrl(route.prefix, route.slug);
  return markdownUrl(refPrefix(snapshot, route.base, route.folder, ref), route.slug);
}

/** True when a `.md` URL of this site is a blog post's (read by agentPostView, not agentPageView). */
export function isPostUrl(snapshot: Snapshot, url: string): boolean {
  return parseUrl(url, grammarOf(snapshot)).kind === 'blog';
}

/** A post's `.md` URL on the ref asked for (else the one its URL names): a blog has a default ref, branches and commits, no versions. */
function postMarkdownUrl(blog: string, named: Selector, path: string[], ref: string | undefined): string {
  const selector = ref === undefined ? named : parseSelector(encodeURIComponent(ref));
  if (!selector || selector.kind === 'version-name' || selector.kind === 'version')
    throw new ToolError(`"${(ref ?? '').slice(0, 100)}" is not a ref of the blog: a blog has no versions; give "~branch" or "@commit", or no ref for the published blog.`);
  const prefix = docsPrefix(blog, selector);
  return `${prefix === '/' ? '' : prefix}/${path.map(encodeURIComponent).join('/')}.md`;
}

/** The URL prefix of `ref` in the instance at `base`: a version's own path, else the branch or commit with the page's version folder. */
function refPrefix(snapshot: Snapshot, base: string, folder: string, ref: string): string {
  const selector = parseSelector(encodeURIComponent(ref));
  if (!selector) throw new ToolError(`"${ref.slice(0, 100)}" is not a version name, ~branch or @commit.`);
  const instance = snapshot.instances.find((candidate) => candidate.config.base === base)!;
  if (selector.kind !== 'version-name') return addressOf(base, selector, folder).prefix;
  const version = instance.versions.find((candidate) => candidate.name === selector.name);
  if (!version) throw new ToolError(`/${base} has no version "${ref.slice(0, 100)}"; it has ${instance.versions.map((candidate) => candidate.name).join(', ')} (list_versions).`);
  return version.path ? `/${base}/${version.path}` : `/${base}`;
}

/** The path of a URL of any host (the agent may hold the public URL of a page served here), else the text as it is. */
function withoutOrigin(text: string): string {
  if (!/^https?:\/\//i.test(text)) return text;
  try {
    return new URL(text).pathname;
  } catch {
    return text;
  }
}
