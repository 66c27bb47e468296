// The classic theme's `themeConfig.colorMode`: the mode a page opens in, whether the reader may switch
// it, and whether the system's preference (`prefers-color-scheme`) decides when the reader has not.
// Docusaurus's defaults are light, switchable, system ignored; docsite.yaml's own default follows the
// system, as docsite always did. Rules: Docusaurus's theme-classic inline theme script and
// `NavbarColorModeToggle` (no switch when `disableSwitch`).
import { z } from 'zod';

/** `colorMode` as docsite.yaml and a Docusaurus config write it. */
export const colorModeSchema = z
  .object({
    defaultMode: z.enum(['light', 'dark']).default('light').describe('The mode a page opens in when neither the reader nor (if respected) the system chose one.'),
    disableSwitch: z.boolean().default(false).describe('No light/dark switch: every page is in `defaultMode` (or the system’s mode, if respected).'),
    respectPrefersColorScheme: z.boolean().default(true).describe("The system's preference (prefers-color-scheme) comes before `defaultMode` (Docusaurus's default: false)."),
  })
  .strict();

/** A site's colour mode settings, defaults applied. */
export type ColorMode = z.infer<typeof colorModeSchema>;

/** The defaults of Docusaurus's classic theme, for a Docusaurus config that leaves some out. */
export const DOCUSAURUS_COLOR_MODE: ColorMode = { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false };

/**
 * The `data-theme` a page is sent with: the reader's choice (a cookie) where a switch exists, else
 * none when the system decides (CSS media queries, then a small script, set it), else `defaultMode`.
 */
export function initialTheme(colorMode: ColorMode, chosen: 'light' | 'dark' | undefined): 'light' | 'dark' | undefined {
  if (chosen && !colorMode.disableSwitch) return chosen;
  return colorMode.respectPrefersColorScheme ? undefined : colorMode.defaultMode;
}
