// The presets the site runs with, and the one place that combines them (docs/decisions/011-moodle-preset.md).
// The generic renderer and sidebar code receive what this builds; they never import a preset.
import type { ElementContent } from 'hast';
import { DOCUSAURUS_COMPONENTS, mergeComponentSets, type ComponentSet } from '../markdown/components/index.js';
import type { SidebarGenerator } from '../content/sidebars/types.js';
import type { Problem } from '../problem.js';
import type { KnownPlugins } from '../config/docusaurus/from-docusaurus.js';
import { moodle } from './moodle/index.js';
import type { BannerInput, Preset, ReadFile } from './types.js';

export type { BannerInput, ReadFile } from './types.js';

/** Every preset, in the order their names win over each other's. */
const PRESETS: readonly Preset[] = [moodle as Preset];

/** Docusaurus's components and every preset's, as one set. */
export const SITE_COMPONENTS: ComponentSet = mergeComponentSets(DOCUSAURUS_COMPONENTS, ...PRESETS);

/** Every preset's data at one commit, by preset name, and the problems of its broken data files. */
export interface PresetData {
  data: Readonly<Record<string, unknown>>;
  problems: Readonly<Record<string, Problem[]>>;
}

/** Every file the presets read their data from: two commits with the same blobs here have the same preset data. */
export const PRESET_DATA_FILES: readonly string[] = PRESETS.flatMap((preset) => preset.dataFiles);

/** Reads every preset's data files at one commit; never throws. A preset may read only the files it declares. */
export async function loadPresetData(read: ReadFile): Promise<PresetData> {
  const declared = new Set(PRESET_DATA_FILES);
  const readDeclared: ReadFile = (file) => {
    if (!declared.has(file)) throw new Error(`A preset read ${file}, which is not in its dataFiles: its data would be reused across commits where that file differs.`);
    return read(file);
  };
  const loaded = await Promise.all(PRESETS.map(async (preset) => ({ name: preset.name, ...(await preset.loadData(readDeclared)) })));
  return { data: Object.fromEntries(loaded.map(({ name, data }) => [name, data])), problems: Object.fromEntries(loaded.map(({ name, problems }) => [name, problems])) };
}

/** Every problem of every preset's data files. */
export function dataProblems(presetData: PresetData): Problem[] {
  return Object.values(presetData.problems).flat();
}

/**
 * The data-file problems that concern one page or sidebar: those of each preset whose components
 * it uses, whose banner it shows, or whose generators it ran. A reader sees why a release table
 * or banner is empty; pages that use no data are not cluttered.
 */
export function problemsFor(presetData: PresetData, used: { components?: readonly string[]; banner?: boolean; generators?: readonly string[] }): Problem[] {
  return PRESETS.flatMap((preset) => {
    const problems = presetData.problems[preset.name] ?? [];
    if (!problems.length) return [];
    const generators = Object.keys(preset.generators(presetData.data[preset.name]));
    const uses = used.banner || used.components?.some((name) => Object.hasOwn(preset.components, name)) || used.generators?.some((name) => generators.includes(name));
    return uses ? problems : [];
  });
}

/** Every preset's sidebar generators, bound to one commit's data. */
export function sidebarGenerators(presetData: PresetData): Record<string, SidebarGenerator> {
  return Object.assign({}, ...PRESETS.map((preset) => preset.generators(presetData.data[preset.name])));
}

/** What docsite does instead of the remark plugins it knows, by the plugin module's repository path. */
export const KNOWN_REMARK_PLUGINS: KnownPlugins = Object.assign({}, ...PRESETS.map((preset) => preset.remarkPlugins ?? {}));

/** Every preset's banner for a page on a date. */
export function pageBanner(input: BannerInput, presetData: PresetData, now: Date): ElementContent[] {
  return PRESETS.flatMap((preset) => preset.banner(input, presetData.data[preset.name], now));
}
