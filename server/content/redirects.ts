// Netlify's `_redirects` file (https://docs.netlify.com/routing/redirects/), read as data: exact
// paths, `:placeholders`, a trailing `*` given to the target as `:splat`, a status (301 by default;
// `!` forces the rule even where a page exists), and targets on other sites. What Netlify does that a
// server of docs cannot (rewrites, proxies, conditions) is a problem naming the line; the line is
// ignored and the rest of the file still works.
import type { Problem } from '../problem.js';

/** One redirect rule. */
export interface RedirectRule {
  /** The path's segments: literal text, `:name` (one segment) or a final `*` (the rest, maybe nothing). */
  from: string[];
  to: string;
  status: 301 | 302 | 303 | 307 | 308;
  /** `!`: applies even where a page or file exists. */
  force: boolean;
  line: number;
}

/** The rules of a file, in order, and what could not be read. */
export interface Redirects {
  rules: RedirectRule[];
  problems: Problem[];
}

/** A file longer than this is cut there: rules are tried in order for every unmatched URL. */
const MAX_RULES = 2000;
/** A target longer than this (a splat repeated on a long address) is not a redirect: clients refuse such headers. */
const MAX_LOCATION = 4096;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Reads a `_redirects` file; never throws. */
export function parseRedirects(text: string, file: string): Redirects {
  const rules: RedirectRule[] = [];
  const problems: Problem[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const problem = (message: string) => problems.push({ code: 'redirects', file, line: index + 1, message });
    if (rules.length >= MAX_RULES) {
      problem(`more than ${MAX_RULES} rules: the rest of the file is ignored`);
      break;
    }
    const fields = line.split(/\s+/);
    const [from, to, statusText, ...rest] = fields;
    if (!to) {
      problem('a rule needs a path and a target: "/old /new [status]"');
      continue;
    }
    if (!from.startsWith('/')) {
      problem(`"${from.slice(0, 80)}": only paths of this site (starting with /) can be redirected`);
      continue;
    }
    if (to.includes('=') || from.includes('?') || rest.length) {
      problem('query parameters and conditions (Country, Language, Role…) are not supported: rule ignored');
      continue;
    }
    const status = statusText === undefined ? 301 : Number(statusText.replace(/!$/, ''));
    if (!REDIRECT_STATUSES.has(status)) {
      problem(`status ${statusText}: only redirects (301, 302, 303, 307, 308) are supported here, not rewrites, proxies or custom pages: rule ignored`);
      continue;
    }
    const segments = from.split('/').slice(1).filter(Boolean);
    const star = segments.indexOf('*');
    if (star >= 0 && star !== segments.length - 1) {
      problem('"*" may only end a path: rule ignored');
      continue;
    }
    if (!to.startsWith('/') && !/^https?:\/\//.test(to)) {
      problem(`target "${to.slice(0, 80)}": a path of this site or an http(s) URL`);
      continue;
    }
    rules.push({ from: segments, to, status: status as RedirectRule['status'], force: statusText?.endsWith('!') ?? false, line: index + 1 });
  }
  return { rules, problems: [...problems, ...loopProblems(rules, file)] };
}

/** Rules followed at most when working out where a rule leads, as a browser would follow them before giving up. */
export const MAX_HOPS = 5;

/**
 * The rules that would loop, each cycle once at its first rule's line: rules that send an address
 * back to itself where no page answers, and forced rules that keep sending on (which the server
 * then ignores, as it cannot know where they end). A rule whose target only grows under the same
 * rule (`/docs/* /docs/5.3/:splat`) is not a loop: its target is redirected once, then answers 404.
 */
function loopProblems(rules: RedirectRule[], file: string): Problem[] {
  const redirects = { rules, problems: [] };
  const problems = new Map<string, Problem>();
  for (const rule of rules) {
    const start = `/${rule.from.map((part) => (part === '*' || part.startsWith(':') ? 'x' : part)).join('/')}`;
    const first = matchRedirect(redirects, start, rule.force);
    const seen = [start];
    const lines = [first?.rule.line ?? rule.line];
    let allForced = rule.force;
    let path = first?.location;
    while (path?.startsWith('/') && !seen.includes(path) && seen.length <= MAX_HOPS) {
      seen.push(path);
      const next = matchRedirect(redirects, path, true) ?? matchRedirect(redirects, path, false);
      if (next) lines.push(next.rule.line);
      allForced &&= next?.rule.force ?? false;
      path = next?.location;
    }
    if (!path?.startsWith('/')) continue;
    const cycle = [...new Set(lines)].sort((a, b) => a - b);
    const rulesText = `rules (lines ${cycle.join(', ')})`;
    if (problems.has(cycle.join())) continue;
    if (allForced)
      problems.set(cycle.join(), { code: 'redirects', file, line: cycle[0], message: `forced ${rulesText} keep redirecting ${start}: ignored there, as they would never end` });
    else if (seen.includes(path))
      problems.set(cycle.join(), { code: 'redirects', file, line: cycle[0], message: `${rulesText} send ${path} back to itself: where no page answers, it ends in a 404` });
  }
  return [...problems.values()];
}

/** True when the forced rules from `location` on end (at a path no forced rule matches, or another site) within MAX_HOPS. */
export function forcedRulesEnd(redirects: Redirects, location: string): boolean {
  const seen: string[] = [];
  let path: string | undefined = location;
  while (path?.startsWith('/')) {
    if (seen.includes(path) || seen.length > MAX_HOPS) return false;
    seen.push(path);
    path = matchRedirect(redirects, path, true)?.location;
  }
  return true;
}

/**
 * True when `path` is an address some rule sends to (matches a rule's target, its placeholders
 * standing for anything): Netlify applies one rule per request, so such an address is only
 * redirected again towards a page, and otherwise answers its own 404.
 */
export function isRuleTarget(redirects: Redirects, path: string): boolean {
  const plain = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return redirects.rules.some((rule) => rule.to.startsWith('/') && targetPattern(rule.to).test(plain));
}

/** A rule's target as a pattern: `:splat` any rest (or none), another placeholder one segment; query and hash dropped. */
function targetPattern(to: string): RegExp {
  const path = to.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${escaped
      .replace(/\/:splat$/, '(?:/.*)?')
      .replace(/:splat/g, '.*')
      .replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`,
  );
}

/**
 * Where a path is sent by the first rule that matches it (`forced`: only `!` rules; otherwise only
 * the others), or undefined. A trailing slash does not count, and `/docs/*` matches `/docs` too.
 */
export function matchRedirect(redirects: Redirects, path: string, forced: boolean): { location: string; status: number; rule: RedirectRule } | undefined {
  const segments = path.split('/').slice(1).filter(Boolean);
  for (const rule of redirects.rules) {
    if (rule.force !== forced) continue;
    const values = matchSegments(rule.from, segments);
    if (!values) continue;
    const location = rule.to.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
    // A value must not turn a path of this site into another site (`//host`, `/\host`).
    if (rule.to.startsWith('/') && /^\/[/\\]|\\/.test(location)) continue;
    if (location.length > MAX_LOCATION) continue;
    return { location: location.length > 1 ? location.replace(/\/+$/, '') : location, status: rule.status, rule };
  }
  return undefined;
}

/** The placeholders' values when `pattern` matches `segments` (`splat` for `*`), else undefined. */
function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  const values: Record<string, string> = Object.create(null);
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part === '*') {
      values.splat = segments.slice(i).join('/');
      return values;
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(':')) values[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return segments.length === pattern.length ? values : undefined;
}
