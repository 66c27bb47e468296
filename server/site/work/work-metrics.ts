// The cost model's metrics (docs/decisions/030-cost-model.md): render tasks by lane, work admitted
// and refused, the work budget, the heap against its limit, and whether /readyz says busy. A test
// waits on `docsite_render_tasks` reaching zero, not on a clock, to see that work stops.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { LaneCounts } from '../../markdown/render-queue.js';
import type { AdmissionStats } from './admission.js';

/** What the work metrics read at scrape time. */
export interface WorkSources {
  renderCounts(): LaneCounts;
  /** Render threads running now (idle ones exit after RENDER_IDLE_SECONDS). */
  renderThreads(): number;
  admission(): AdmissionStats;
  backgroundJobs(): number;
  heap(): { limitBytes: number; liveBytes: number };
  busy(): boolean;
  cacheLoads(): { name: string; loads: number }[];
  /** Steps of walks over git objects and pages taken on the main thread, by lane (main-thread.ts). */
  loopSteps(): Readonly<Record<string, number>>;
}

/** Registers the work metrics on `registry`. */
export function registerWorkMetrics(registry: Registry, sources: WorkSources): void {
  const gauge = (name: string, help: string, labelNames: string[], collect: (set: (labels: Record<string, string>, value: number) => void) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        collect((labels, value) => this.set(labels, value));
      },
    });
  gauge('docsite_render_tasks', 'Render tasks by lane (reader, preview, site, demand) and state (queued, running).', ['lane', 'state'], (set) => {
    for (const [lane, counts] of Object.entries(sources.renderCounts())) {
      set({ lane, state: 'queued' }, counts.queued);
      set({ lane, state: 'running' }, counts.running);
    }
  });
  new Counter({
    name: 'docsite_loop_steps_total',
    help: 'Steps of walks (git objects, pages) taken on the main thread, by the lane of their work: readers never wait in line between them, other lanes take turns.',
    labelNames: ['lane'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [lane, steps] of Object.entries(sources.loopSteps())) this.inc({ lane }, steps);
    },
  });
  gauge('docsite_render_threads', 'Render threads running now: an idle one exits after RENDER_IDLE_SECONDS and starts again on the next task.', [], (set) =>
    set({}, sources.renderThreads()),
  );
  gauge('docsite_cold_requests', 'Requests on refs other than published versions doing work, and waiting to.', ['state'], (set) => {
    const stats = sources.admission();
    set({ state: 'running' }, stats.coldRunning);
    set({ state: 'waiting' }, stats.coldWaiting);
  });
  gauge('docsite_whole_site_jobs', "Whole-site jobs under way: asked for on refs of clients' choosing (demand), and the site's own (site).", ['kind'], (set) => {
    set({ kind: 'demand' }, sources.admission().jobsRunning);
    set({ kind: 'site' }, sources.backgroundJobs());
  });
  gauge('docsite_work_bytes', 'Bytes of the work budget held by work under way (estimates).', [], (set) => set({}, sources.admission().workBytes));
  gauge('docsite_work_max_bytes', 'The work budget (WORK_MB).', [], (set) => set({}, sources.admission().workMaxBytes));
  gauge('docsite_cache_loads', 'Values being computed for each cache (work in progress, not yet counted in its bytes).', ['cache'], (set) => {
    for (const { name, loads } of sources.cacheLoads()) set({ cache: name }, loads);
  });
  gauge('docsite_heap_limit_bytes', 'The V8 heap limit of the main thread.', [], (set) => set({}, sources.heap().limitBytes));
  gauge('docsite_heap_live_bytes', 'Heap in use right after the last full garbage collection.', [], (set) => set({}, sources.heap().liveBytes));
  gauge('docsite_busy', '1 while /readyz answers busy.', [], (set) => set({}, sources.busy() ? 1 : 0));
  new Counter({
    name: 'docsite_refused_total',
    help: 'Requests refused with a 429 or 503 by the cost model, by reason.',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(sources.admission().refused)) this.inc({ reason }, count);
    },
  });
}
