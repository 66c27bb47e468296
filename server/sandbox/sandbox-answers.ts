// The sandbox's answers to the engine's questions (resolve, load, read, stat, list, shims, island),
// from one commit's files, recording what each evaluation looked at (sandbox.ts runs evaluations).
import { repositoryPath, type SiteFiles } from './site-files.js';
import { moduleCode, resolveModule } from './site-modules.js';
import { fileModule, isFileModule } from './asset-modules.js';
import type { PackageFolder } from './site-packages.js';
import { shimsScript } from './shims.js';
import { unistScript } from './unist-shims.js';

/** What one evaluation's answers record: the files looked at, packages stubbed, transpiled lines, islands finished. */
export interface RunRecord {
  look: (key: string) => void;
  stubbed: Map<string, string>;
  lineMaps: Map<string, number[]>;
  /** The compiled CSS of the CSS modules loaded, by repository path. */
  styles: Map<string, string>;
  finished: { index: number; result: unknown }[];
  packages?: PackageFolder;
  /** The site's folder: where `@site/` leads. */
  siteDir: string;
  /** The static folders, where a module path from the root is looked for. */
  roots: readonly string[];
}

/** Answers one question of the engine from the commit's files, as JSON. */
export async function answer(question: string, files: SiteFiles, run: RunRecord): Promise<string> {
  const { look, stubbed, lineMaps } = run;
  try {
    const asked = JSON.parse(question) as { op: string; specifier?: string; from?: string; path?: string; index?: number; result?: unknown };
    if (asked.op === 'island') {
      run.finished.push({ index: asked.index ?? -1, result: asked.result });
      return JSON.stringify({ value: null });
    }
    // A remark plugin begins (remark-step.ts): the last one told is the one a limit stopped.
    if (asked.op === 'plugin') {
      run.finished.push({ index: asked.index ?? -1, result: 'started' });
      return JSON.stringify({ value: null });
    }
    if (asked.op === 'unist') return JSON.stringify({ value: await unistScript() });
    if (asked.op === 'shims') return JSON.stringify({ value: await shimsScript() });
    if (asked.op === 'resolve' || asked.op === 'load') {
      const resolved = resolveModule(asked.specifier ?? '', asked.from ?? '/site/', files, look, run.packages, run.siteDir, run.roots);
      if ('refused' in resolved) return JSON.stringify({ error: `node's "${resolved.refused}" module is not available to a site's code`, code: 'MODULE_NOT_FOUND' });
      if ('stub' in resolved) {
        if (!stubbed.has(resolved.stub)) stubbed.set(resolved.stub, repositoryPath(asked.from ?? '') ?? '');
        // A package the site's build had installed (`require.resolve('@fontsource/x/index.css')` in a
        // config): a path where it would be stands in, so the config still gives the rest of its values.
        return JSON.stringify(asked.op === 'resolve' ? { value: { id: standInPath(resolved.stub, run.siteDir) } } : { value: resolved });
      }
      if ('installed' in resolved) {
        const code = asked.op === 'load' ? await moduleCode(resolved.installed.slice(1), run.packages?.read(resolved.installed) ?? '') : undefined;
        return JSON.stringify({ value: { id: resolved.installed, code } });
      }
      if ('shim' in resolved || asked.op === 'resolve') return JSON.stringify({ value: 'shim' in resolved ? resolved : { id: resolved.id } });
      look(`f:${resolved.path}`);
      // An image or other file is its URL: its bytes are never read as text.
      const oid = files.oid(resolved.path);
      if (isFileModule(resolved.path) && oid) return JSON.stringify({ value: { id: resolved.id, code: fileModule(resolved.path, oid) } });
      const text = (await files.read(resolved.path)) ?? '';
      return JSON.stringify({ value: { id: resolved.id, code: await moduleCode(resolved.path, text, lineMaps, run.styles) } });
    }
    const file = repositoryPath(asked.path ?? '');
    if (file === undefined) return JSON.stringify({ value: null });
    if (asked.op === 'read') {
      look(`f:${file}`);
      return JSON.stringify({ value: (await files.read(file)) ?? null });
    }
    look(`d:${file}`);
    const entries = files.list(file);
    if (asked.op === 'list') return JSON.stringify({ value: entries ?? null });
    look(`f:${file}`);
    if (entries) return JSON.stringify({ value: { type: 'dir', size: 0 } });
    const size = await files.size(file);
    return JSON.stringify({ value: size === undefined ? null : { type: 'file', size } });
  } catch (error) {
    // A file that does not parse or transpile: the engine throws this where the code required it.
    return JSON.stringify({ error: (error as Error).message });
  }
}

/** Where an installed package would be for the site: `/site/{siteDir}/node_modules/{specifier}`. */
function standInPath(specifier: string, siteDir: string): string {
  return `/site/${siteDir ? `${siteDir}/` : ''}node_modules/${specifier.replace(/^\.*\/+/, '')}`;
}
