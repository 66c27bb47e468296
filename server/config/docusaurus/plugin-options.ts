// The content plugins of a Docusaurus config, where its presets and plugin lists put them: the
// classic preset's `docs` and `blog` options, and each `@docusaurus/plugin-content-docs` and
// `-blog` entry, with the key path a problem names them by (`presets[0].docs`, `plugins[2]`).

/** True for a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A function of the config as the sandbox reports it: its index, name and the module it came from. */
export interface CodeFunction {
  $function: number;
  name?: string;
  module?: string;
}

/** True for a function the sandbox reported. */
export function isCodeFunction(value: unknown): value is CodeFunction {
  return isRecord(value) && typeof value.$function === 'number';
}

/** One content plugin's options and where the config wrote them. */
export interface PluginOptions {
  options: Record<string, unknown>;
  /** Its key path in the config: `presets[0].docs`, `plugins[2]`. */
  at: string;
}

/** A preset or plugin entry as `[name, options]` (Docusaurus accepts a name alone, `[name]`, or a function). */
function entryOf(entry: unknown): [string, Record<string, unknown>] | undefined {
  if (typeof entry === 'string') return [entry, {}];
  if (Array.isArray(entry) && typeof entry[0] === 'string') return [entry[0], isRecord(entry[1]) ? entry[1] : {}];
  // A plugin given as a module the sandbox reported by package (`require('@docusaurus/plugin-content-docs')`).
  if (Array.isArray(entry) && isRecord(entry[0]) && typeof entry[0].$package === 'string') return [entry[0].$package, isRecord(entry[1]) ? entry[1] : {}];
  return undefined;
}

/** True for the classic preset by any of the names Docusaurus resolves to it (`classic`, `@docusaurus/preset-classic`, a scoped `preset-classic`). */
function isClassicPreset(name: string): boolean {
  return /(^|\/|-)classic$/.test(name);
}

/** The entries of one list of the config (`presets`, `plugins`, `themes`) with their index. */
export function entriesOf(list: unknown): { name: string; options: Record<string, unknown>; index: number }[] {
  return (Array.isArray(list) ? list : []).flatMap((entry, index) => {
    const found = entryOf(entry);
    return found ? [{ name: found[0], options: found[1], index }] : [];
  });
}

/**
 * The options of every instance of a content plugin (`docs`, `blog` or `pages`), in Docusaurus's
 * order: the classic presets' first (on unless their option is `false`), then the plugins list.
 */
export function contentPlugins(config: Record<string, unknown>, kind: 'docs' | 'blog' | 'pages'): PluginOptions[] {
  const found: PluginOptions[] = [];
  for (const { name, options, index } of entriesOf(config.presets)) {
    if (isClassicPreset(name) && options[kind] !== false) found.push({ options: isRecord(options[kind]) ? options[kind] : {}, at: `presets[${index}].${kind}` });
  }
  const plugin = new RegExp(`(^|/)(plugin-)?content-${kind}$`);
  for (const { name, options, index } of entriesOf(config.plugins)) if (plugin.test(name)) found.push({ options, at: `plugins[${index}]` });
  return found;
}
