import { describe, expect, it } from 'vitest';
import { DOCUSAURUS_COLOR_MODE, colorModeSchema, initialTheme } from './color-mode.js';

describe('initialTheme', () => {
  it("opens in the reader's choice where the site has a switch", () => {
    expect(initialTheme(DOCUSAURUS_COLOR_MODE, 'dark')).toBe('dark');
  });
  it("opens in Docusaurus's default mode (light) when the system's preference is not respected", () => {
    expect(initialTheme(DOCUSAURUS_COLOR_MODE, undefined)).toBe('light');
    expect(initialTheme({ ...DOCUSAURUS_COLOR_MODE, defaultMode: 'dark' }, undefined)).toBe('dark');
  });
  it("leaves the mode to the system when the site respects it (docsite.yaml's default)", () => {
    expect(initialTheme(colorModeSchema.parse({}), undefined)).toBeUndefined();
  });
  it("ignores a reader's old choice when the site has no switch", () => {
    expect(initialTheme({ defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false }, 'light')).toBe('dark');
  });
});
