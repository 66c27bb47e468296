// What runs first in every sandbox context: CommonJS `require` over the commit's files, a read-only
// `fs`, a pure `path`, an allowed-only `process`, a clock fixed at the site's day, and the shims of
// the packages a site's code expects. It talks to the host through one function,
// `__docsite_host(question JSON) -> answer JSON`, and compiles modules through `__docsite_compile`.
// The text below is evaluated inside QuickJS, never in node.
import { bundleScript } from './bundle-script.js';
import { REMARK_STEP } from './remark-step.js';
import { UNIST_PACKAGES } from './unist-shims.js';

const PRELUDE = String.raw`
import * as pathe from 'pathe';
const host = globalThis.__docsite_host;
const compile = globalThis.__docsite_compile;
const options = globalThis.__docsite_options;
delete globalThis.__docsite_host;
delete globalThis.__docsite_compile;
delete globalThis.__docsite_options;
const ask = (question) => { const answer = JSON.parse(host(JSON.stringify(question))); if (answer.error) { const error = new Error(answer.error); error.code = answer.code; throw error; } return answer.value; };

const RealDate = Date;
const NOW = options.now;
let clockRead = false;
class SiteDate extends RealDate { constructor(...args) { if (args.length === 0) { clockRead = true; super(NOW); } else super(...args); } static now() { clockRead = true; return NOW; } }
globalThis.Date = SiteDate;
const noop = () => {};
globalThis.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop, table: noop, dir: noop, time: noop, timeEnd: noop, group: noop, groupEnd: noop };
globalThis.setTimeout = (fn, _ms, ...args) => { Promise.resolve().then(() => fn(...args)); return 0; };
globalThis.setImmediate = globalThis.setTimeout;
globalThis.clearTimeout = noop;
globalThis.clearImmediate = noop;
globalThis.queueMicrotask = (fn) => { Promise.resolve().then(fn); };
globalThis.TextEncoder = class TextEncoder { get encoding() { return 'utf-8'; } encode(text = '') { const bytes = unescape(encodeURIComponent(String(text))); const out = new Uint8Array(bytes.length); for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i); return out; } };
globalThis.TextDecoder = class TextDecoder { decode(bytes) { if (!bytes) return ''; let text = ''; for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]); return decodeURIComponent(escape(text)); } };

// URLSearchParams and URL, which QuickJS lacks and pages use to read the location's query (new URLSearchParams(location.search)).
const formDecode = (text) => { try { return decodeURIComponent(text.replace(/\+/g, ' ')); } catch { return text; } };
const formEncode = (text) => encodeURIComponent(text).replace(/%20/g, '+');
class SiteURLSearchParams {
  constructor(init = '') {
    this.list = [];
    if (typeof init === 'string') for (const pair of init.replace(/^\?/, '').split('&')) { if (!pair) continue; const at = pair.indexOf('='); this.list.push(at < 0 ? [formDecode(pair), ''] : [formDecode(pair.slice(0, at)), formDecode(pair.slice(at + 1))]); }
    else if (init && typeof init[Symbol.iterator] === 'function') for (const [key, value] of init) this.list.push([String(key), String(value)]);
    else if (init && typeof init === 'object') for (const key of Object.keys(init)) this.list.push([key, String(init[key])]);
  }
  get size() { return this.list.length; }
  get(name) { const found = this.list.find(([key]) => key === name); return found ? found[1] : null; }
  getAll(name) { return this.list.filter(([key]) => key === name).map(([, value]) => value); }
  has(name) { return this.list.some(([key]) => key === name); }
  set(name, value) { const at = this.list.findIndex(([key]) => key === name); this.list = this.list.filter(([key], index) => key !== name || index === at); if (at < 0) this.list.push([name, String(value)]); else this.list[this.list.findIndex(([key]) => key === name)][1] = String(value); }
  append(name, value) { this.list.push([String(name), String(value)]); }
  delete(name) { this.list = this.list.filter(([key]) => key !== name); }
  sort() { this.list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); }
  forEach(fn, self) { for (const [key, value] of this.list) fn.call(self, value, key, this); }
  keys() { return this.list.map(([key]) => key)[Symbol.iterator](); }
  values() { return this.list.map(([, value]) => value)[Symbol.iterator](); }
  entries() { return this.list.map((pair) => [...pair])[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  toString() { return this.list.map(([key, value]) => formEncode(key) + '=' + formEncode(value)).join('&'); }
}
globalThis.URLSearchParams = SiteURLSearchParams;
const URL_PARTS = /^([a-z][a-z0-9+.-]*:)(?:\/\/(?:[^@/?#]*@)?([^:/?#]*)(?::(\d+))?)?([^?#]*)(\?[^#]*)?(#.*)?$/i;
class SiteURL {
  constructor(href, base) {
    let text = String(href);
    if (!URL_PARTS.test(text)) {
      if (base === undefined) throw new TypeError('Invalid URL: ' + text);
      const from = new SiteURL(base);
      const path = text.startsWith('/') ? text : from.pathname.replace(/[^/]*$/, '') + text;
      text = from.protocol + (from.host ? '//' + from.host : '') + pathe.normalize(path.replace(/[?#].*$/, '')) + (/[?#].*$/.exec(path) || [''])[0];
    }
    const [, protocol, hostname = '', port = '', pathname = '', search = '', hash = ''] = URL_PARTS.exec(text);
    Object.assign(this, { protocol: protocol.toLowerCase(), hostname, port, pathname: pathname || (hostname ? '/' : ''), search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash });
    this.searchParams = new SiteURLSearchParams(this.search);
  }
  get host() { return this.hostname + (this.port ? ':' + this.port : ''); }
  get origin() { return this.hostname ? this.protocol + '//' + this.host : 'null'; }
  get href() { return this.protocol + (this.hostname ? '//' + this.host : '') + this.pathname + this.search + this.hash; }
  toString() { return this.href; }
  toJSON() { return this.href; }
}
globalThis.URL = SiteURL;

const exit = () => { throw new Error('process.exit() is not available to a site\'s code'); };
const process = { env: Object.assign(Object.create(null), options.env), cwd: () => options.cwd, platform: 'linux', version: 'v20.0.0', versions: { node: '20.0.0' }, argv: [], exit, abort: exit, kill: exit, on: noop, nextTick: (fn, ...args) => { Promise.resolve().then(() => fn(...args)); } };
globalThis.process = process;

const fileError = (code, path) => { const error = new Error(code + ': no such file or directory, ' + path); error.code = code; return error; };
const stat = (path) => { const found = ask({ op: 'stat', path: pathe.resolve(String(path)) }); if (!found) throw fileError('ENOENT', path); return { size: found.size, isFile: () => found.type === 'file', isDirectory: () => found.type === 'dir', isSymbolicLink: () => false, mtime: new Date(0), mtimeMs: 0 }; };
const readFileSync = (path, encoding) => { const text = ask({ op: 'read', path: pathe.resolve(String(path)) }); if (text === null) throw fileError('ENOENT', path); return encoding ? text : Object.assign(new TextEncoder().encode(text), { toString: () => text }); };
const readdirSync = (path, opts) => { const entries = ask({ op: 'list', path: pathe.resolve(String(path)) }); if (entries === null) throw fileError('ENOENT', path); return opts && opts.withFileTypes ? entries.map((entry) => ({ name: entry.name, isFile: () => entry.type === 'file', isDirectory: () => entry.type === 'dir', isSymbolicLink: () => false })) : entries.map((entry) => entry.name); };
const existsSync = (path) => { try { stat(path); return true; } catch { return false; } };
const readOnly = () => { throw new Error('the site files are read-only'); };
const fs = { existsSync, readFileSync, readdirSync, statSync: stat, lstatSync: stat, realpathSync: (path) => pathe.resolve(String(path)), writeFileSync: readOnly, mkdirSync: readOnly, rmSync: readOnly, unlinkSync: readOnly, appendFileSync: readOnly };
fs.promises = { readFile: async (...args) => readFileSync(...args), readdir: async (...args) => readdirSync(...args), stat: async (path) => stat(path), access: async (path) => { stat(path); } };

const stubs = new Map();
// A stub is anything at all, and as a React component it renders its children (a package's layout
// component, say): React must not take it for a class, a thenable, or a lazy or memo object. In a
// config's result it is its package's name (remarkPlugins: [remarkMath] is remark-math).
const notForReact = new Set(['prototype', 'then', '$$typeof', 'defaultProps', 'contextTypes', 'childContextTypes', 'contextType', 'getDerivedStateFromProps', 'propTypes']);
const isProps = (args) => args.length >= 1 && args[0] !== null && typeof args[0] === 'object' && !Array.isArray(args[0]) && Object.getPrototypeOf(args[0]) === Object.prototype && shimModule !== undefined;
const stub = (name) => {
  const target = function () { return stubbed; };
  const stubbed = new Proxy(target, { get: (_, key) => (key === 'toJSON' ? () => ({ $package: name }) : key === Symbol.toPrimitive ? () => '' : key === '__esModule' ? false : notForReact.has(key) ? undefined : stubbed), apply: (_, __, args) => (isProps(args) ? (args[0].children ?? null) : stubbed), construct: () => stubbed });
  stubs.set(name, stubbed);
  return stubbed;
};
const url = { fileURLToPath: (href) => String(href).replace(/^file:\/\//, ''), pathToFileURL: (path) => ({ href: 'file://' + path, toString: () => 'file://' + path }) };
// node's util, the pure part configs use (util.inspect in a console.log, util.format, promisify).
const inspect = (value) => { try { return typeof value === 'string' ? value : JSON.stringify(value); } catch { return String(value); } };
const util = { inspect, format: (...args) => args.map(inspect).join(' '), promisify: (fn) => (...args) => new Promise((resolve, reject) => fn(...args, (error, value) => (error ? reject(error) : resolve(value)))), inherits: (ctor, parent) => { Object.setPrototypeOf(ctor.prototype, parent.prototype); }, deprecate: (fn) => fn, isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b), types: { isPromise: (value) => value instanceof Promise, isRegExp: (value) => value instanceof RegExp, isDate: (value) => value instanceof Date } };
const builtins = {
  fs, 'node:fs': fs, 'fs/promises': fs.promises, 'node:fs/promises': fs.promises,
  path: pathe, 'node:path': pathe, process, 'node:process': process, url, 'node:url': url, util, 'node:util': util,
  dotenv: { config: () => ({ parsed: {} }) }, 'dotenv/config': {},
};
const modules = Object.create(null);
const origins = new WeakMap();
const requireFrom = (from) => {
  const require = (specifier) => load(String(specifier), from);
  require.resolve = (specifier) => ask({ op: 'resolve', specifier: String(specifier), from }).id;
  return require;
};
builtins.module = { createRequire: (file) => requireFrom(url.fileURLToPath(file)) };
const load = (specifier, from) => {
  if (Object.prototype.hasOwnProperty.call(builtins, specifier)) return builtins[specifier];
  const found = ask({ op: 'load', specifier, from });
  if (found.shim) {
    // A package docsite stands in for is named by what it is (a remark plugin the config lists).
    const value = UNIST.includes(found.shim) ? unist()[found.shim] : shims().shim(found.shim);
    if (value !== null && (typeof value === 'object' || typeof value === 'function') && !origins.has(value)) origins.set(value, found.shim);
    return value;
  }
  // A remark plugin given a stub would change nothing and say nothing: it fails instead, and is left out.
  if (found.stub && strictPackages) throw new Error("Cannot find module '" + specifier + "': docsite does not have this package");
  if (found.stub) return stubs.get(specifier) || stub(specifier);
  if (modules[found.id]) return modules[found.id].exports;
  const module = { exports: {}, id: found.id, loaded: false };
  modules[found.id] = module;
  // As node does, a module that throws is forgotten, so a later require runs it again instead of seeing it half made.
  try {
    const run = compile(found.id, found.code);
    run.call(module.exports, module.exports, requireFrom(found.id), module, found.id, pathe.dirname(found.id));
  } catch (error) {
    delete modules[found.id];
    throw error;
  }
  module.loaded = true;
  // Which file a function came from: a remark plugin is known by its module (docusaurus-config.ts).
  const exported = module.exports;
  for (const value of [exported, ...(exported && typeof exported === 'object' ? Object.values(exported) : [])]) {
    if (typeof value === 'function' && !origins.has(value)) origins.set(value, found.id);
  }
  return module.exports;
};

// The shims (server/sandbox/shims.ts: docsite's React and the Docusaurus packages), loaded the first
// time the code asks for one of them.
let shimModule;
const shims = () => {
  if (shimModule) return shimModule;
  const module = { exports: {} };
  compile('/docsite/shims.js', ask({ op: 'shims' })).call(module.exports, module.exports, (name) => { throw new Error('no ' + name); }, module, '/docsite/shims.js', '/docsite');
  shimModule = module.exports;
  return shimModule;
};

// The tree utilities remark plugins require (unist-shims.ts), loaded the first time one is asked for.
const UNIST = __UNIST__;
let unistModule;
let strictPackages = false;
const unist = () => {
  if (unistModule) return unistModule;
  const module = { exports: {} };
  compile('/docsite/unist.js', ask({ op: 'unist' })).call(module.exports, module.exports, (name) => { throw new Error('no ' + name); }, module, '/docsite/unist.js', '/docsite');
  unistModule = module.exports;
  return unistModule;
};

const functions = [];
const serialize = (value) => JSON.stringify(value, function (key, item) {
  if (typeof item === 'function') { functions.push(item); return { $function: functions.length - 1, name: item.name || key, module: origins.get(item) }; }
  if (typeof item === 'bigint') return String(item);
  // A shim's module object in a result (a plugin given as a package): its name, not an empty object.
  if (item !== null && typeof item === 'object' && typeof origins.get(item) === 'string' && !origins.get(item).startsWith('/site/')) return { $package: origins.get(item) };
  return item;
});
const finish = (promise) => promise.then((result) => { globalThis.__docsite_out = serialize(result); }).catch((error) => { globalThis.__docsite_error = error; });
globalThis.__docsite_run = (entry, call) => finish(Promise.resolve().then(() => {
  let value = load(entry, '/site/');
  if (value && value.__esModule && 'default' in value) value = value.default;
  return typeof value === 'function' && call ? value(...call) : value;
}));
// One call that throws gives {$threw: message}: the others still count (an editUrl called for every doc).
// An argument {$returns: value} is a function that gives that value (Docusaurus's defaultSidebarItemsGenerator, computed by the host).
const revive = (value) => Array.isArray(value) ? value.map(revive) : value !== null && typeof value === 'object' ? ('$returns' in value && Object.keys(value).length === 1 ? () => Promise.resolve(value.$returns) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]))) : value;
globalThis.__docsite_call = (index, args) => finish(Promise.resolve().then(() => functions[index](...revive(args))).catch((error) => ({ $threw: String((error && error.message) || error) })));
globalThis.__docsite_require = (specifier) => load(specifier, '/site/');
globalThis.__docsite_islands = (specs, site) => finish(Promise.resolve().then(() => ({ islands: shims().islands(specs, load, site, (index, result) => ask({ op: 'island', index, result })), clock: clockRead })));
`;

/** The prelude's text, bundled with the pure `path` it gives the site's code (built once per process). */
let bundled: Promise<string> | undefined;

/** The prelude bundled into one script for QuickJS. */
export function preludeScript(): Promise<string> {
  bundled ??= bundleScript(PRELUDE.replace('__UNIST__', JSON.stringify(UNIST_PACKAGES)) + REMARK_STEP, 'docsite-prelude.js', 'pathe', { format: 'iife' });
  return bundled;
}
