import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parsePurgeTarget, type PurgeTarget } from './caches/purge.js';
import { readLimits, type Limits } from './work/limits.js';

/** What an operator sets per deployment, from environment variables. */
export type ServerConfig = z.infer<typeof serverConfigSchema>;

const serverConfigSchema = z
  .object({
    /** An http(s) git URL to clone, or a local repository path read in place; unset: embedded content. */
    contentRepo: z.string().optional(),
    /** The branch, tag or commit served at /{base}/...; unset: the repository's default branch. */
    contentRef: z.string().optional(),
    /** The operator's docsite.yaml (DOCSITE_CONFIG), outside the content repository; unset: the repository's own. */
    docsiteConfig: z.string().optional(),
    /** The folder committed as the embedded default when no repository is configured. */
    contentDir: z.string(),
    /** Where clones and the embedded repository live; keep it on a volume. */
    dataDir: z.string(),
    host: z.string(),
    port: z.number().int().min(0).max(65535),
    /** Fixes "today" (ISO date) for date-dependent content (banners, release archive); tests set it. */
    now: z.string().date('an ISO date such as 2026-11-22').optional(),
    /** How long a clone or fetch may take before it is abandoned. */
    gitTimeoutMs: z.number().int().positive(),
    /** Overrides docsite.yaml's `previewBranches`: globs of branches readable at /{base}/~{branch}/. */
    previewBranches: z.string().optional(),
    /** Shared secret of POST /api/webhook; unset: the webhook is disabled. */
    webhookSecret: z.string().min(8, 'at least 8 characters').optional(),
    /** Other replicas' base URLs (`http://10.0.0.2:3000,…`): a verified webhook is passed on to them. */
    peers: z.string().optional(),
    /** A DNS name (`name` or `name:port`) resolving to every replica (a headless Service): the peers, found at each webhook. */
    peersDns: z.string().optional(),
    /** Caches in front to tell about stale responses after a refresh (server/site/caches/purge.ts); unset: none. */
    purgeTargets: z
      .array(z.string().refine((entry) => parsePurgeTarget(entry), 'each entry a URL such as http://varnish:6081/, or cloudflare:https://… or fastly:https://… (see the README)'))
      .transform((entries) => entries.map((entry) => parsePurgeTarget(entry) as PurgeTarget)),
    /** The HTTP method of plain purge requests (Varnish: PURGE). */
    purgeMethod: z.string().regex(/^[A-Z]+$/, 'an HTTP method in capitals'),
    /** The API token of `cloudflare:` purges (Zone > Cache Purge permission). */
    cloudflareApiToken: z.string().optional(),
    /** The API token of `fastly:` purges (purge_select scope). */
    fastlyApiToken: z.string().optional(),
    /** Milliseconds between polls of the remote; 0 disables polling. */
    syncIntervalMs: z.number().int().min(0),
    /** A clone holding more packfiles than this is re-cloned into a new directory and swapped in. */
    maxPacks: z.number().int().min(1),
    /** The memory one server may use in all, in MiB (its container's limit): sizes the heap (bin/start.sh) and the render threads' heaps. */
    memoryMb: z.number().int().min(128, 'at least 128'),
    /** The byte budget of all caches, in MiB; unset: 30% of the heap the process may use. */
    cacheMb: z.number().int().min(1).optional(),
    /** The most rendered articles and pages kept on disk in DATA_DIR may take, in MiB; 0 keeps none there. */
    diskCacheMb: z.number().int().min(0),
    /** Whether whole responses are kept, compressed, by ETag (PAGE_CACHE=off disables it, to measure or debug rendering). */
    pageCache: z.boolean(),
    /** Serves CONTENT_DIR as it is on disk and reloads open pages when a file is saved (`docsite preview`); ignored with CONTENT_REPO. */
    watchContent: z.boolean(),
    /** The site's installed packages (its `node_modules`), which the site's code in the sandbox may load; unset: packages are stubs. */
    siteModules: z
      .string()
      .refine((folder) => fs.existsSync(folder) && fs.statSync(folder).isDirectory(), 'a folder that exists')
      .optional(),
    /** Origins the site's CSS may load from besides the site's own (SITE_CSS_ORIGINS=https://fonts.googleapis.com,https://fonts.gstatic.com); none by default. */
    siteCssOrigins: z.array(z.string().regex(/^https:\/\/[^/?#\s]+$/)),
    /** The environment variables the site's code may read in `process.env`, by name (SITE_ENV=A,B: their values here). */
    siteEnv: z.record(z.string()),
    /** Worker threads that render pages; 0 renders on the main thread (no time budget). */
    renderThreads: z.number().int().min(0),
    /** How long one page may render, in milliseconds. */
    renderTimeoutMs: z.number().int().positive(),
    /** A render thread idle this long exits, giving its memory back; the next page starts it again. 0: never. */
    renderIdleSeconds: z.number().min(0),
    /** What one request may cost and how much work may be under way (limits.ts, decision 030). */
    limits: z.custom<Limits>(),
  })
  .superRefine((config, context) => {
    // A CDN purge without its token would fail at every push: refuse to start instead.
    for (const [api, key] of [
      ['cloudflare', 'cloudflareApiToken'],
      ['fastly', 'fastlyApiToken'],
    ] as const) {
      if (config.purgeTargets.some((target) => target.api === api) && !config[key]) {
        context.addIssue({ code: 'custom', path: [key], message: `required by the ${api}: entry of PURGE_URLS` });
      }
    }
  });

/** DISK_CACHE_MB's default: every article and page of the whole upstream site (six versions, 1,513 pages) took 40 MiB. */
export const DEFAULT_DISK_CACHE_MB = 512;

/** MEMORY_MB's default; bin/start.sh has the same number. */
export const DEFAULT_MEMORY_MB = 768;

/**
 * How MEMORY_MB is shared: the main thread's heap (bin/start.sh passes it to node as
 * --max-old-space-size) and each render thread's. The rest is code, buffers (packfiles, the page
 * cache's compressed bodies) and V8's young generations. See docs/decisions/017-memory.md.
 */
export const MEMORY_SHARES = { mainHeap: 0.45, renderThreadHeap: 0.125 } as const;

/** The least heap a render thread works in: at 32 MiB the corpus rendered at a third of the speed and 8 pages failed. */
export const MIN_RENDER_THREAD_HEAP_MB = 64;

/**
 * Each render thread's young generation, in MiB: 4 MiB semi-spaces (three make a young generation),
 * or bin/start.sh's smaller ones below MEMORY_MB=384. At the default the main thread's 8 MiB gave
 * each warm thread 16 MiB of new space and more old space, for no faster rendering; 2 MiB rendered
 * the corpus 1.5 times slower (decision 017, 2026-11-26).
 */
export function renderThreadYoungMb(memoryMb: number): number {
  return 3 * Math.min(4, Math.max(2, Math.floor(memoryMb / 96)));
}

/** Below this MEMORY_MB one render thread is started by default: each costs its heap plus about 40 MiB of code. */
const TWO_THREADS_FROM_MB = 512;

/**
 * RENDER_IDLE_SECONDS' default: a warm render thread holds about 60-90 MiB, and starting one again
 * costs the next page about 0.4 s (decision 017). Since the disk cache (decision 032) a page read
 * before needs no thread, so threads are for new content, and they stay while it keeps coming.
 */
export const DEFAULT_RENDER_IDLE_SECONDS = 10;

/** The heap each render thread may grow to, in MiB. */
export function renderThreadHeapMb(memoryMb: number): number {
  return Math.max(MIN_RENDER_THREAD_HEAP_MB, Math.round(memoryMb * MEMORY_SHARES.renderThreadHeap));
}

/** The environment variable of each setting (the README's Configuration table lists them). */
export const ENV_NAMES: Record<keyof ServerConfig, string> = {
  contentRepo: 'CONTENT_REPO',
  contentRef: 'CONTENT_REF',
  docsiteConfig: 'DOCSITE_CONFIG',
  contentDir: 'CONTENT_DIR',
  dataDir: 'DATA_DIR',
  host: 'HOST',
  port: 'PORT',
  gitTimeoutMs: 'GIT_TIMEOUT_MS',
  now: 'DOCSITE_NOW',
  previewBranches: 'PREVIEW_BRANCHES',
  webhookSecret: 'WEBHOOK_SECRET',
  peers: 'PEERS',
  peersDns: 'PEERS_DNS',
  purgeTargets: 'PURGE_URLS',
  purgeMethod: 'PURGE_METHOD',
  cloudflareApiToken: 'CLOUDFLARE_API_TOKEN',
  fastlyApiToken: 'FASTLY_API_TOKEN',
  syncIntervalMs: 'SYNC_INTERVAL',
  maxPacks: 'GIT_MAX_PACKS',
  memoryMb: 'MEMORY_MB',
  cacheMb: 'CACHE_MB',
  diskCacheMb: 'DISK_CACHE_MB',
  pageCache: 'PAGE_CACHE',
  watchContent: 'WATCH_CONTENT',
  renderThreads: 'RENDER_THREADS',
  renderTimeoutMs: 'RENDER_TIMEOUT_MS',
  renderIdleSeconds: 'RENDER_IDLE_SECONDS',
  siteModules: 'SITE_MODULES',
  siteEnv: 'SITE_ENV',
  siteCssOrigins: 'SITE_CSS_ORIGINS',
  limits: 'WHOLE_SITE_*, COLD_*, QUEUE_WAIT_MS, WORK_MB, TRUSTED_*',
};

/** Reads the server configuration from the environment; a bad value throws naming the variable. */
export function readServerConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const memoryMb = env.MEMORY_MB ? Number(env.MEMORY_MB) : DEFAULT_MEMORY_MB;
  const raw = {
    contentRepo: env.CONTENT_REPO || undefined,
    contentRef: env.CONTENT_REF || undefined,
    docsiteConfig: env.DOCSITE_CONFIG ? path.resolve(env.DOCSITE_CONFIG) : undefined,
    contentDir: path.resolve(env.CONTENT_DIR || 'content'),
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    host: env.HOST || '127.0.0.1',
    port: env.PORT ? Number(env.PORT) : 3000,
    gitTimeoutMs: env.GIT_TIMEOUT_MS ? Number(env.GIT_TIMEOUT_MS) : 120_000,
    now: env.DOCSITE_NOW || undefined,
    previewBranches: env.PREVIEW_BRANCHES,
    webhookSecret: env.WEBHOOK_SECRET || undefined,
    peers: env.PEERS || undefined,
    peersDns: env.PEERS_DNS || undefined,
    purgeTargets: (env.PURGE_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    purgeMethod: env.PURGE_METHOD || 'PURGE',
    cloudflareApiToken: env.CLOUDFLARE_API_TOKEN || undefined,
    fastlyApiToken: env.FASTLY_API_TOKEN || undefined,
    syncIntervalMs: env.SYNC_INTERVAL ? parseDuration(env.SYNC_INTERVAL) : 60_000,
    maxPacks: env.GIT_MAX_PACKS ? Number(env.GIT_MAX_PACKS) : 20,
    memoryMb,
    cacheMb: env.CACHE_MB ? Number(env.CACHE_MB) : undefined,
    diskCacheMb: env.DISK_CACHE_MB ? Number(env.DISK_CACHE_MB) : DEFAULT_DISK_CACHE_MB,
    pageCache: env.PAGE_CACHE !== 'off',
    watchContent: env.WATCH_CONTENT === 'on' && !env.CONTENT_REPO,
    renderThreads: env.RENDER_THREADS ? Number(env.RENDER_THREADS) : Math.min(memoryMb >= TWO_THREADS_FROM_MB ? 2 : 1, os.availableParallelism()),
    renderTimeoutMs: env.RENDER_TIMEOUT_MS ? Number(env.RENDER_TIMEOUT_MS) : 10_000,
    renderIdleSeconds: env.RENDER_IDLE_SECONDS ? Number(env.RENDER_IDLE_SECONDS) : DEFAULT_RENDER_IDLE_SECONDS,
    siteModules: env.SITE_MODULES ? path.resolve(env.SITE_MODULES) : undefined,
    siteCssOrigins: (env.SITE_CSS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    siteEnv: Object.fromEntries(
      (env.SITE_ENV ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && env[name] !== undefined)
        .map((name) => [name, env[name]!]),
    ),
    limits: readLimits(env),
  };
  const result = serverConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path[0] as keyof ServerConfig;
    const name = ENV_NAMES[key] ?? String(key);
    return envProblem(name, SECRETS.has(key) ? undefined : env[name], ENV_HINTS[key] ?? issue.message, SECRETS.has(key) ? env[name] : undefined);
  });
  throw new Error(problems.join('; '));
}

/** Settings whose value is never echoed: a log must not hold a secret (its length is given instead). */
const SECRETS = new Set<keyof ServerConfig>(['webhookSecret', 'cloudflareApiToken', 'fastlyApiToken']);

/** What would work, for the settings whose schema message would not say (a number that is not one). */
const ENV_HINTS: Partial<Record<keyof ServerConfig, string>> = {
  port: 'a port number from 0 to 65535',
  now: 'an ISO date such as 2026-11-22',
  gitTimeoutMs: 'a whole number of milliseconds above 0, such as 120000',
  syncIntervalMs: 'a duration such as 60 (seconds), 90s, 5m or 500ms; 0 turns polling off',
  maxPacks: 'a whole number of packfiles, at least 1',
  memoryMb: 'a whole number of MiB, at least 128',
  cacheMb: 'a whole number of MiB, at least 1',
  diskCacheMb: 'a whole number of MiB; 0 keeps nothing on disk',
  renderThreads: 'a whole number of threads; 0 renders on the main thread',
  renderTimeoutMs: 'a whole number of milliseconds above 0, such as 10000',
  renderIdleSeconds: 'a number of seconds; 0 keeps idle threads',
  siteModules: "a folder that exists: the site's node_modules, installed with its own package manager",
  siteCssOrigins: 'origins such as https://fonts.googleapis.com, comma-separated, https only, no path',
};

/**
 * One environment variable's problem on one line: its name, the value given (quoted; `secretOf`:
 * a secret's length only) and what would work.
 */
export function envProblem(name: string, value: string | undefined, hint: string, secretOf?: string): string {
  if (secretOf !== undefined) return `${name} (${secretOf.length} characters): ${hint}`;
  return value === undefined || value === '' ? `${name} is not set: ${hint}` : `${name}=${JSON.stringify(value)}: ${hint}`;
}

/** `90`, `90s`, `5m`, `500ms` -> milliseconds (a bare number is seconds); NaN when unreadable. */
function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) return Number.NaN;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's']!;
  return Math.round(Number(match[1]) * unit);
}
