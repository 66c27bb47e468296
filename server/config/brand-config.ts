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

/** The image types a browser draws as an `<img>` (icons included). */
const IMAGE_EXTENSIONS = 'svg|png|jpe?g|gif|webp|avif|ico|bmp';

/**
 * An image: a path of the static folders with an image extension, an http(s) URL, or a `data:`
 * URI of an image (an `<img>` never runs an SVG's script, whatever its source).
 */
export function imageSource(example: string) {
  return z.union([
    staticPath(IMAGE_EXTENSIONS, example),
    z.string().regex(/^https?:\/\/[^\s"'<>\\]+$/i, 'an http(s) URL'),
    z.string().regex(/^data:image\/[\w.+-]+(;[\w=.+-]+)*(;base64)?,[^\s"'<>]*$/i, 'a data: URI of an image'),
  ]);
}

/** A size of the logo: `138`, `'138px'`, `'2rem'`, `'100%'` or `'auto'` (Docusaurus puts it in the `<img>`'s attributes). */
const size = z.union([z.number().positive().max(2000), z.string().regex(/^(\d{1,4}(\.\d+)?(px|%|r?em|vw|vh)?|auto)$/, 'a size such as 138, 138px, 2rem, 100% or auto')]);

/** The navbar's logo, as Docusaurus's themeConfig.navbar.logo. */
export const logoSchema = z
  .object({
    src: imageSource('img/logo.svg').describe('The logo: a file of the static folders, an http(s) URL or a data: URI.'),
    srcDark: imageSource('img/logo-dark.svg').optional().describe('The logo in dark mode; default: `src`.'),
    alt: z.string().optional().describe("The logo's text alternative; default: the navbar title, or the site title when the navbar has none."),
    href: z.string().optional().describe("Where the logo links; default: the site's home."),
    target: z.string().optional(),
    width: size.optional().describe('Its width (reserved before it loads).'),
    height: size.optional().describe('Its height; default: 32 px (the navbar is 56 px high).'),
    className: z
      .string()
      .regex(/^[\w -]{0,200}$/)
      .optional(),
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

/** A link of a footer column: `to` inside the site, `href` anywhere; or HTML of its own (sanitized like pages). */
const footerLinkSchema = z.union([
  z.object({ html: z.string().describe('HTML in place of a link (sanitized like pages).') }).strict(),
  z
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
    .refine((item) => Boolean(item.to) !== Boolean(item.href), { message: 'give either `to` or `href`' }),
]);

/** The footer, as Docusaurus's themeConfig.footer: columns of links and a copyright line. */
export const footerSchema = z
  .object({
    style: z.enum(['light', 'dark']).default('light').describe('A light footer, or a dark one in both modes (as Docusaurus).'),
    links: z
      .array(z.object({ title: z.string().optional(), items: z.array(footerLinkSchema) }).strict())
      .default([])
      .describe('Columns of links, each with a title.'),
    copyright: z.string().optional().describe('The copyright line (HTML, sanitized like pages).'),
    logo: z
      .object({
        src: imageSource('img/footer-logo.svg'),
        srcDark: imageSource('img/footer-logo-dark.svg').optional(),
        alt: z.string().optional(),
        href: z.string().optional(),
        width: size.optional(),
        height: size.optional(),
        target: z.string().optional(),
        className: z.string().optional(),
      })
      .strict()
      .optional()
      .describe("A logo above the copyright line, as Docusaurus's footer.logo."),
  })
  .strict();

export type LogoConfig = z.infer<typeof logoSchema>;
export type ColorsConfig = z.infer<typeof colorsSchema>;
export type FontConfig = z.infer<typeof fontSchema>;
export type FooterConfig = z.infer<typeof footerSchema>;
