import type { Problem } from '../../problem.js';
import { parseYaml } from '../yaml.js';
import { normalizeItems, type ConfigItem, type Normalizing, type Path } from './normalize.js';

// The sidebars file as written: our YAML, or a Docusaurus sidebars JSON (the evaluated
// sidebars.js). Both parse as YAML 1.2, so one parser gives line numbers for both.

export type { ConfigItem } from './normalize.js';

/** A sidebars file's sidebars, what is wrong in it item by item, and where each item was written. */
export interface SidebarsFile {
  file: string;
  sidebars: { name: string; label?: string; items: ConfigItem[] }[];
  /** Items that could not be read, each at its line (the items are left out, the rest serves). */
  problems: Problem[];
  /** The line an item was written at, for the problems found when it is expanded. */
  lineOfItem(item: ConfigItem): number | undefined;
}

/** A sidebars file that cannot be used at all (not YAML or JSON, not a map of sidebars), with where and why. */
export class SidebarsError extends Error {
  constructor(readonly error: Problem) {
    super(`${error.file}${error.line ? `:${error.line}` : ''}: ${error.message}`);
    this.name = 'SidebarsError';
  }
}

/** True for our `{label, items}` form of a sidebar (the label names it in the navbar). */
function isLabelledSidebar(value: unknown): value is { label?: unknown; items: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('items' in value)) return false;
  return Object.keys(value).every((key) => key === 'label' || key === 'items');
}

/**
 * Parses a sidebars file (YAML or Docusaurus JSON) and normalises it as Docusaurus does. Throws
 * SidebarsError only when the file is not a map of sidebars; a bad item is a problem at its line.
 */
export function parseSidebarsFile(source: string, file: string): SidebarsFile {
  const parsed = parseYaml(source, file, 'sidebars');
  if (parsed.problem) throw new SidebarsError(parsed.problem);
  return sidebarsOf(parsed.data ?? {}, file, (path) => parsed.lineOf(path));
}

/**
 * Normalises sidebars a site's code computed (its sidebars.js, evaluated in the sandbox): the same
 * rules as a file, with no lines to point at but the file's.
 */
export function sidebarsFromValue(value: unknown, file: string): SidebarsFile {
  return sidebarsOf(value ?? {}, file, () => undefined);
}

/** Sidebars from data, each problem at the line `lineOf` gives its path. */
function sidebarsOf(data: unknown, file: string, lineOf: (path: Path) => number | undefined): SidebarsFile {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new SidebarsError({ code: 'sidebars', file, line: lineOf([]), message: '(top level): a map of sidebar names to sidebars was expected' });
  }
  const problems: Problem[] = [];
  const into: Normalizing = {
    report: (path, message) => problems.push({ code: 'sidebars', file, line: lineOf(path), message }),
    written: new Map(),
  };
  const sidebars = Object.entries(data as Record<string, unknown>).map(([name, sidebar]) => {
    if (!isLabelledSidebar(sidebar)) return { name, items: normalizeItems(sidebar, [name], into) };
    if (sidebar.label !== undefined && typeof sidebar.label !== 'string') into.report([name, 'label'], `${name}.label: a string was expected`);
    const label = typeof sidebar.label === 'string' ? sidebar.label : undefined;
    return { name, label, items: normalizeItems(sidebar.items, [name, 'items'], into) };
  });
  const lineOfItem = (item: ConfigItem): number | undefined => {
    const path: Path | undefined = into.written.get(item);
    return path && lineOf(path);
  };
  return { file, sidebars, problems, lineOfItem };
}
