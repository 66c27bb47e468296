// `docsite config --print [--ref <ref>] [--repo <path or URL>]`: the configuration a ref is served
// with, as YAML, each value under a comment that says where it came from: the operator's
// docsite.yaml, the repository's docusaurus.config (run in the sandbox, decision 034), or docsite's
// default. Exits 2 when it cannot run.
import { parseArgs } from 'node:util';
import { Document, isMap, isSeq, type Node } from 'yaml';
import { Site } from '../server/site/index.js';
import { readServerConfig, createLogger } from '../server/host.js';

const USAGE = 'usage: docsite config --print [--ref <branch, tag or commit>] [--repo <path or URL>]';

/** Runs the command; resolves to the process's exit code. */
export async function configCommand(args: string[]): Promise<number> {
  let options: { print?: boolean; ref?: string; repo?: string; help?: boolean };
  try {
    options = parseArgs({ args, options: { print: { type: 'boolean' }, ref: { type: 'string' }, repo: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  if (options.help || !options.print) {
    console.log(USAGE);
    return options.help ? 0 : 2;
  }
  try {
    const config = readServerConfig({ ...process.env, ...(options.repo && { CONTENT_REPO: options.repo }), SYNC_INTERVAL: '0', RENDER_THREADS: '0' });
    const site = await Site.open(config, createLogger('error'));
    const commit = options.ref ? await site.repository.resolve(options.ref.replace(/^[~@]/, '')) : site.snapshot().defaultCommit;
    const { config: effective, sources } = await site.docs.configReportAt(commit);
    console.log(`# The configuration of ${options.ref ?? site.snapshot().defaultRef} (${commit.slice(0, 7)}); above each value, where it came from.`);
    console.log(withSources(effective, sources));
    await site.docs.code?.close();
    return 0;
  } catch (error) {
    console.error(`docsite config: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
}

/** The configuration as YAML, each top-level value and each docs instance's key under its source. */
function withSources(config: object, sources: Record<string, string>): string {
  const doc = new Document(config);
  const note = (node: Node | null | undefined, source: string | undefined) => {
    if (node && source) node.commentBefore = ` ${source}`;
  };
  if (!isMap(doc.contents)) return doc.toString();
  for (const pair of doc.contents.items) {
    const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
    if (key === 'docs' && (isSeq(pair.value) || isMap(pair.value))) {
      const instances = isSeq(pair.value) ? pair.value.items : [pair.value];
      instances.forEach((instance, index) => {
        if (!isMap(instance)) return;
        for (const item of instance.items) note(item.key as Node, sources[`docs.${index}.${String((item.key as { value?: unknown })?.value ?? item.key)}`]);
      });
    } else note(pair.key as Node, sources[key]);
  }
  return doc.toString({ lineWidth: 0 });
}
