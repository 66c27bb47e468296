// The shared real-world corpus and its Docusaurus oracle, read from ../shared (never copied).
import fs from 'node:fs';
import path from 'node:path';
import { corpusDir, corpusContent } from './requirements.js';
import { repoFromFolder, tempDir } from './repos.js';

/** One row of the whole-site oracle's docs table (the `docs` instance, every version). */
export interface OracleVersionedDoc {
  id: string;
  version: string;
  title: string;
  sidebar: string;
  permalink: string;
  source: string;
}

/** The 771 docs of the `docs` instance a real Docusaurus build produced from the bundle, every version. */
export function oracleVersionedDocs(): OracleVersionedDoc[] {
  const [, ...rows] = fs.readFileSync(path.join(corpusDir, 'oracle/docusaurus-docs.docs.tsv'), 'utf8').trimEnd().split('\n');
  return rows.map((row) => {
    const [id, version, title, sidebar, permalink, source] = row.split('\t');
    return { id, version, title, sidebar, permalink, source };
  });
}

/** An oracle file of the shared corpus, parsed. */
export function oracleJson<T>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(corpusDir, 'oracle', name), 'utf8')) as T;
}

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
