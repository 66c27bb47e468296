import type { Problem } from '../problem.js';
import type { DocSet } from '../content/doc-set.js';
import type { ComponentSet } from './components/index.js';
import type { IslandOutcome, IslandSpec } from '../sandbox/islands.js';
import { permalinkOnRef, urlOnRef } from '../urls.js';
import type { ImageSize } from './image-size.js';
import type { PageLayout } from './page-layout.js';
import type { PluginTree } from './plugged-tree.js';

/** A card of a DocCardList: a doc or a category of the current sidebar category. */
export interface DocCard {
  title: string;
  href: string;
  description?: string;
}

/** Everything a page's rendering depends on besides its source. */
export interface RenderContext {
  /** The page's path in the repository, for errors and for resolving relative files. */
  file: string;
  docId: string;
  /** The page's permalink without ref prefix, e.g. `/general/app/customisation`. */
  permalink: string;
  frontMatter: Record<string, unknown>;
  docSet: Pick<DocSet, 'tree' | 'bySourcePath' | 'location' | 'config' | 'docs' | 'byId'>;
  /** The URL prefix of the ref being read (`/general`, `/general/~branch`, `/general/@commit`). */
  prefix: string;
  /** The data files presets read at this commit, by preset name (never read by generic code). */
  data: Readonly<Record<string, unknown>>;
  /** The components pages may use: Docusaurus's and the presets'. */
  components: ComponentSet;
  /** Files read for `!!raw-loader!` imports, by repository path (prefetched: rendering is sync). */
  rawFiles: ReadonlyMap<string, string>;
  /** The date for date-dependent components (supported releases tables). */
  now: Date;
  /** Width and height of the Markdown images the page names, by repository path (read with its source). */
  imageSizes?: Readonly<Record<string, ImageSize>>;
  /** The MD4 of each file the page's Markdown links name (read with its source): their URLs are Docusaurus's, `/assets/files/{name}-{md4}.{ext}`. */
  fileHashes?: Readonly<Record<string, string>>;
  /** The items of the page's sidebar category, when sidebars are known. */
  docCards?: (docId: string) => DocCard[];
  /** The site's own components rendered in the sandbox, by island key (site-components.ts). */
  islands?: Readonly<Record<string, IslandOutcome>>;
  /** The site's own remark plugins: ask for the parsed tree, or what they made of it (plugged-tree.ts). */
  pluginTree?: PluginTree;
  /** Markdown modules the page or its islands show, by repository path (prefetched: rendering is sync). */
  markdown?: Readonly<Record<string, string>>;
}

/** What rendering notices besides the HTML: warnings to log, a redirect, date dependence. */
export interface RenderState {
  warnings: Problem[];
  redirect?: string;
  /** True when the HTML depends on the date, so a cached copy is only good for that day. */
  dateDependent: boolean;
  /** True when the HTML shows other docs' titles (DocCardList), so a cached copy is only good for this commit. */
  listsOtherDocs: boolean;
  /** Tab sets rendered so far, for ids that are unique in the page and stable across renders. */
  tabGroups: number;
  /** The canonical names of the native components used so far. */
  components: Set<string>;
  /** Islands the page uses that `context.islands` lacks: the page renderer renders them and renders the page again. */
  islandsNeeded: IslandSpec[];
  /** True when the page shows the site's own code or Markdown modules (files other than its own). */
  usesSiteCode: boolean;
  /** What a site page's own code said of its frame (its `<Layout>` and `<Head>`). */
  layout?: PageLayout;
  /** The compiled CSS of the CSS modules the page's islands loaded, by repository path (sanitized when the page is done). */
  styles: Record<string, string>;
}

/** The site-absolute URL of a doc on the ref being read. */
export function docHref(context: Pick<RenderContext, 'prefix' | 'docSet'>, permalink: string): string {
  return permalinkOnRef(permalink, context.docSet.location.base, context.prefix);
}

/** A site-absolute URL an author wrote (`/general/x#y`, already encoded), moved onto the ref being read. */
export function urlHref(context: Pick<RenderContext, 'prefix' | 'docSet'>, url: string): string {
  return urlOnRef(url, context.docSet.location.base, context.prefix);
}
