// `@docusaurus/plugin-pwa` read from a docusaurus.config (its options.ts and index.ts, 3.x): docsite
// serves no service worker (its `offlineModeActivationStrategies`, `swCustom`, `swRegister`,
// `injectManifestConfig` and `debug` shape one), said once per instance, but puts its `pwaHead`
// tags in every page's head, their `href` and `content` under the site's baseUrl as the plugin's
// `injectHtmlTags` puts them, so that the site's manifest and icons work. A tag or attribute
// docsite does not put in a head (a script, `onload`, a `javascript:` URL) is left out, named.
import { posix } from 'node:path';
import { HEAD_TAG_ATTRIBUTES, HEAD_LINK_RELS, isHeadHref, isHeadRel } from '../head-tags-config.js';
import { entriesOf, isRecord } from './plugin-options.js';

/** One tag of a page's head, as the site configuration keeps it. */
export interface HeadTag {
  tagName: 'link' | 'meta';
  attributes: Record<string, string>;
}

/** The names Docusaurus resolves to the plugin (`pwa`, `@docusaurus/plugin-pwa`, a path ending so). */
const PLUGIN = /^(@docusaurus\/plugin-|docusaurus-plugin-)?pwa$|\/plugin-pwa$/;

/** The plugin's options that shape its service worker. */
const SERVICE_WORKER_OPTIONS = ['offlineModeActivationStrategies', 'swCustom', 'swRegister', 'injectManifestConfig', 'debug'];

/** A value as a problem quotes it: short, one line. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * An `href` or `content` as the plugin's `injectHtmlTags` writes it: a value with a file extension
 * not already under the baseUrl is joined to it (`manifest.json` is `/base/manifest.json`). A URL
 * with a scheme is kept as written (the plugin would prefix it too, which breaks it).
 */
function underBaseUrl(value: string, baseUrl: string): string {
  if (!posix.extname(value) || value.startsWith(baseUrl) || /^[a-z][a-z\d+.-]*:/i.test(value)) return value;
  return `${baseUrl}${value.replace(/^\/+/, '')}`;
}

/** One `pwaHead` entry as a head tag, reporting what of it docsite leaves out; undefined when the tag goes whole. */
function headTagOf(entry: unknown, at: string, baseUrl: string, report: (message: string) => void): HeadTag | undefined {
  if (!isRecord(entry) || typeof entry.tagName !== 'string') {
    report(`${at}: ${quoted(entry)} is not a tag (an object with a tagName was expected): left out`);
    return undefined;
  }
  const { tagName, ...written } = entry;
  if (tagName !== 'link' && tagName !== 'meta') {
    report(`${at}.tagName: "${tagName}" is not put in pages by docsite (only link and meta tags are): the tag is left out`);
    return undefined;
  }
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(written)) {
    if (!(HEAD_TAG_ATTRIBUTES as readonly string[]).includes(name)) report(`${at}.${name}: the attribute is not put in pages by docsite: left out`);
    else if (typeof value !== 'string') report(`${at}.${name}: ${quoted(value)} is not text: left out`);
    else attributes[name] = name === 'href' || name === 'content' ? underBaseUrl(value, baseUrl) : value;
  }
  if (attributes.href !== undefined && !isHeadHref(attributes.href)) {
    report(`${at}.href: ${quoted(attributes.href)} is neither a path of the site nor an https URL: the tag is left out`);
    return undefined;
  }
  if (tagName === 'link' && (attributes.rel === undefined || !isHeadRel(attributes.rel))) {
    report(`${at}.rel: ${quoted(attributes.rel)} is not a link of a web app's head (${HEAD_LINK_RELS.join(', ')}): the tag is left out`);
    return undefined;
  }
  return { tagName, attributes };
}

/** The head tags of every instance of the plugin, and one problem per instance: no service worker is served. */
export function pwaHeadOf(config: Record<string, unknown>, baseUrl: string, report: (message: string) => void): HeadTag[] | undefined {
  const instances = entriesOf(config.plugins).filter(({ name }) => PLUGIN.test(name));
  if (instances.length === 0) return undefined;
  return instances.flatMap(({ name, options, index }) => {
    const at = `plugins[${index}]`;
    const set = SERVICE_WORKER_OPTIONS.filter((key) => options[key] !== undefined);
    const ignored = set.length ? ` (${set.join(', ')} not followed)` : '';
    report(`${at}: ${name}: docsite serves no service worker, so pages do not work offline${ignored}: its pwaHead tags are in every page's head`);
    if (options.pwaHead === undefined) return [];
    if (!Array.isArray(options.pwaHead)) {
      report(`${at}.pwaHead: ${quoted(options.pwaHead)} is not a list of tags: left out`);
      return [];
    }
    return options.pwaHead.flatMap((entry, tag) => headTagOf(entry, `${at}.pwaHead[${tag}]`, baseUrl, report) ?? []);
  });
}
