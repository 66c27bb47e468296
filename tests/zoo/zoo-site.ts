// One zoo site served as an operator serves it (CONTENT_REPO alone, no docsite.yaml), measured
// against its own Docusaurus build: each zoo test file calls this with its site's name, so that
// each clones its bundle once and CI runs the sites side by side.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from '../support/app-server.js';
import { hasZooSite } from '../support/requirements.js';
import { removeTempDirs, tempDir } from '../support/repos.js';
import { compareWithOracle, shortfalls, zooRepo, type ZooComparison } from '../support/zoo.js';

/** The share of a figure docsite must reach on every zoo site (issue 54). */
const AT_LEAST = 0.99;

/** A test of one zoo site: docs answer with their titles, heading ids and internal links; every sidebar and version as the build has them. */
export function describeZooSite(name: string, what: string): void {
  describe.runIf(hasZooSite(name))(`the zoo site ${name} (${what}), served with CONTENT_REPO alone`, () => {
    let app: AppServer;
    let comparison: ZooComparison;

    beforeAll(async () => {
      const repo = zooRepo(name, path.join(tempDir(`docsite-zoo-${name}-`), 'repo.git'));
      // What is checked is what pages show, not how fast: a page of 900 headings once passed the 10 s render budget on a busy 2-core machine.
      app = await startApp({ CONTENT_REPO: repo, SYNC_INTERVAL: '0', RENDER_TIMEOUT_MS: '60000' });
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status, app.output().slice(-2000)).toBe(200);
      comparison = compareWithOracle(app.url, name, path.join(tempDir(`docsite-zoo-${name}-out-`), 'compare.json'));
    }, 600_000);
    afterAll(async () => {
      await app?.stop();
      removeTempDirs();
    });

    it('serves every doc of the build with its title, heading ids and internal links', () => {
      const { summary } = comparison;
      const why = shortfalls(comparison);
      expect(summary.docs200 / summary.docs, why).toBeGreaterThanOrEqual(AT_LEAST);
      expect(summary.docsTitleOk / summary.docs, why).toBeGreaterThanOrEqual(AT_LEAST);
      expect(summary.headingIdsOk / summary.headingIds, why).toBeGreaterThanOrEqual(AT_LEAST);
      expect(summary.linksInternalOk / summary.linksInternal, why).toBeGreaterThanOrEqual(AT_LEAST);
    });

    it("has every sidebar of every version equal to the build's, and each version's metadata", () => {
      const { summary } = comparison;
      expect(summary.sidebarsEqual, shortfalls(comparison)).toBe(summary.sidebars);
      expect(summary.versionsEqual, shortfalls(comparison)).toBe(summary.versions);
    });
  });
}
