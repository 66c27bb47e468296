// Colour arithmetic for the site's brand (docsite.yaml `colors`): #hex colours, the shades
// Docusaurus's colour generator makes from one primary colour, and WCAG 2 contrast.

/** A colour as 0-255 red, green and blue. */
export type Rgb = readonly [number, number, number];

/** A strict #rgb or #rrggbb colour (no alpha: contrast needs an opaque colour). */
export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The channels of a #rgb or #rrggbb colour. */
export function parseHex(hex: string): Rgb {
  if (!HEX_COLOR.test(hex)) throw new Error(`not a #hex colour: ${hex}`);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb;
}

/** `#rrggbb`, lower case, channels rounded and clamped. */
export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Hue (0-360), saturation and lightness (0-1) of a colour. */
function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rf ? (gf - bf) / d + (gf < bf ? 6 : 0) : max === gf ? (bf - rf) / d + 2 : (rf - gf) / d + 4;
  return [h * 60, s, l];
}

/** The colour of a hue, saturation and lightness. */
function fromHsl([h, s, l]: [number, number, number]): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** The colour with its HSL lightness set to `lightness` (0-1). */
export function withLightness(hex: string, lightness: number): string {
  const [h, s] = toHsl(parseHex(hex));
  return toHex(fromHsl([h, s, Math.min(1, Math.max(0, lightness))]));
}

/** The HSL lightness of a colour (0-1). */
export function lightnessOf(hex: string): number {
  return toHsl(parseHex(hex))[2];
}

/** The names of Docusaurus's primary shades (`--ifm-color-primary-dark` ...). */
export const SHADE_NAMES = ['dark', 'darker', 'darkest', 'light', 'lighter', 'lightest'] as const;
export type ShadeName = (typeof SHADE_NAMES)[number];
export type Shades = Record<ShadeName, string>;

/** How much each shade darkens (negative) or lightens the primary's lightness, as Docusaurus's colour generator. */
const SHADE_STEPS: Record<ShadeName, number> = { dark: -0.1, darker: -0.15, darkest: -0.3, light: 0.1, lighter: 0.15, lightest: 0.3 };

/** The six shades of a primary colour, made as Docusaurus's colour generator makes them (lightness scaled by 10, 15 and 30%). */
export function shadesOf(primary: string): Shades {
  const l = lightnessOf(primary);
  return Object.fromEntries(SHADE_NAMES.map((name) => [name, withLightness(primary, l * (1 + SHADE_STEPS[name]))])) as Shades;
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const linear = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
}

/** The WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text. */
export const AA = 4.5;

/** `weight` of `a` mixed into `b`, channel by channel (CSS `color-mix(in srgb, a weight, b)`). */
export function mix(a: string, b: string, weight: number): string {
  const [ca, cb] = [parseHex(a), parseHex(b)];
  return toHex([0, 1, 2].map((i) => ca[i] * weight + cb[i] * (1 - weight)) as unknown as Rgb);
}

/** The lowest contrast of a colour against each surface it is read on. */
export function worstContrast(color: string, surfaces: readonly string[]): number {
  return Math.min(...surfaces.map((surface) => contrast(color, surface)));
}

/**
 * The colour nearest `color` (same hue and saturation) that reads at WCAG AA on every surface that
 * `surfacesOf` gives for it: darker on light surfaces, lighter on dark ones. Undefined when no
 * lightness does (surfaces of middle grey).
 */
export function readableNear(color: string, surfacesOf: (color: string) => readonly string[], toward: 'darker' | 'lighter'): string | undefined {
  // The surfaces may depend on the colour (a tint of it): test each candidate against its own.
  const passes = (candidate: string) => worstContrast(candidate, surfacesOf(candidate)) >= AA;
  if (passes(color)) return color;
  const start = lightnessOf(color);
  for (let step = 1; step <= 100; step++) {
    const lightness = toward === 'darker' ? start - step / 100 : start + step / 100;
    if (lightness < 0 || lightness > 1) break;
    const candidate = withLightness(color, lightness);
    if (passes(candidate)) return candidate;
  }
  return undefined;
}
