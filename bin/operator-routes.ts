// The operator's endpoints: liveness, readiness (with what content authors should fix) and metrics.
// They answer before the app and are never cached.
import type { Express } from 'express';
import { allVersionsOf, componentProblemsAt, problemsAt, type Site } from '../server/site/index.js';
import { localsOf } from './locals.js';
import type { createMetrics, SiteReports, Sync } from '../server/host.js';

/** Adds `/healthz`, `/readyz` and `/metrics` to the app. */
export function operatorRoutes(
  app: Express,
  site: Site,
  sync: Sync,
  metrics: ReturnType<typeof createMetrics>,
  busy: { reason(): string | undefined },
  reports?: SiteReports,
): void {
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });
  // Ready while content is served; a failed sync or a broken docsite.yaml does not take the
  // instance out of rotation (it still serves the last good snapshot) but is reported here.
  app.get('/readyz', async (_req, res, next) => {
    const { snapshot } = localsOf(res);
    // Saturated (decision 030): out of the rotation until it has caught up.
    const saturated = busy.reason();
    if (saturated) return void res.status(503).set('Cache-Control', 'no-store').json({ status: 'busy', reason: saturated });
    const { status } = sync;
    // What content authors should fix at the default commit (front matter, sidebars, versions, data
    // and redirects files): reported, but not a reason to leave the rotation.
    const found = await problemsAt(site, snapshot.defaultCommit).catch(next);
    if (!found) return;
    // Unknown components come last (there may be hundreds) and once every page has been read.
    const components = componentProblemsAt(site, snapshot.defaultCommit);
    const problems = [...found, ...(components ?? [])];
    res.set('Cache-Control', 'no-store').json({
      status: status.lastError || snapshot.configError ? 'degraded' : 'ready',
      ref: snapshot.defaultRef,
      commit: snapshot.defaultCommit,
      syncedAt: snapshot.takenAt,
      lastSyncAt: status.lastSuccessAt ?? null,
      lastError: status.lastError ?? null,
      configError: snapshot.configError ?? null,
      versions: Object.fromEntries(allVersionsOf(snapshot).map(({ key, version }) => [key, { ref: version.ref ?? snapshot.defaultRef, commit: version.commit ?? null }])),
      // Whether previews are reported to the forge (decision 038), and if not why.
      reports: reports?.readiness() ?? null,
      componentsChecked: components !== undefined,
      problemCount: problems.length,
      problems: problems.slice(0, 50),
    });
  });
  app.get('/metrics', async (_req, res, next) => {
    try {
      res
        .set('Cache-Control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  });
}
