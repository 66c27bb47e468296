// The example configuration for the upstream corpus (examples/moodle-devdocs), read at run time.
import fs from 'node:fs';
import path from 'node:path';
import { corpusRepo } from './corpus.js';

/** examples/moodle-devdocs/{docsite,sidebars}.yaml, by file name at the repository root. */
export function exampleConfig(): Record<string, string> {
  const dir = path.resolve('examples/moodle-devdocs');
  return Object.fromEntries(['docsite.yaml', 'sidebars.yaml'].map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]));
}

/** A git repository of the corpus served with the example configuration. */
export function exampleCorpusRepo(): string {
  return corpusRepo(exampleConfig());
}
