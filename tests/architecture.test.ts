// The shape of the house (issue 42, decision 010): app/ and bin/ reach server/ through their façades
// only, no module imports itself back through others (at run time), and no file grows past what one
// reader keeps in mind. Read from the sources as text: nothing here runs them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every TypeScript source (or file whose name matches `pattern`) below `dir`, as repository paths. */
function sources(dir: string, pattern = /\.tsx?$/): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => path.join(dir, file));
}

/** The relative imports of a file that load a module at run time (`import type` and `export type` do not), resolved to paths. */
function valueImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
    if (match[1]) continue;
    found.push(resolve(file, match[2]));
  }
  return found;
}

/** Where an import specifier of `from` points: the `.ts`/`.tsx` file a `.js` name stands for. */
function resolve(from: string, specifier: string): string {
  const base = path.join(path.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return base;
}

/** Files with their line counts over `max`. */
function longerThan(files: string[], max: number): string[] {
  return files.flatMap((file) => {
    const lines = fs.readFileSync(file, 'utf8').split('\n').length - 1;
    return lines > max ? [`${file}: ${lines} lines`] : [];
  });
}

const FACADES = { app: ['server/site/index.ts'], bin: ['server/site/index.ts', 'server/host.ts'] };

describe('the shape of the house', () => {
  for (const [layer, allowed] of Object.entries(FACADES)) {
    it(`${layer}/ reaches server/ through ${allowed.join(' and ')} only`, () => {
      const past = sources(layer).flatMap((file) =>
        (fs.readFileSync(file, 'utf8').match(/from\s+['"][^'"]*\/server\/[^'"]+['"]/g) ?? [])
          .map((text) => resolve(file, text.replace(/^from\s+['"]|['"]$/g, '')))
          .filter((target) => !allowed.includes(target))
          .map((target) => `${file} -> ${target}`),
      );
      expect(past).toEqual([]);
    });
  }

  it('has no cycle of run-time imports in server/, app/ or bin/', () => {
    const files = [...sources('server'), ...sources('app'), ...sources('bin')].filter((file) => !/\.test\.tsx?$/.test(file));
    const graph = new Map(files.map((file) => [file, valueImports(file).filter((target) => files.includes(target))]));
    // Depth-first search; a back edge closes a cycle.
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), file, next].join(' -> '));
        else if (!state.has(next)) visit(next, [...trail, file]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps every code file and stylesheet under 300 lines, the site class under 250 and route modules under 60', () => {
    const code = [...sources('server'), ...sources('app'), ...sources('bin'), ...sources('tests'), ...sources('bench'), ...sources('app/styles', /\.css$/)];
    expect(longerThan(code, 300)).toEqual([]);
    expect(longerThan(['server/site/site.ts'], 250)).toEqual([]);
    expect(longerThan(sources('app/routes'), 60)).toEqual([]);
  });
});
