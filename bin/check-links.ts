// `docsite check-links [--ref <ref>] [--json]`: the link report of one ref of the content
// repository (CONTENT_REPO, else the embedded content), printed by page and line. Exits 1 when a
// link is broken, so a content repository can gate its pull requests on it; 2 when it cannot run.
import { parseArgs } from 'node:util';
import { linkReportsOf, linksAnswerOf, mergeReports, Site } from '../server/site/index.js';
import { readServerConfig, createLogger } from '../server/host.js';

const USAGE = 'usage: docsite check-links [--ref <version, branch, tag or commit>] [--repo <path or URL>] [--json]';

/** Runs the command; resolves to the process's exit code. */
export async function checkLinksCommand(args: string[]): Promise<number> {
  let options: { ref?: string; repo?: string; json?: boolean; help?: boolean };
  try {
    options = parseArgs({ args, options: { ref: { type: 'string' }, repo: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    // Only errors are logged: the report is the output. A bad variable is one line, exit 2.
    const config = readServerConfig({ ...process.env, ...(options.repo && { CONTENT_REPO: options.repo }), SYNC_INTERVAL: '0', RENDER_THREADS: '0' });
    const site = await Site.open(config, createLogger('error'));
    const snapshot = site.snapshot();
    const ref = options.ref ?? snapshot.defaultRef;
    const started = performance.now();
    // Every doc set of the ref's commit: each version of each docs instance.
    const report = mergeReports(await linkReportsOf(site, snapshot, ref));
    const ms = Math.round(performance.now() - started);
    // The answer of /api/links, key for key (docs/links.schema.json).
    if (options.json) console.log(JSON.stringify(linksAnswerOf(snapshot, ref, report), null, 2));
    else {
      for (const link of report.broken) console.log(`${link.source}:${link.line}: ${link.url} (${link.reason})`);
      // Listed, not failed on: readers see such a component's content, so the page still works.
      for (const use of report.unknownComponents) console.log(`${use.source}:${use.line}: <${use.name}> is a component this site does not know (readers see its content alone)`);
      for (const problem of report.problems) console.log(`${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`);
      console.log(
        `${report.broken.length} broken of ${report.links} links (${report.external} to other sites and ${report.outside} outside the docs, not checked) in ${report.pages} pages of ${ref} (${report.commit.slice(0, 7)}), ${report.unknownComponents.length} unknown components, ${report.problems.length} other problems, ${ms} ms`,
      );
    }
    return report.broken.length ? 1 : 0;
  } catch (error) {
    console.error(`docsite check-links: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
}
