// One work context per process (issue 42, decision 001): the production build is two bundles, the
// host's (build/docsite.js) and Remix's (build/server/), and the work the host starts for a request
// (its lane, its signal, a job's meter) must be seen by the app's code too, or a reader's work inside
// Remix (llms-full.txt, the 404 page's suggestions) would queue as the site's own.
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { sharesWorkContext } from '../bin/app.js';
import { type currentWork, runAs } from '../server/work-context.js';

const BUILD = path.resolve('build/server/index.js');

describe('the production build (npm run build)', () => {
  it("sees, in the app's bundle, the work another bundle of the process started", async () => {
    const build = (await import(BUILD)) as ServerBuild;
    const seen = (build.entry.module as unknown as { currentWork: typeof currentWork }).currentWork;
    // This file's copy of the work context is a third one (vitest reads the sources): all three share one.
    for (const lane of ['reader', 'preview', 'demand'] as const) expect(runAs({ lane }, () => seen().lane)).toBe(lane);
    expect(seen().lane).toBe('site');
    expect(() => sharesWorkContext(build)).not.toThrow();
  });

  it('refuses, at start-up, an app build that would see a work context of its own', () => {
    const alone = { entry: { module: { currentWork: () => ({ lane: 'site' }) } } } as unknown as ServerBuild;
    expect(() => sharesWorkContext(alone)).toThrow(/work context of its own/);
  });
});
