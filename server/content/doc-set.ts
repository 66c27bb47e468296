import type { Problem } from '../problem.js';
import type { Repository, TreeIndex } from '../git/repository.js';
import { docIdentity, parseNumberPrefix, permalinkOf } from './ids.js';
import { parseFrontMatter } from './front-matter.js';
import { frontMatterSchema } from './front-matter-schema.js';
import { parseSiteConfig, SITE_CONFIG_FILE, type SiteConfig } from './site-config.js';

/** One page of documentation at one commit. */
export interface Doc {
  /** `development/policies/codingstyle/index`. */
  id: string;
  title: string;
  description?: string;
  /** `/general/development/policies/codingstyle`. */
  permalink: string;
  /** Path in the repository: `general/development/policies/codingstyle/index.md`. */
  sourcePath: string;
  /** Path inside the docs folder: `development/policies/codingstyle/index.md`. */
  relativePath: string;
  /** Folder inside the docs folder, `.` at the top. */
  sourceDirName: string;
  blobOid: string;
  frontMatter: Record<string, unknown>;
  /** `sidebar_position`, else the file's number prefix. */
  sidebarPosition?: number;
  sidebarLabel?: string;
  tags: string[];
  unlisted: boolean;
  /** A front matter problem: the page is listed and shows the error instead of failing. */
  error?: Problem;
}

/** Where the docs live in the repository and where they are served. */
export interface DocsLocation {
  /** Folder in the repository, e.g. `general`. */
  path: string;
  /** URL prefix, e.g. `general`. */
  base: string;
}

/** The documentation of one commit: every doc, its files, and fast lookups. Immutable. */
export interface DocSet {
  commit: string;
  /** The commit's `docsite.yaml`, validated (defaults when absent). */
  config: SiteConfig;
  location: DocsLocation;
  tree: TreeIndex;
  docs: readonly Doc[];
  byId: ReadonlyMap<string, Doc>;
  byPermalink: ReadonlyMap<string, Doc>;
  bySourcePath: ReadonlyMap<string, Doc>;
  /** Approximate bytes held, for the byte-bounded cache. */
  size: number;
}

const DOC_FILE = /\.mdx?$/i;

/** The text of a file of a commit's tree, by path; undefined when the commit has no such file. */
export async function readTreeFile(readBlob: (oid: string) => Promise<Uint8Array>, tree: TreeIndex, path: string): Promise<string | undefined> {
  const entry = tree.get(path);
  return entry ? new TextDecoder().decode(await readBlob(entry.oid)) : undefined;
}

/** True for a page file: Markdown/MDX with no segment starting with `_` (Docusaurus's default exclude). */
export function isDocFile(relativePath: string): boolean {
  return DOC_FILE.test(relativePath) && !relativePath.split('/').some((segment) => segment.startsWith('_'));
}

/** A page's front matter as read once: its data (as validated when it could be) and its problem. */
export interface ReadFrontMatter {
  data: Record<string, unknown>;
  error?: Problem;
}

/** Front matter already read, by `frontMatterKey`: a new commit then reads only the pages it changed. */
export interface FrontMatterCache {
  get(key: string): ReadFrontMatter | undefined;
  set(key: string, value: ReadFrontMatter): void;
}

/** The key of a page's front matter: its blob and its path (problems name the file). */
export function frontMatterKey(blobOid: string, sourcePath: string): string {
  return `${blobOid}\0${sourcePath}`;
}

/**
 * A page's front matter, validated: fields of the wrong type are a problem shown on the page, and
 * the page still renders with the fields it can read.
 */
