// The example configuration for the upstream repository (examples/moodle-devdocs), read at run time.
import fs from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { corpusRepo } from './corpus.js';

/** The folder of the example configuration: DOCSITE_CONFIG is its docsite.yaml. */
export const EXAMPLE_DIR = path.resolve('examples/moodle-devdocs');

/** The example's docsite.yaml, for serving the whole upstream repository (the bundle) as it is. */
export const EXAMPLE_CONFIG = path.join(EXAMPLE_DIR, 'docsite.yaml');

/**
 * The example configuration for the flat corpus (`general/` and `data/` of upstream at one commit),
 * as files to commit at its root: the `general` instance alone, as the single docs folder (the corpus
 * has no `docs/`), with its sidebars, and no navbar (which links into `docs/`), favicon or fonts
 * (it has no `static/`).
 */
export function exampleConfig(): Record<string, string> {
  const config = parse(fs.readFileSync(EXAMPLE_CONFIG, 'utf8')) as { docs: unknown; navbar?: unknown; favicon?: unknown; fonts?: unknown };
  const { id: _id, ...general } = (config.docs as { id: string }[]).find((instance) => instance.id === 'general')!;
  config.docs = general;
  delete config.navbar;
  delete config.favicon;
  delete config.fonts;
  return { 'docsite.yaml': stringify(config), 'sidebars.general.yaml': fs.readFileSync(path.join(EXAMPLE_DIR, 'sidebars.general.yaml'), 'utf8') };
}

/** A git repository of the corpus served with the example configuration. */
export function exampleCorpusRepo(): string {
  return corpusRepo(exampleConfig());
}
