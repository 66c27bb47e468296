// The brand keys of docsite.yaml (issue 36): the navbar's logo and title (Docusaurus's
// themeConfig.navbar names), the primary colour and its shades, fonts from the static folders and
// the footer (themeConfig.footer). Values come from a repository, so they are untrusted: colours
// are strict #hex, paths are plain paths of the static folders, font families plain names; nothing
// here is ever copied into CSS or HTML unchecked.
import { z } from 'zod';
import { HEX_COLOR, SHADE_NAMES } from './colors.js';

/** A path of the static folders (`img/logo.svg`, a leading `/` allowed), with one of `extensions`. */
function staticPath(extensions: string, example: string) {
  return z.string().regex(new RegExp(`^/?(?![/\\\\])[^\\s?#\\\\:"'()<>]+\\.(${extensions})$`, 'i'), `a path in the static folders, such as ${example}`);
}

/** A size in CSS pixels: `138`, or Docusaurus's `'138px'`. */
const pixels = z.union([z.number().positive().max(2000), z.string().regex(/^\d{1,4}(\.\d+)?(px)?$/, 'a size in pixels, such as 138 or 138px')]);

/** The navbar's logo, as Docusaurus's themeConfig.navbar.logo. */
export const logoSchema = z
  .object({
    src: staticPath('svg|png|jpe?g|gif|webp|avif', 'img/logo.svg').describe('The logo, a file of the static folders.'),
    srcDark: staticPath('svg|png|jpe?g|gif|webp|avif', 'img/logo-dark.svg').optional().describe('The logo in dark mode; default: `src`.'),
    alt: z.string().optional().describe("The logo's text alternative; default: the navbar title, or the site title when the navbar has none."),
    width: pixels.optional().describe('Its width in pixels (reserved before it loads).'),
    height: pixels.optional().describe('Its height in pixels; default: 32 (the navbar is 56 px high).'),
  })
  .strict();

const hex = z.string().regex(HEX_COLOR, 'a #rgb or #rrggbb colour');

/** Docusaurus's primary shades (`--ifm-color-primary-dark` ...), each optional. */
const shadesSchema = z
  .object(Object.fromEntries(SHADE_NAMES.map((name) => [name, hex.optional()])) as Record<(typeof SHADE_NAMES)[number], z.ZodOptional<typeof hex>>)
  .strict()
  .describe(
    "Docusaurus's shades of the primary colour (--ifm-color-primary-dark, -darker, -darkest, -light, -lighter, -lightest); default: made from `primary` as Docusaurus's colour generator makes them.",
  );

/** The colours of one mode. */
const modeSchema = z
  .object({
    primary: hex.describe('The primary colour (links, the current page and section), as --ifm-color-primary; checked for WCAG AA contrast.'),
    shades: shadesSchema.optional(),
  })
  .strict();

/** The brand's colours: light mode, and dark mode derived unless given. */
export const colorsSchema = modeSchema
  .extend({
    darkMode: modeSchema.optional().describe('The same for dark mode; default: `primary` made light enough to read on the dark background (WCAG AA).'),
  })
  .strict();

/** One file of a font family. */
const fontFileSchema = z
  .object({
    src: staticPath('woff2|woff|ttf|otf', 'font/MyFont.woff2').describe('The font file, in the static folders.'),
    weight: z
      .string()
      .regex(/^[1-9]00( [1-9]00)?$/, 'a weight or a range of weights, such as 400 or "300 800"')
      .optional()
      .describe('Its weight, or its range for a variable font ("300 800"); default: 400.'),
    style: z.enum(['normal', 'italic']).default('normal'),
  })
  .strict();

/** A font family of the brand, and what it is used for. */
export const fontSchema = z
  .object({
    family: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,63}$/, 'a font family name of letters, digits, spaces, - and _')
      .describe('The family name.'),
    use: z
      .enum(['text', 'headings', 'title'])
      .describe('What it sets: `text` (all text; headings too unless a `headings` font is given), `headings`, or `title` (the landing page title).'),
    files: z.array(fontFileSchema).min(1),
  })
  .strict();

/** A link of a footer column: `to` inside the site, `href` anywhere. */
const footerLinkSchema = z
  .object({
    label: z.string().min(1),
    to: z
      .string()
      .regex(/^\/?(?![/\\])(?![a-z][a-z0-9+.-]*:)[^\s\\]*$/i, 'a path of this site')
      .optional()
      .describe('A path of this site (`/general/community`; a missing leading / is added, as Docusaurus does).'),
    href: z.string().optional().describe('A full URL.'),
  })
  .strict()
  .refine((item) => Boolean(item.to) !== Boolean(item.href), { message: 'give either `to` or `href`' });

/** The footer, as Docusaurus's themeConfig.footer: columns of links and a copyright line. */
export const footerSchema = z
  .object({
    style: z.enum(['light', 'dark']).default('light').describe('A light footer, or a dark one in both modes (as Docusaurus).'),
    links: z
      .array(z.object({ title: z.string().optional(), items: z.array(footerLinkSchema) }).strict())
      .default([])
      .describe('Columns of links, each with a title.'),
    copyright: z.string().optional().describe('The copyright line (HTML, sanitized like pages).'),
  })
  .strict();

export type LogoConfig = z.infer<typeof logoSchema>;
export type ColorsConfig = z.infer<typeof colorsSchema>;
export type FontConfig = z.infer<typeof fontSchema>;
export type FooterConfig = z.infer<typeof footerSchema>;
