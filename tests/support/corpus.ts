// The shared real-world corpus and its Docusaurus oracle, read from ../shared (never copied).
import fs from 'node:fs';
import path from 'node:path';
import { corpusDir, corpusContent } from './requirements.js';
import { repoFromFolder, tempDir } from './repos.js';

/** One row of the oracle's docs table. */
export interface OracleDoc {
  id: string;
  title: string;
  sidebar: string;
  permalink: string;
  source: string;
  sidebarPosition: string;
  sidebarLabel: string;
  moodleVersion: string;
}

/** The 742 docs a real Docusaurus build produced from the corpus. */
export function oracleDocs(): OracleDoc[] {
  const [, ...rows] = fs.readFileSync(path.join(corpusDir, 'oracle/docusaurus-docs.general.tsv'), 'utf8').trimEnd().split('\n');
  return rows.map((row) => {
    const [id, title, sidebar, permalink, source, sidebarPosition, sidebarLabel, moodleVersion] = row.split('\t');
    return { id, title, sidebar, permalink, source, sidebarPosition, sidebarLabel, moodleVersion };
  });
}

/** A temp git repository holding the corpus (plus `extra` files, e.g. a site configuration). */
export function corpusRepo(extra: Record<string, string> = {}): string {
  return repoFromFolder(corpusContent, path.join(tempDir('docsite-corpus-'), 'repo'), extra);
}
