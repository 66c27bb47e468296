// Which files of a commit are pages of the pages plugin, and the route each is served at, as
// Docusaurus's `@docusaurus/plugin-content-pages` routes them: a file's path below the instance's
// folder, without its extension, below `routeBasePath`; an `index` file at its folder's route
// (`src/pages/downloads/index.tsx` is `/downloads`). Two files at one route: the first wins, as in
// Docusaurus (which warns of a duplicate route).
import { globToRegExp } from '../content/doc-files.js';
import { type PagesOptions, pagesFolder, pagesRoot } from './pages-options.js';

/** How a page is rendered: a React component in the sandbox, or Markdown through docsite's pipeline. */
export type PageFormat = 'react' | 'markdown';

/** One page of the pages plugin at a commit. */
export interface SitePage {
  /** The pages instance's id. */
  instance: string;
  /** Its route without slashes: '' for `/`, `downloads/clients` for `/downloads/clients`. */
  route: string;
  /** Its file, a repository path. */
  sourcePath: string;
  /** Its path inside the instance's folder (`downloads/index.tsx`). */
  relativePath: string;
  format: PageFormat;
}

/** The extensions a page's file may have and how each is rendered. */
const FORMATS: Readonly<Record<string, PageFormat>> = { js: 'react', jsx: 'react', ts: 'react', tsx: 'react', md: 'markdown', mdx: 'markdown' };

/** A page file's route inside its instance (Docusaurus's `fileToPath`): its path without extension, an `index` file its folder's. */
export function routeOfFile(relativePath: string): string {
  const stem = relativePath.replace(/\.[^./]+$/, '');
  return stem === 'index' ? '' : stem.endsWith('/index') ? stem.slice(0, -'/index'.length) : stem;
}

/** The route of a page file below an instance's root ('' joined away). */
function routeBelow(root: string, relativePath: string): string {
  return [root, routeOfFile(relativePath)].filter(Boolean).join('/');
}

/** The pages of the files `paths` for each pages instance, in the instances' order; the first file at a route wins. */
export function sitePagesOf(paths: Iterable<string>, instances: readonly PagesOptions[]): SitePage[] {
  const files = [...paths];
  const pages: SitePage[] = [];
  const taken = new Set<string>();
  for (const options of instances) {
    const folder = pagesFolder(options);
    const prefix = folder ? `${folder}/` : '';
    const include = options.include.map(globToRegExp);
    const exclude = options.exclude.map(globToRegExp);
    const root = pagesRoot(options);
    for (const path of files.filter((file) => file.startsWith(prefix)).sort()) {
      const relativePath = path.slice(prefix.length);
      const extension = relativePath.slice(relativePath.lastIndexOf('.') + 1).toLowerCase();
      const format = Object.hasOwn(FORMATS, extension) ? FORMATS[extension] : undefined;
      // A TypeScript declaration file (`svg.d.ts`) describes modules: it renders nothing.
      if (!format || relativePath.endsWith('.d.ts') || !include.some((glob) => glob.test(relativePath)) || exclude.some((glob) => glob.test(relativePath))) continue;
      const route = routeBelow(root, relativePath);
      if (taken.has(route)) continue;
      taken.add(route);
      pages.push({ instance: options.id, route, sourcePath: path, relativePath, format });
    }
  }
  return pages;
}

/** The permalink of a page's route (`/`, `/downloads/clients`). */
export function pagePermalink(route: string): string {
  return `/${route}`;
}
