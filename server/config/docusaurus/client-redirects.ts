// `@docusaurus/plugin-client-redirects` read from a docusaurus.config (its options.ts, 3.10): each
// instance's `redirects` (`from` a pathname or a list of them, `to` any text), `fromExtensions`,
// `toExtensions` and `createRedirects`, a function the sandbox calls per page
// (server/site/client-redirects.ts). A value the plugin's schema refuses (its build would stop)
// is left out alone, with a problem naming its key path; the rest of the instance still works.
import { entriesOf, isCodeFunction, isRecord } from './plugin-options.js';

/** One redirect of the `redirects` option, with its key path. */
export interface ClientRedirect {
  from: string;
  to: string;
  /** `plugins[3].redirects[2]`. */
  at: string;
}

/** One instance of the plugin's options, as docsite computes its redirects. */
export interface ClientRedirectsOptions {
  /** Its key path in the config: `plugins[3]`. */
  at: string;
  fromExtensions: string[];
  toExtensions: string[];
  redirects: ClientRedirect[];
  /** The index of its `createRedirects` function in the sandbox's result. */
  createRedirects?: number;
}

/** The names Docusaurus resolves to the plugin (`client-redirects`, `@docusaurus/plugin-client-redirects`, a path ending so). */
const PLUGIN = /^(@docusaurus\/plugin-|docusaurus-plugin-)?client-redirects$|\/plugin-client-redirects$/;

/** True for a pathname as Docusaurus's `isValidPathname` takes it: starting with `/`, with no domain, query or hash. */
export function isPathname(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  try {
    const parsed = new URL(value, 'https://domain.com').pathname;
    return parsed === value || parsed === encodeURI(value);
  } catch {
    return false;
  }
}

/** Why Docusaurus refuses an extension (extensionRedirects.ts `validateExtension`), or undefined. */
function badExtension(ext: unknown): string | undefined {
  if (typeof ext !== 'string' || !ext) return 'is not an extension';
  if (ext.includes('.')) return 'contains a "." (dot)';
  if (ext.includes('/')) return 'contains a "/" (slash)';
  if (encodeURIComponent(ext) !== ext) return 'contains invalid URI characters';
  return undefined;
}

/** A value as a problem quotes it: short, one line. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The extensions of `fromExtensions` or `toExtensions` the plugin accepts, reporting the others. */
function extensionsOf(value: unknown, at: string, report: (message: string) => void): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report(`${at}: ${quoted(value)} is not a list of extensions: left out, no redirects by extension`);
    return [];
  }
  return value.filter((ext, index) => {
    const why = badExtension(ext);
    if (why) report(`${at}[${index}]: ${quoted(ext)} ${why}: left out, as the plugin refuses it`);
    return !why;
  });
}

/** The `redirects` option's redirects, one per `from`, reporting those the plugin refuses. */
function redirectsOf(value: unknown, at: string, report: (message: string) => void): ClientRedirect[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report(`${at}: ${quoted(value)} is not a list of redirects: left out`);
    return [];
  }
  return value.flatMap((entry, index) => {
    const here = `${at}[${index}]`;
    if (!isRecord(entry) || typeof entry.to !== 'string' || !entry.to) {
      report(`${here}: ${quoted(entry)} needs a \`to\` (text): left out`);
      return [];
    }
    const froms = Array.isArray(entry.from) ? entry.from : [entry.from];
    return froms.flatMap((from, fromIndex) => {
      if (isPathname(from)) return [{ from, to: entry.to as string, at: here }];
      const where = Array.isArray(entry.from) ? `${here}.from[${fromIndex}]` : `${here}.from`;
      report(`${where}: ${quoted(from)} is not a pathname (it starts with / and has no domain, query or hash): left out`);
      return [];
    });
  });
}

/** Every instance of the client-redirects plugin in a config's `plugins`, its options as the plugin validates them. */
export function clientRedirectsOf(config: Record<string, unknown>, report: (message: string) => void): ClientRedirectsOptions[] {
  return entriesOf(config.plugins)
    .filter(({ name }) => PLUGIN.test(name))
    .map(({ options, index }) => {
      const at = `plugins[${index}]`;
      const { createRedirects } = options;
      if (createRedirects !== undefined && !isCodeFunction(createRedirects)) report(`${at}.createRedirects: ${quoted(createRedirects)} is not a function: left out`);
      return {
        at,
        fromExtensions: extensionsOf(options.fromExtensions, `${at}.fromExtensions`, report),
        toExtensions: extensionsOf(options.toExtensions, `${at}.toExtensions`, report),
        redirects: redirectsOf(options.redirects, `${at}.redirects`, report),
        ...(isCodeFunction(createRedirects) ? { createRedirects: createRedirects.$function } : {}),
      };
    });
}
