import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contrast, parseHex, shadesOf, toHex } from './colors.js';
import { DARK_SURFACES, LIGHT_SURFACES, linkContrast, paletteOf } from './brand-palette.js';

describe('colour arithmetic', () => {
  it('reads #rgb and #rrggbb, and refuses anything else', () => {
    expect(parseHex('#bd5b00')).toEqual([189, 91, 0]);
    expect(toHex(parseHex('#AbC'))).toBe('#aabbcc');
    for (const bad of ['bd5b00', '#bd5b0', '#bd5b0080', 'red', '#ggg', '#fff;}']) expect(() => parseHex(bad)).toThrow();
  });

  it('measures WCAG 2 contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#bd5b00', '#bd5b00')).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 fails.
    expect(contrast('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it("makes the shades Docusaurus's colour generator makes: upstream's own, from its primary colours", () => {
    // Upstream's src/css/custom.css, light and dark.
    expect(shadesOf('#bd5b00')).toEqual({ dark: '#aa5200', darker: '#a14d00', darkest: '#844000', light: '#d06400', lighter: '#d96900', lightest: '#f67600' });
    expect(shadesOf('#f4963e')).toEqual({ dark: '#f28621', darker: '#f27e13', darkest: '#cb680c', light: '#f6a65b', lighter: '#f6ae69', lightest: '#f9c595' });
  });
});

describe('the brand palette', () => {
  it("keeps upstream's colours, with no warning, and links that read on every surface", () => {
    const palette = paletteOf({ primary: '#bd5b00', darkMode: { primary: '#f4963e' } })!;
    expect(palette.warnings).toEqual([]);
    expect(palette.light.primary).toBe('#bd5b00');
    expect(palette.dark.primary).toBe('#f4963e');
    expect(palette.light.shades.darkest).toBe('#844000');
    expect(linkContrast(palette.light, 'light')).toBeGreaterThanOrEqual(4.5);
    expect(linkContrast(palette.dark, 'dark')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps shades that are given, and derives the others', () => {
    const palette = paletteOf({ primary: '#bd5b00', shades: { dark: '#123456' } })!;
    expect(palette.light.shades.dark).toBe('#123456');
    expect(palette.light.shades.darker).toBe('#a14d00');
  });

  it('derives a dark-mode colour from the one given, lighter, that passes AA on the dark background', () => {
    const palette = paletteOf({ primary: '#0e7c6b' })!;
    expect(palette.warnings).toEqual([]);
    expect(palette.dark.primary).not.toBe('#0e7c6b');
    expect(contrast(palette.dark.primary, DARK_SURFACES.bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#0e7c6b', DARK_SURFACES.bg)).toBeLessThan(4.5);
  });

  it('warns of a colour that fails AA on its background, and uses the nearest one that passes', () => {
    const palette = paletteOf({ primary: '#ffcc00', darkMode: { primary: '#332200' } })!;
    expect(palette.warnings).toHaveLength(2);
    expect(palette.warnings[0]).toMatch(
      /^colors\.primary #ffcc00 has a contrast of 1\.5\d:1 on the light background #ffffff; WCAG AA needs 4\.5:1 for text\. The site uses #[0-9a-f]{6} instead\.$/,
    );
    expect(palette.warnings[1]).toMatch(/^colors\.darkMode\.primary #332200 .* on the dark background #1b1b1d/);
    expect(contrast(palette.light.primary, LIGHT_SURFACES.bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.dark.primary, DARK_SURFACES.bg)).toBeGreaterThanOrEqual(4.5);
    // Same hue, only darker: still the brand's yellow.
    const [r, g, b] = parseHex(palette.light.primary);
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it('gives links that pass AA on every surface in both modes, whatever the colour given', () => {
    const hex = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((rgb) => toHex(rgb));
    fc.assert(
      fc.property(hex, fc.option(hex, { nil: undefined }), (primary, dark) => {
        const palette = paletteOf({ primary, darkMode: dark ? { primary: dark } : undefined })!;
        return linkContrast(palette.light, 'light') >= 4.5 && linkContrast(palette.dark, 'dark') >= 4.5;
      }),
      { numRuns: 300 },
    );
  });
});
