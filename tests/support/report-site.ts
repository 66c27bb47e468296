// The upstream repository (the corpus's bundle) cloned into a temp folder, served over real HTTP by
// `git http-backend`, and opened by a site in this process with its sync, so msw (which sees this
// process's fetch) stands in for the forge. A push is a commit on a branch of that clone, then a sync.
import fs from 'node:fs';
import path from 'node:path';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { SetupServerApi } from 'msw/node';
import { pino, type Logger } from 'pino';
import type { SiteReports } from '../../server/report/index.js';
import { readServerConfig } from '../../server/site/env.js';
import { Site } from '../../server/site/site.js';
import { Sync } from '../../server/site/sync.js';
import { cloneBundle, gitIn } from './bundle.js';
import { startGitHttpServer, type GitHttpServer } from './git-http-server.js';
import { tempDir } from './repos.js';

/** The public host the site's links point at (TRUSTED_HOSTS). */
export const PUBLIC_HOST = 'docs.example.org';

/** A site on the bundle, its sync, the reporters listening to it, and every log line written. */
export interface ReportSite {
  site: Site;
  sync: Sync;
  clone: string;
  /** Reporters told of each sync (tests add and remove theirs). */
  reports: Set<SiteReports>;
  /** Every log line, as JSON text. */
  logLines: string[];
  log: Logger;
  /** Commits `files` (null removes one) on `branch` (made from main when new) and syncs; answers the commit. */
  push(branch: string, files: Record<string, string | null>): Promise<string>;
  /** Waits for every reporter's queue to empty. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * msw on fetch only: the site's git traffic (isomorphic-git over Node's http) goes to the real git
 * server untouched, and any request to a forge that no handler answers fails the test.
 */
export function forgeMocks(): SetupServerApi {
  const server = new SetupServerApi([], [new FetchInterceptor()]);
  server.listen({ onUnhandledRequest: 'error' });
  return server;
}

/** Opens the site on a fresh clone of the bundle. */
export async function openReportSite(): Promise<ReportSite> {
  const root = tempDir('docsite-reports-');
  const clone = cloneBundle(path.join(root, 'devdocs'));
  const git: GitHttpServer = await startGitHttpServer(root);
  const logLines: string[] = [];
  const log: Logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }) as unknown as Logger;
  const config = readServerConfig({
    CONTENT_REPO: `${git.url}/devdocs/.git`,
    DATA_DIR: path.join(root, 'data'),
    SYNC_INTERVAL: '0',
    RENDER_THREADS: '0',
    DOCSITE_NOW: '2026-11-22',
    PREVIEW_BRANCHES: '*',
    TRUSTED_HOSTS: PUBLIC_HOST,
  });
  const site = await Site.open(config, log);
  const reports = new Set<SiteReports>();
  const sync = new Sync(
    site,
    config,
    () => undefined,
    (before, after) => {
      for (const report of reports) report.refreshed(before, after);
    },
  );
  return {
    site,
    sync,
    clone,
    reports,
    logLines,
    log,
    async push(branch, files) {
      const exists = gitIn(clone, 'branch', '--list', branch) !== '';
      gitIn(clone, 'checkout', '-q', ...(exists ? [branch] : ['-b', branch, 'main']));
      for (const [file, text] of Object.entries(files)) {
        const full = path.join(clone, file);
        if (text === null) fs.rmSync(full);
        else {
          fs.mkdirSync(path.dirname(full), { recursive: true });
          fs.writeFileSync(full, text);
        }
      }
      gitIn(clone, 'add', '-A');
      gitIn(clone, 'commit', '-q', '-m', `Change ${Object.keys(files).join(', ')}`);
      const commit = gitIn(clone, 'rev-parse', 'HEAD');
      gitIn(clone, 'checkout', '-q', 'main');
      const snapshot = await sync.trigger();
      if (snapshot?.branches.get(branch) !== commit) throw new Error(`the sync did not pick up ${branch} at ${commit}`);
      return commit;
    },
    async idle() {
      for (const report of reports) await report.reporter?.idle();
    },
    async close() {
      sync.stop();
      await site.render.pool.close();
      site.repository.close();
      await git.close();
    },
  };
}

/** A page of the clone as it is on main, to change in a push. */
export function pageOnMain(clone: string, file: string): string {
  return gitIn(clone, 'show', `main:${file}`);
}
