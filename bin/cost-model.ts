// The cost model's parts the HTTP adapter wires in (docs/decisions/030-cost-model.md): per-request
// work (client, signal, lane, cold slots), the trusted host, the 405 rule, /readyz's `busy`, and the
// metrics of work under way.
import type { Registry } from 'prom-client';
import type { Site } from '../server/site/index.js';
import { requestWork } from './request-work.js';
import { trustedHost } from './trusted-host.js';
import { Busy, registerWorkMetrics, loopSteps, type ServerConfig } from '../server/host.js';

/** Builds the parts. */
export function costModel(site: Site, config: ServerConfig, registry: Registry) {
  const busy = new Busy({ renderCounts: () => site.renderCounts(), renderThreads: config.renderThreads, heapBusy: () => site.heap.busy() });
  registerWorkMetrics(registry, {
    renderCounts: () => site.renderCounts(),
    renderThreads: () => site.renderThreads(),
    admission: () => site.admission.stats(),
    backgroundJobs: () => site.background.size,
    heap: () => ({ limitBytes: site.heap.limitBytes, liveBytes: site.heap.liveBytes }),
    busy: () => busy.reason() !== undefined,
    cacheLoads: () => site.caches.loads(),
    loopSteps,
  });
  return {
    busy,
    /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client (none by default). */
    trustProxy: config.limits.trustedProxies.length ? config.limits.trustedProxies : false,
    trustedHost: trustedHost(config.limits.trustedHosts),
    requestWork: requestWork(),
  };
}
