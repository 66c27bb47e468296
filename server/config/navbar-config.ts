// The navbar of docsite.yaml, as the classic theme's themeConfig.navbar.items has it: links (with a
// label, HTML, or nothing but an icon class), docs sidebars, docs, the docs version, dropdowns, the
// version and locale menus, the search box and HTML. Data only: what each item points to is worked
// out per request (server/site/views/navbar.ts), on the reader's ref.
import { z } from 'zod';
import { logoSchema } from './brand-config.js';

const position = z.enum(['left', 'right']).default('left').describe('Which side of the navbar.');

/** A path of this site. */
const sitePath = z.string().regex(/^\/(?![/\\])/, 'a path of this site, starting with a single /');

/** Class names as the theme adds them (`header-github-link`): letters, digits, `-` and `_`, space-separated. */
const className = z
  .string()
  .regex(/^[\w -]{0,200}$/, 'class names of letters, digits, - and _')
  .optional()
  .describe('CSS classes of the item (`header-github-link` draws a GitHub icon on most sites).');

/**
 * A regular expression a reader's path is tested against on the server: short, and with no
 * quantified group that holds a quantifier (`(a+)+`), which could take exponential time.
 */
const safeRegex = z
  .string()
  .max(200)
  .refine((source) => {
    try {
      new RegExp(source);
    } catch {
      return false;
    }
    return !/\([^()]*[+*}][^()]*\)\s*[+*{?]/.test(source);
  }, 'a short regular expression with no nested repetition');

/** What every link of the navbar and its menus may say. */
const linkFields = {
  type: z.literal('default').optional(),
  label: z.string().optional().describe('Its text; an item with none shows its icon (className) or its aria-label.'),
  html: z.string().optional().describe('HTML in place of the label (sanitized like pages).'),
  to: sitePath.optional().describe('A path of this site.'),
  href: z.string().optional().describe('A full URL.'),
  activeBasePath: sitePath.optional().describe('The item is marked current on pages under this path; default: `to`.'),
  activeBaseRegex: safeRegex.optional().describe('The item is marked current on pages whose path matches this regular expression.'),
  'aria-label': z.string().optional().describe("The link's accessible name, for an icon link."),
  target: z.string().optional(),
  rel: z.string().optional(),
  className,
};

/** A plain link: `to` inside the site, `href` anywhere. */
const linkItem = z
  .object({ ...linkFields, position })
  .strict()
  .refine((item) => Boolean(item.to) !== Boolean(item.href), { message: 'give either `to` or `href`' });

/** A link of a menu (no position of its own). */
const menuLink = z
  .object(linkFields)
  .strict()
  .refine((item) => Boolean(item.to) !== Boolean(item.href), { message: 'give either `to` or `href`' });

/** A docs sidebar, entered at its first page. */
const docSidebarFields = {
  type: z.literal('docSidebar'),
  sidebarId: z.string().min(1),
  docsPluginId: z.string().optional().describe('The instance id; default: the first instance.'),
  label: z.string().optional().describe("Default: the sidebar's label."),
  className,
};

/** One doc, by id. */
const docFields = {
  type: z.literal('doc'),
  docId: z.string().min(1),
  docsPluginId: z.string().optional(),
  label: z.string().optional().describe("Default: the doc's title."),
  className,
};

/** The main doc of the version being read (else the last), as the classic theme's `docsVersion` item. */
const docsVersionFields = {
  type: z.literal('docsVersion'),
  docsPluginId: z.string().optional(),
  label: z.string().optional().describe("Default: the version's label."),
  to: sitePath.optional().describe('Default: the main doc of the version.'),
  className,
};

/** HTML in the navbar (sanitized like pages). */
const htmlFields = { type: z.literal('html'), value: z.string().describe('The HTML, sanitized like pages.'), className };

/** What a dropdown may hold. */
const menuEntry = z.union([z.object(docSidebarFields).strict(), z.object(docFields).strict(), z.object(docsVersionFields).strict(), z.object(htmlFields).strict(), menuLink]);

/** A menu of items; it may link somewhere itself. */
const dropdownItem = z
  .object({
    type: z.literal('dropdown'),
    label: z.string().min(1),
    items: z.array(menuEntry),
    to: sitePath.optional(),
    href: z.string().optional(),
    position,
    className,
  })
  .strict();

/** The version menu of an instance: on every page, as Docusaurus's (on its own pages only with `hideOnOtherInstances`). */
const versionsItem = z
  .object({
    type: z.literal('docsVersionDropdown'),
    docsPluginId: z.string().optional().describe('The instance whose versions it lists; default: the first instance. Shown on the pages of every instance, as in Docusaurus.'),
    hideOnOtherInstances: z
      .boolean()
      .default(false)
      .describe("docsite's own: show the menu only on its instance's pages, as upstream Moodle's swizzled DocsVersionDropdownNavbarItem does."),
    dropdownItemsBefore: z.array(menuEntry).default([]),
    dropdownItemsAfter: z.array(menuEntry).default([]),
    dropdownActiveClassDisabled: z.boolean().optional(),
    position,
    className,
  })
  .strict();

/** The locale menu (one locale: not shown). */
const localeItem = z
  .object({
    type: z.literal('localeDropdown'),
    dropdownItemsBefore: z.array(menuEntry).default([]),
    dropdownItemsAfter: z.array(menuEntry).default([]),
    queryString: z.string().optional(),
    position,
    className,
  })
  .strict();

/** Where the search box goes (default: the navbar's end). */
const searchItem = z.object({ type: z.literal('search'), position, className }).strict();

/** One navbar item. */
export const navbarItemSchema = z.union([
  z.object({ ...docSidebarFields, position }).strict(),
  z.object({ ...docFields, position }).strict(),
  z.object({ ...docsVersionFields, position }).strict(),
  z.object({ ...htmlFields, position }).strict(),
  dropdownItem,
  versionsItem,
  localeItem,
  searchItem,
  linkItem,
]);

/** The navbar: its title and logo, and its items (default: one per sidebar of the page's docs, as before). */
export const navbarSchema = z
  .object({
    title: z.string().optional().describe('The text beside the logo; default: the site title. Empty when the logo says it.'),
    logo: logoSchema.optional().describe("The logo, as Docusaurus's themeConfig.navbar.logo."),
    hideOnScroll: z.boolean().optional(),
    style: z.enum(['primary', 'dark']).optional().describe("The navbar's colours: the primary colour, or dark in both modes."),
    items: z.array(navbarItemSchema).optional(),
  })
  .strict();

export type NavbarItemConfig = z.infer<typeof navbarItemSchema>;
export type NavbarMenuEntry = z.infer<typeof menuEntry>;
export type NavbarLinkConfig = z.infer<typeof menuLink>;
