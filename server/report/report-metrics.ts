// `docsite_reports_total{forge,outcome}`: the reports sent, failed (logged once each), superseded by
// a newer push, or skipped (no public URL, a fork PREVIEW_BRANCHES does not allow). Never a token.
import { Counter, type Registry } from 'prom-client';
import type { Reporter } from './reporter.js';

/** Registers the reports counter on `registry`, read from the reporter at scrape time. */
export function registerReportMetrics(registry: Registry, reporter: Pick<Reporter, 'counts'> | undefined, forge: string): void {
  new Counter({
    name: 'docsite_reports_total',
    help: 'Preview reports to the forge, by forge and outcome (sent, failed, superseded, skipped).',
    labelNames: ['forge', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of reporter?.counts ?? []) this.inc({ forge, outcome }, count);
    },
  });
}
