// The messages between the server and the sandbox's thread (plain data: they cross threads).

/** What one evaluation may cost (decision 034). */
export interface SandboxLimits {
  /** CPU time in the engine, not counting waits for files. */
  cpuMs: number;
  memoryBytes: number;
  stackBytes: number;
  /** The longest JSON result of one step, in characters. */
  outputChars: number;
  /** Files and modules one evaluation may ask for. */
  questions: number;
  /** How long the thread waits for one answer from the main thread. */
  answerWaitMs: number;
}

/** The limits a site's code runs with unless the operator says otherwise. */
export const DEFAULT_LIMITS: SandboxLimits = {
  cpuMs: 2000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 512 * 1024,
  outputChars: 4 * 1024 * 1024,
  questions: 2000,
  answerWaitMs: 30_000,
};

/** One evaluation: load `entry`, call it with `callWith` if it is a function, then make `calls`. */
export interface SandboxRequest {
  id: number;
  prelude: string;
  /** The module to load, as a path in the sandbox (`/site/docusaurus.config.js`). */
  entry: string;
  callWith?: unknown[];
  /** Functions found in the first result (`{$function: n}`) to call, each with its arguments. */
  calls?: { fn: number; args: unknown[] }[];
  /** Instead of loading `entry`: components to render with React (shims.ts `islands`), and the site they render for. */
  islands?: { specs: unknown[]; site: unknown };
  /** Instead of loading `entry`: a page's tree (JSON) through the site's remark plugins (remark-step.ts). */
  remark?: { plugins: unknown[]; tree: string; page: unknown };
  /** The site's clock, in milliseconds since the epoch. */
  now: number;
  /** The site's folder in the sandbox (`/site/website`): `process.cwd()`, and where `@site/` leads. */
  cwd: string;
  env: Record<string, string>;
  limits: SandboxLimits;
}

/** An evaluation's JSON results (the entry's, then each call's), or what stopped it. */
export interface SandboxReply {
  id: number;
  results?: string[];
  error?: { message: string; stack?: string; limit?: boolean };
}

/** What each module's code is wrapped in, on its first line (so its lines keep their numbers; columns of line 1 shift by its length). */
export const MODULE_PREFIX = '(function (exports, require, module, __filename, __dirname) {';
