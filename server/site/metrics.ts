// Prometheus text exposition, written by hand: a few counters and one histogram do not need a
// client library.

/** Upper bounds (seconds) of the request duration histogram. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

/** Request durations by route kind and status: a bounded set of labels, never raw paths. */
export class RequestMetrics {
  private readonly series = new Map<string, Histogram>();

  /** Records one request. */
  observe(route: string, status: number, seconds: number): void {
    const key = `route="${route}",status="${status}"`;
    let histogram = this.series.get(key);
    if (!histogram) this.series.set(key, (histogram = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) histogram!.counts[index]++;
    });
    histogram.sum += seconds;
    histogram.count++;
  }

  /** The histogram in Prometheus text format. */
  render(): string {
    const name = 'docsite_http_request_duration_seconds';
    const lines = [`# HELP ${name} Time to answer a request, by route kind and status.`, `# TYPE ${name} histogram`];
    for (const [labels, histogram] of this.series) {
      BUCKETS.forEach((bound, index) => lines.push(`${name}_bucket{${labels},le="${bound}"} ${histogram.counts[index]}`));
      lines.push(`${name}_bucket{${labels},le="+Inf"} ${histogram.count}`, `${name}_sum{${labels}} ${histogram.sum}`, `${name}_count{${labels}} ${histogram.count}`);
    }
    return lines.join('\n') + '\n';
  }
}

/** One metric family in Prometheus text format: `samples` maps a label set (or '') to a value. */
export function metricFamily(name: string, type: 'counter' | 'gauge', help: string, samples: Record<string, number>): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const [labels, value] of Object.entries(samples)) lines.push(`${name}${labels ? `{${labels}}` : ''} ${Number.isFinite(value) ? value : 0}`);
  return lines.join('\n') + '\n';
}