function readFrontMatter(source: string, sourcePath: string): ReadFrontMatter {
  const parsed = parseFrontMatter(source, sourcePath);
  const checked = frontMatterSchema.safeParse(parsed.data);
  // A copy: values parsed from YAML are slices of the page's source, and a slice keeps the whole
  // source alive: every doc set would hold every page's Markdown (3.6 MB instead of 0.6 on the corpus).
  const data: Record<string, unknown> = structuredClone(checked.success ? checked.data : parsed.data);
  const issue = checked.success ? undefined : checked.error.issues[0];
  const error =
    parsed.error ??
    (issue && {
      code: 'front-matter' as const,
      file: sourcePath,
      line: parsed.lineOf?.(issue.path),
      message: `Invalid front matter: ${issue.path.join('.')}: ${issue.message}`,
    });
  return { data, error };
}

/**
 * Builds the doc model of a commit: one tree walk, its site configuration, then every page's front
 * matter read by blob oid (from `known` when another commit had the same page). Pages with broken front matter are kept, with their error, so one bad
 * page never hides the rest. A broken site configuration throws SiteConfigError.
 */
export async function loadDocSet(repository: Repository, commit: string, known?: FrontMatterCache): Promise<DocSet> {
  const tree = await repository.readTreeIndex(commit);
  const decoder = new TextDecoder();
  const config = parseSiteConfig(await readTreeFile((oid) => repository.readBlob(oid), tree, SITE_CONFIG_FILE));
  const location: DocsLocation = { path: config.docs.path, base: config.docs.base };
  const prefix = `${location.path.replace(/\/+$/, '')}/`;
  const docs: Doc[] = [];
  let size = tree.size * 120;

  const files = [...tree].filter(([filepath]) => filepath.startsWith(prefix) && isDocFile(filepath.slice(prefix.length)));
  await Promise.all(
    files.map(async ([sourcePath, entry]) => {
      const relativePath = sourcePath.slice(prefix.length);
      // A page another commit already had (same blob, same path) is not read or parsed again.
      const key = frontMatterKey(entry.oid, sourcePath);
      let read = known?.get(key);
      if (!read) {
        read = readFrontMatter(decoder.decode(await repository.readBlob(entry.oid)), sourcePath);
        known?.set(key, read);
      }
      const { data, error } = read;
      const { id, slug, sourceDirName } = docIdentity(relativePath, data);
      const fileName = relativePath.split('/').pop()!.replace(DOC_FILE, '');
      const doc: Doc = {
        id,
        title: stringOr(data.title, parseNumberPrefix(fileName).name),
        description: stringOr(data.description, undefined),
        permalink: permalinkOf(location.base, slug),
        sourcePath,
        relativePath,
        sourceDirName,
        blobOid: entry.oid,
        frontMatter: data,
        sidebarPosition: numberOr(data.sidebar_position, parseNumberPrefix(fileName).position),
        sidebarLabel: stringOr(data.sidebar_label, undefined),
        tags: tagLabels(data.tags),
        unlisted: data.unlisted === true,
        error,
      };
      docs.push(doc);
      size += 400 + JSON.stringify(data).length * 2;
    }),
  );
  docs.sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1));

  const byPermalink = new Map<string, Doc>();
  for (const doc of docs) {
    // Two docs with one URL: the first by path wins, as a stable, visible rule.
    if (!byPermalink.has(doc.permalink)) byPermalink.set(doc.permalink, doc);
  }
  return {
    commit,
    config,
    location,
    tree,
    docs,
    byId: new Map(docs.map((doc) => [doc.id, doc])),
    byPermalink,
    bySourcePath: new Map(docs.map((doc) => [doc.sourcePath, doc])),
    size,
  };
}

/** Tag labels of front matter `tags`: strings, or `{label, permalink}` objects as Docusaurus allows. */
function tagLabels(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag) => {
    if (typeof tag === 'string' || typeof tag === 'number') return [String(tag)];
    const label = (tag as { label?: unknown } | null)?.label;
    return typeof label === 'string' && label.trim() ? [label] : [];
  });
}

function stringOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' && value.trim() ? value : fallback;
}

/** Front matter numbers may arrive as strings (`-08` in YAML 1.1 writers): coerce them. */
function numberOr(value: unknown, fallback: number | undefined): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}
