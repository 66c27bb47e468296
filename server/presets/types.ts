// What a preset is: everything the generic renderer and sidebar code need to know about one
// product, plugged in by the site (server/presets/index.ts), never imported by them.
import type { KnownPlugins } from '../config/docusaurus/from-docusaurus.js';
import type { ElementContent } from 'hast';
import type { ComponentSet } from '../markdown/components/index.js';
import type { SidebarGenerator } from '../content/sidebars/types.js';
import type { Problem } from '../problem.js';

/** Reads a repository file of the commit being served; undefined when it does not exist. */
export type ReadFile = (path: string) => Promise<string | undefined>;

/** What a page banner needs to know about the page. */
export interface BannerInput {
  frontMatter: Record<string, unknown>;
  /** The page's path in the repository, for "edit this page" links. */
  sourcePath: string;
  /** `https://.../edit/{ref}/{path}` from the site config, if any. */
  editUrl?: string;
}

/** A product's components, data files, sidebar generators and page banner. */
export interface Preset<Data = unknown> extends ComponentSet {
  /** The key its data is kept under in a render's `data`. */
  name: string;
  /** Reads and validates its data files at one commit; never throws. */
  loadData(read: ReadFile): Promise<{ data: Data; problems: Problem[] }>;
  /** Its sidebar generators (`type: generated` items), bound to the commit's data. */
  generators(data: Data): Record<string, SidebarGenerator>;
  /** The notices shown above a page on a date (unsanitized hast; the renderer sanitizes it). */
  banner(input: BannerInput, data: Data, now: Date): ElementContent[];
  /** Every file `loadData` reads (and no other): its data is reused by every commit where they are the same. */
  dataFiles: readonly string[];
  /**
   * The site's remark plugins docsite does natively instead, by the repository path of the plugin's
   * module: each gives the configuration that does the same (its docs instances as read).
   */
  remarkPlugins?: KnownPlugins;
}
