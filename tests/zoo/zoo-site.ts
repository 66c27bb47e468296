// One zoo site served as an operator serves it (CONTENT_REPO alone, no docsite.yaml), measured
// against its own Docusaurus build: each zoo test file calls this with its site's name, so that
// each clones its bundle once and CI runs the sites side by side.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from '../support/app-server.js';
import { hasZooSite } from '../support/requirements.js';
import { removeTempDirs, tempDir } from '../support/repos.js';
import { compareWithOracle, shortfalls, zooRepo, type ZooComparison } from '../support/zoo.js';
import { comparePage, pagesOf, pagesOracle, type PageComparison } from '../support/zoo-pages.js';
import { redirectAnswers, sameRedirect } from '../support/zoo-redirects.js';

/** The share of a figure docsite must reach on every zoo site (issue 54). */
const AT_LEAST = 0.99;

/** The share of a page's text (its words, each as often as the build shows it) docsite must show on a page of the pages plugin (issue 56). */
const PAGE_TEXT = 0.95;

/** The pages plugin's pages of a site: how many its build rendered from which folder, and the pages that fall short of PAGE_TEXT for a reason the test names. */
export interface ZooPages {
  folder: string;
  count: number;
  /** By permalink: the share that page reaches, and why it is not more. */
  short?: Record<string, { text: number; why: string }>;
}

/**
 * A test of one zoo site: docs answer with their titles, heading ids and internal links; every
 * sidebar and version as the build has them; and, with `redirects` (how many redirect pages its
 * client-redirects plugin wrote), each of those addresses redirects where the build's page sends.
 */
export function describeZooSite(name: string, what: string, pages?: ZooPages, redirects?: number): void {
  describe.runIf(hasZooSite(name))(`the zoo site ${name} (${what}), served with CONTENT_REPO alone`, () => {
    let app: AppServer;
    let comparison: ZooComparison;
    let repo: string;

    beforeAll(async () => {
      repo = zooRepo(name, path.join(tempDir(`docsite-zoo-${name}-`), 'repo.git'));
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

    // A site whose build has no pages plugin pages has no such test (not a skipped one).
    if (pages)
      it("serves every page of the build's pages plugin with its title, its text and its internal links, without JavaScript", async () => {
        const oracle = pagesOracle(name);
        const built = pagesOf(oracle, repo, pages!.folder);
        expect(built.length).toBe(pages!.count);
        const compared: PageComparison[] = [];
        for (const page of built) {
          // A plain GET is what a reader without JavaScript gets: the page as the server rendered it.
          const response = await fetch(`${app.url}${page.permalink}`);
          compared.push(comparePage(oracle, page, response.status, await response.text()));
        }
        const why = compared
          .map(
            (page) =>
              `${page.permalink}: ${page.status} title "${page.title}"${page.titleOk ? '' : ' (differs)'} text ${page.text.toFixed(3)} missing ${page.missingWords.slice(0, 8).join(' ')} links -${page.linksMissing.slice(0, 3).join(',')} +${page.linksExtra.slice(0, 3).join(',')}`,
          )
          .join('\n');
        for (const page of compared) {
          expect(page.status, why).toBe(200);
          expect(page.titleOk, why).toBe(true);
          expect(page.text, why).toBeGreaterThanOrEqual(pages!.short?.[page.permalink]?.text ?? PAGE_TEXT);
          expect([page.linksMissing, page.linksExtra], why).toEqual([[], []]);
        }
      });

    if (redirects)
      it("redirects each old address of the build's client-redirects plugin where its redirect page sends, without JavaScript", async () => {
        const answers = await redirectAnswers(app.url, name);
        expect(answers.length).toBe(redirects);
        const missed = answers.filter((answer) => !sameRedirect(answer));
        const why = missed.map((answer) => `${answer.permalink}: ${answer.status} ${answer.location} (the build: ${answer.target})`).join('\n');
        expect(1 - missed.length / answers.length, why).toBeGreaterThanOrEqual(AT_LEAST);
      });

    it("has every sidebar of every version equal to the build's, and each version's metadata", () => {
      const { summary } = comparison;
      expect(summary.sidebarsEqual, shortfalls(comparison)).toBe(summary.sidebars);
      expect(summary.versionsEqual, shortfalls(comparison)).toBe(summary.versions);
    });
  });
}
