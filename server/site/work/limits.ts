// What one request may cost, and how much work may be under way at once (docs/decisions/030-cost-model.md,
// README "Security"): read from environment variables, each with a default sized for two cores.
import { z } from 'zod';

/** The limits of the cost model. */
export type Limits = z.infer<typeof limitsSchema>;

/** A whole number from `least` on; every way to miss says so. */
const count = (least: number) => {
  const message = `a whole number, at least ${least}`;
  return z.number({ invalid_type_error: message }).int(message).min(least, message);
};

const limitsSchema = z.object({
  /** Whole-site jobs asked for on refs a client chose (not a published version) running at once. */
  wholeSiteJobs: count(1),
  /** Whole-site jobs one client may start per minute (a burst of up to this many, then one every 60/n s). */
  wholeSitePerMinute: count(1),
  /** Pages one whole-site job may render or read before it is stopped. */
  wholeSiteMaxPages: count(1),
  /** How long a whole-site job may run before it is stopped and its clients told to come back. */
  wholeSiteTimeoutMs: count(1000),
  /** Requests on refs other than published versions doing work (not answered from the page cache) at once. */
  coldSlots: count(1),
  /** Such requests that may wait for a slot; past them, a 503. */
  coldQueue: count(0),
  /** How long such a request may wait for a slot. */
  queueWaitMs: count(0),
  /** The memory work under way may hold (doc sets, indexes and reports being built), in MiB; unset: 25% of the heap. */
  workMb: count(8).optional(),
  /** Proxies whose X-Forwarded-For names the client: Express `trust proxy` values (`loopback`, CIDRs); none by default. */
  trustedProxies: z.array(z.string()),
  /** Host names (`docs.example.org`, with `:port` if any) a request's Host may name; the first stands for any other. */
  trustedHosts: z.array(z.string().regex(/^[a-z0-9.-]+(?::\d+)?$/i, 'a host name, with :port if any')),
});

/** Each limit's environment variable. */
export const LIMIT_ENV_NAMES: Record<keyof Limits, string> = {
  wholeSiteJobs: 'WHOLE_SITE_JOBS',
  wholeSitePerMinute: 'WHOLE_SITE_PER_MINUTE',
  wholeSiteMaxPages: 'WHOLE_SITE_MAX_PAGES',
  wholeSiteTimeoutMs: 'WHOLE_SITE_TIMEOUT_MS',
  coldSlots: 'COLD_SLOTS',
  coldQueue: 'COLD_QUEUE',
  queueWaitMs: 'QUEUE_WAIT_MS',
  workMb: 'WORK_MB',
  trustedProxies: 'TRUSTED_PROXIES',
  trustedHosts: 'TRUSTED_HOSTS',
};

/**
 * The defaults, as the README's Security section lists them: sized for two cores, where the main
 * thread serves readers and any work on a commit nobody read shares it (decision 030); raise the
 * slots and jobs with the cores.
 */
export const DEFAULT_LIMITS: Limits = {
  wholeSiteJobs: 1,
  wholeSitePerMinute: 6,
  wholeSiteMaxPages: 5000,
  wholeSiteTimeoutMs: 60_000,
  coldSlots: 1,
  coldQueue: 16,
  queueWaitMs: 10_000,
  workMb: undefined,
  trustedProxies: [],
  trustedHosts: [],
};

/** Reads the limits from the environment; a bad value throws naming its variable. */
export function readLimits(env: Readonly<Record<string, string | undefined>>): Limits {
  const number = (key: keyof Limits) => {
    const text = env[LIMIT_ENV_NAMES[key]];
    return text ? Number(text) : DEFAULT_LIMITS[key];
  };
  const list = (key: keyof Limits) =>
    (env[LIMIT_ENV_NAMES[key]] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const raw = {
    wholeSiteJobs: number('wholeSiteJobs'),
    wholeSitePerMinute: number('wholeSitePerMinute'),
    wholeSiteMaxPages: number('wholeSiteMaxPages'),
    wholeSiteTimeoutMs: number('wholeSiteTimeoutMs'),
    coldSlots: number('coldSlots'),
    coldQueue: number('coldQueue'),
    queueWaitMs: number('queueWaitMs'),
    workMb: number('workMb'),
    trustedProxies: list('trustedProxies'),
    trustedHosts: list('trustedHosts').map((host) => host.toLowerCase()),
  };
  const result = limitsSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path[0] as keyof Limits;
    const value = env[LIMIT_ENV_NAMES[key]];
    // The form of the other variables' problems (env.ts envProblem, which imports this file).
    return value ? `${LIMIT_ENV_NAMES[key]}=${JSON.stringify(value)}: ${issue.message}` : `${LIMIT_ENV_NAMES[key]}: ${issue.message}`;
  });
  throw new Error(problems.join('; '));
}
