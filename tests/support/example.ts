// docsite's own configuration for the flat corpus (tests/support/moodle-flat), read at run time.
import fs from 'node:fs';
import path from 'node:path';
import { corpusRepo } from './corpus.js';

/** The folder of docsite's own configuration for the flat corpus (it has no JavaScript to read). */
const FLAT_DIR = path.resolve('tests/support/moodle-flat');

/**
 * The configuration for the flat corpus (`general/` and `data/` of upstream at one commit), as
 * files to commit at its root: the `general` instance alone, as the single docs folder, with its
 * sidebars as data (the native generators in place of upstream's sidebars/general.js).
 */
export function exampleConfig(): Record<string, string> {
  return Object.fromEntries(['docsite.yaml', 'sidebars.general.yaml'].map((file) => [file, fs.readFileSync(path.join(FLAT_DIR, file), 'utf8')]));
}

/** A git repository of the corpus served with the example configuration. */
export function exampleCorpusRepo(): string {
  return corpusRepo(exampleConfig());
}
