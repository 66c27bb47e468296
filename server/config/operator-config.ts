// The operator's site configuration (DOCSITE_CONFIG, decision 028): a docsite.yaml outside the
// content repository, with the sidebars files it names beside it, so a repository that holds
// nothing of ours can be served. Read once at start-up: a broken file stops start-up with its line.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { instancesOf, readSiteConfigInput, validateSiteConfig, type SiteConfig } from './site-config.js';

/** A site configuration and the files beside it that it names, by the name it gives them. */
export interface OperatorConfig {
  config: SiteConfig;
  /** The configuration as written, before defaults: laid over a repository's docusaurus.config. */
  input: Record<string, unknown>;
  /** Its path, as DOCSITE_CONFIG gives it (problems name it). */
  file: string;
  /** Sidebars files found beside the configuration: name as written -> text and a content key. */
  files: ReadonlyMap<string, OperatorFile>;
}

/** A file of the operator's, read at start-up. */
export interface OperatorFile {
  text: string;
  /** Identifies the content, as a blob id does a repository file (for caches of what is read from it). */
  key: string;
}

/**
 * Reads the configuration at `file` and each instance's sidebars file beside it. A sidebars path
 * with no file beside the configuration is read from the repository instead (so an operator may
 * name a file the repository already has). Throws SiteConfigError naming the file and line.
 */
export function readOperatorConfig(file: string): OperatorConfig {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'cannot be read (permission denied)' : code === 'EISDIR' ? 'is a folder' : `cannot be read (${code})`;
    throw new Error(`DOCSITE_CONFIG=${JSON.stringify(file)}: the file ${why}; give the path of a readable docsite.yaml`);
  }
  const input = readSiteConfigInput(source, file);
  const config = validateSiteConfig(input.data, file, input.positionOf);
  const files = new Map<string, OperatorFile>();
  for (const instance of instancesOf(config)) {
    if (!instance.sidebars) continue;
    const beside = path.resolve(path.dirname(file), instance.sidebars);
    if (!fs.existsSync(beside)) continue;
    const text = fs.readFileSync(beside, 'utf8');
    files.set(instance.sidebars, { text, key: `operator-${crypto.createHash('sha256').update(text).digest('hex').slice(0, 24)}` });
  }
  return { config, input: input.data, file, files };
}
