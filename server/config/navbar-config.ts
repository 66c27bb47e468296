// The navbar of docsite.yaml, as Docusaurus's themeConfig.navbar.items has it: links, docs
// sidebars, docs, dropdowns and the version menu. Data only: what each item points to is worked
// out per request (server/site/views/navbar.ts), on the reader's ref.
import { z } from 'zod';
import { logoSchema } from './brand-config.js';

const position = z.enum(['left', 'right']).default('left').describe('Which side of the navbar.');

/** A plain link: `to` inside the site, `href` anywhere. */
const linkItem = z
  .object({
    type: z.literal('default').optional(),
    label: z.string().min(1),
    to: z
      .string()
      .regex(/^\/(?![/\\])/, 'a path of this site, starting with a single /')
      .optional()
      .describe('A path of this site.'),
    href: z.string().optional().describe('A full URL.'),
    position,
    activeBasePath: z
      .string()
      .regex(/^\/(?![/\\])/, 'a path of this site, starting with a single /')
      .optional()
      .describe('The item is marked current on pages under this path; default: `to`.'),
  })
  .strict()
  .refine((item) => Boolean(item.to) !== Boolean(item.href), { message: 'give either `to` or `href`' });

/** A docs sidebar, entered at its first page. */
const docSidebarItem = z
  .object({
    type: z.literal('docSidebar'),
    sidebarId: z.string().min(1),
    docsPluginId: z.string().optional().describe('The instance id; default: the first instance.'),
    label: z.string().optional().describe("Default: the sidebar's label."),
    position,
  })
  .strict();

/** One doc, by id. */
const docItem = z
  .object({
    type: z.literal('doc'),
    docId: z.string().min(1),
    docsPluginId: z.string().optional(),
    label: z.string().optional().describe("Default: the doc's title."),
    position,
  })
  .strict();

/** What a dropdown or the version menu may hold. */
const menuEntry = z.union([docSidebarItem.omit({ position: true }), docItem.omit({ position: true }), linkItem.innerType().omit({ position: true })]);

/** A menu of items. */
const dropdownItem = z.object({ type: z.literal('dropdown'), label: z.string().min(1), items: z.array(menuEntry).min(1), position }).strict();

/** The version menu of an instance: on every page, as Docusaurus's (on its own pages only with `hideOnOtherInstances`). */
const versionsItem = z
  .object({
    type: z.literal('docsVersionDropdown'),
    docsPluginId: z.string().optional().describe('The instance whose versions it lists; default: the first instance. Shown on the pages of every instance, as in Docusaurus.'),
    hideOnOtherInstances: z
      .boolean()
      .default(false)
      .describe("docsite's own: show the menu only on its instance's pages, as upstream Moodle's swizzled DocsVersionDropdownNavbarItem does."),
    dropdownItemsBefore: z.array(linkItem.innerType().omit({ position: true })).default([]),
    dropdownItemsAfter: z.array(linkItem.innerType().omit({ position: true })).default([]),
    position,
  })
  .strict();

/** One navbar item. */
export const navbarItemSchema = z.union([docSidebarItem, docItem, dropdownItem, versionsItem, linkItem]);

/** The navbar: its title and logo, and its items (default: one per sidebar of the page's docs, as before). */
export const navbarSchema = z
  .object({
    title: z.string().optional().describe('The text beside the logo; default: the site title. Empty when the logo says it.'),
    logo: logoSchema.optional().describe("The logo, as Docusaurus's themeConfig.navbar.logo."),
    items: z.array(navbarItemSchema).optional(),
  })
  .strict();

export type NavbarItemConfig = z.infer<typeof navbarItemSchema>;
export type NavbarMenuEntry = z.infer<typeof menuEntry>;
