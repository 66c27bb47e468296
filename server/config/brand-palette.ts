// The brand's colours as the site uses them, in light and dark mode: the primary colour and its
// shades, the link colour and the tint of the current item, each checked against the surfaces
// text is read on (WCAG AA). A primary that fails on its own background is a problem the author is
// told about, and the site uses the nearest colour that passes instead.
import type { ColorsConfig } from './brand-config.js';
import { AA, contrast, mix, readableNear, shadesOf, SHADE_NAMES, worstContrast, type Shades } from './colors.js';

/** The surfaces of one mode of site.css and markdown.css that links are read on. */
interface Surfaces {
  /** The page background (`--bg`). */
  bg: string;
  /** Code (`--code-bg`): a link around inline code. */
  code: string;
  /** The admonition colours, drawn at 10% over the background (markdown.css). */
  admonitions: readonly string[];
  /** How much of the primary colour tints the current item's background (`--active-bg`). */
  tint: number;
  /** docsite's own link colour: the fallback when no colour reads well. */
  fallback: string;
}

/** Keep in step with app/styles/site.css and markdown.css. */
const ADMONITIONS = ['#4f6b8a', '#2e7d32', '#0b62c4', '#a15c00', '#b3261e'];
export const LIGHT_SURFACES: Surfaces = { bg: '#ffffff', code: '#f4f5f7', admonitions: ADMONITIONS, tint: 0.08, fallback: '#0b5cb8' };
export const DARK_SURFACES: Surfaces = { bg: '#1b1b1d', code: '#26282c', admonitions: ADMONITIONS, tint: 0.15, fallback: '#7ab7ff' };

/** The colours of one mode, ready for CSS custom properties. */
export interface ModePalette {
  primary: string;
  shades: Shades;
  /** The link colour (`--link`): the primary, or the nearest colour to it that reads on every surface. */
  link: string;
  /** The current item's background (`--active-bg`): a tint of the primary. */
  activeBg: string;
}

/** Both modes' colours, and what the author should know about them. */
export interface Palette {
  light: ModePalette;
  dark: ModePalette;
  /** Each a sentence naming the key, the colour, its contrast and what is used instead. */
  warnings: string[];
}

/** Every surface a link in `color` is read on, its own tint included. */
function surfacesFor(surfaces: Surfaces): (color: string) => string[] {
  return (color) => [surfaces.bg, surfaces.code, mix(color, surfaces.bg, surfaces.tint), ...surfaces.admonitions.map((tone) => mix(tone, surfaces.bg, 0.1))];
}

/** `4.51:1`. */
const ratio = (value: number) => `${(Math.floor(value * 100) / 100).toFixed(2)}:1`;

/**
 * One mode's colours from a primary colour (`key` names it in warnings). A primary that fails AA
 * on the background is replaced, with a warning; one that passes there but not on a tinted surface
 * (code, the current item, admonitions) keeps its place as the primary, and links use the nearest
 * colour that passes everywhere, with no warning: the author's colour was fine where they chose it.
 */
function modePalette(key: string, given: string, givenShades: Partial<Shades> | undefined, surfaces: Surfaces, mode: 'light' | 'dark', warnings: string[]) {
  const toward = mode === 'light' ? 'darker' : 'lighter';
  const onBackground = contrast(given, surfaces.bg);
  let primary = given;
  if (onBackground < AA) {
    primary = readableNear(given, () => [surfaces.bg], toward) ?? surfaces.fallback;
    warnings.push(
      `${key} ${given} has a contrast of ${ratio(onBackground)} on the ${mode} background ${surfaces.bg}; WCAG AA needs ${AA}:1 for text. The site uses ${primary} instead.`,
    );
  }
  const surfacesOf = surfacesFor(surfaces);
  const link = readableNear(primary, surfacesOf, toward) ?? surfaces.fallback;
  const derived = shadesOf(primary);
  const shades = Object.fromEntries(SHADE_NAMES.map((name) => [name, (primary === given && givenShades?.[name]) || derived[name]])) as Shades;
  return { primary, shades, link, activeBg: mix(link, surfaces.bg, surfaces.tint) };
}

/**
 * The palette of a `colors` configuration (undefined: none, docsite's own colours stay). Dark mode
 * without colours of its own starts from the configured primary, made light enough to read on the dark
 * background (as Docusaurus advises: a lighter palette in dark mode).
 */
export function paletteOf(colors: ColorsConfig | undefined): Palette | undefined {
  if (!colors) return undefined;
  const warnings: string[] = [];
  const light = modePalette('colors.primary', colors.primary, colors.shades, LIGHT_SURFACES, 'light', warnings);
  const dark = colors.darkMode
    ? modePalette('colors.darkMode.primary', colors.darkMode.primary, colors.darkMode.shades, DARK_SURFACES, 'dark', warnings)
    : modePalette('colors.primary', readableNear(colors.primary, () => [DARK_SURFACES.bg], 'lighter') ?? DARK_SURFACES.fallback, undefined, DARK_SURFACES, 'dark', warnings);
  return { light, dark, warnings };
}

/** The worst contrast of a mode's link colour on its surfaces (for tests and benchmarks). */
export function linkContrast(palette: ModePalette, mode: 'light' | 'dark'): number {
  return worstContrast(palette.link, surfacesFor(mode === 'light' ? LIGHT_SURFACES : DARK_SURFACES)(palette.link));
}
