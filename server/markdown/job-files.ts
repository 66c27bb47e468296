// The files one page render reads from git beside its source, on the main thread: the sizes of its
// Markdown images, its raw-loader imports and the Markdown modules (partials) it shows. A file whose
// blob cannot be read (missing, damaged, a Git LFS pointer) is left out, so the page shows it as a
// missing file, and noted with the file and line that name it (issue 55): one lost object never
// breaks the page.
import type { Doc, DocSet } from '../content/doc-set.js';
import type { TreeIndex } from '../git/repository.js';
import { isUnreadableFile, readFileContent } from '../git/file-content.js';
import type { Problem } from '../problem.js';
import { markdownImageFile, markdownImageUrls } from './images.js';
import { imageSize, type ImageSize } from './image-size.js';
import { markdownImports, rawImports } from './render-job.js';
import { linkedFile, markdownLinkUrls } from './links.js';
import { md4 } from 'hash-wasm';

/** Where a file is named: the file that names it and the line. */
interface NamedAt {
  file: string;
  line?: number;
}

/** Reads the files of one render from a commit's tree, and keeps those it could not read. */
export class JobFiles {
  /** What could not be read, each where it is named. */
  readonly unreadable: Problem[] = [];
  /** Their repository paths: the render treats them as absent (render-job.ts). */
  readonly unreadablePaths = new Set<string>();

  constructor(
    private readonly readBlob: (oid: string) => Promise<Uint8Array>,
    private readonly tree: TreeIndex,
    /** The site's folder (Docusaurus's siteDir): where `@site/` imports lead. */
    private readonly siteDir = '',
  ) {}

  /** A file's bytes, or undefined when the tree lacks it or its blob cannot be read (then noted where it is named). */
  async bytes(path: string, where: NamedAt, what: string): Promise<Uint8Array | undefined> {
    const entry = this.tree.get(path);
    if (!entry || this.unreadablePaths.has(path)) return undefined;
    try {
      return await readFileContent({ readBlob: this.readBlob }, entry.oid);
    } catch (error) {
      if (!isUnreadableFile(error)) throw error;
      this.unreadablePaths.add(path);
      this.unreadable.push({ code: 'missing-file', file: where.file, line: where.line, message: `${what} ${path} ${error.reason}; it is shown as missing` });
      return undefined;
    }
  }

  /** A file's text, or undefined as `bytes` says. */
  async text(path: string, where: NamedAt, what: string): Promise<string | undefined> {
    const bytes = await this.bytes(path, where, what);
    return bytes && new TextDecoder().decode(bytes);
  }

  /** The raw-loader imports of a page's source: repository path -> text (missing and unreadable files absent). */
  async rawFiles(source: string, file: string): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const { path, line } of rawImports(source, file, this.siteDir)) {
      const text = await this.text(path, { file, line }, 'The imported file');
      if (text !== undefined) files[path] = text;
    }
    return files;
  }

  /**
   * Reads Markdown modules (a page's, then the ones they import in turn, 50 at most) into `into`.
   * `paths` without a position are named by an island (the sandbox asked for them): `file` names them.
   */
  async markdownModules(paths: (string | { path: string; line?: number })[], file: string, into: Record<string, string> = {}): Promise<Record<string, string>> {
    const queue = paths.map((entry) => (typeof entry === 'string' ? { path: entry, line: undefined as number | undefined, from: file } : { ...entry, from: file }));
    for (let next = queue.shift(); next !== undefined && Object.keys(into).length <= 50; next = queue.shift()) {
      const text = into[next.path] ?? (await this.text(next.path, { file: next.from, line: next.line }, 'The Markdown module'));
      if (text === undefined) continue;
      into[next.path] = text;
      const from = next.path;
      queue.push(...markdownImports(text, from, this.siteDir).flatMap((entry) => (entry.path in into ? [] : [{ ...entry, from }])));
    }
    return into;
  }

  /** The MD4 of each file the page's Markdown links name (links.ts `linkedFile`), by repository path: their addresses are Docusaurus's. */
  async fileHashes(source: string, doc: Doc, docSet: DocSet, prefix: string): Promise<Record<string, string>> {
    const hashes: Record<string, string> = {};
    for (const url of markdownLinkUrls(source)) {
      const file = linkedFile(url, { file: doc.sourcePath, docSet, prefix });
      if (!file || Object.hasOwn(hashes, file)) continue;
      const bytes = await this.bytes(file, { file: doc.sourcePath }, 'The linked file');
      if (bytes) hashes[file] = await md4(bytes);
    }
    return hashes;
  }

  /** Width and height of the Markdown images a page names (Docusaurus writes them), by repository path. */
  async imageSizes(source: string, doc: Doc, docSet: DocSet, prefix: string): Promise<Record<string, ImageSize>> {
    const sizes: Record<string, ImageSize> = {};
    for (const { url, line } of markdownImageUrls(source)) {
      const file = markdownImageFile(url, { file: doc.sourcePath, docSet, prefix })?.file;
      if (!file || Object.hasOwn(sizes, file) || !/\.(png|jpe?g|gif|webp|svg)$/i.test(file)) continue;
      const bytes = await this.bytes(file, { file: doc.sourcePath, line }, 'The image');
      const size = bytes && imageSize(file, bytes);
      if (size) sizes[file] = size;
    }
    return sizes;
  }
}
