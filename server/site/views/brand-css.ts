// The brand's stylesheet, written into every page's head after site.css: the palette as the custom
// properties site.css reads, and the brand's fonts. Every value in it was validated (#hex colours,
// plain family names, static paths percent-encoded), so config text never reaches CSS as it was.
import type { FontConfig } from '../../config/brand-config.js';
import type { ModePalette, Palette } from '../../config/brand-palette.js';

/** The system font stack of site.css: the fallback of every brand font. */
const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, sans-serif';

/** Where brand fonts apply: phones keep system fonts (decision 031), as they keep the full navbar hidden. */
export const FONT_MEDIA = '(min-width: 997px)';

/** A static folder path as the URL it is served at, each segment percent-encoded (`/font/A%2CB.woff2`). */
export function staticUrl(path: string): string {
  // A logo or icon may be another site's image or a data: URI (checked by the schema): as written.
  if (/^(https?:|data:)/i.test(path)) return path;
  return `/${path.replace(/^\//, '').split('/').map(encodeURIComponent).join('/')}`;
}

/** The CSS `format()` and preload `type` of a font file, by extension. */
export function fontFormat(src: string): { format: string; type: string } {
  const extension = src.split('.').pop()!.toLowerCase();
  if (extension === 'ttf') return { format: 'truetype', type: 'font/ttf' };
  if (extension === 'otf') return { format: 'opentype', type: 'font/otf' };
  return { format: extension, type: `font/${extension}` };
}

/** One mode's custom properties. */
function properties(mode: ModePalette): string {
  const shades = Object.entries(mode.shades).map(([name, color]) => `--primary-${name}: ${color};`);
  return [`--primary: ${mode.primary};`, ...shades, `--link: ${mode.link};`, `--active-bg: ${mode.activeBg};`].join(' ');
}

/** The palette in the three places site.css sets colours: light, dark by choice, dark by the system's preference. */
function paletteCss(palette: Palette): string[] {
  const dark = properties(palette.dark);
  return [`:root { ${properties(palette.light)} }`, `:root[data-theme="dark"] { ${dark} }`, `@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { ${dark} } }`];
}

/** The `font-family` value of a brand family, system fonts behind it. */
const stack = (font: FontConfig) => `"${font.family}", ${SYSTEM_FONTS}`;

/** The @font-face rules of the brand's fonts, and the rules that use them from FONT_MEDIA up. */
function fontsCss(fonts: readonly FontConfig[]): string[] {
  const faces = fonts.flatMap((font) =>
    font.files.map(
      (file) =>
        `@font-face { font-family: "${font.family}"; src: url("${staticUrl(file.src)}") format("${fontFormat(file.src).format}"); font-weight: ${file.weight ?? '400'}; font-style: ${file.style}; font-display: swap; }`,
    ),
  );
  const uses: string[] = [];
  const text = fonts.find((font) => font.use === 'text');
  const headings = fonts.find((font) => font.use === 'headings');
  const title = fonts.find((font) => font.use === 'title');
  if (text) uses.push(`:root { font-family: ${stack(text)}; }`);
  if (headings) uses.push(`h1, h2, h3, h4, h5, h6 { font-family: ${stack(headings)}; }`);
  if (title) uses.push(`.home-title { font-family: ${stack(title)}; font-weight: 400; }`);
  return uses.length ? [...faces, `@media ${FONT_MEDIA} { ${uses.join(' ')} }`] : [];
}

/** The brand's CSS: its palette, and its fonts unless `withFonts` is false (lite mode); empty with neither. */
export function brandCss(palette: Palette | undefined, fonts: readonly FontConfig[], withFonts: boolean): string {
  const rules = [...(palette ? paletteCss(palette) : []), ...(withFonts ? fontsCss(fonts) : [])];
  // Validated values cannot hold these; never let a mistake end the <style> element.
  return rules.join('\n').replace(/</g, '\\3c ');
}
