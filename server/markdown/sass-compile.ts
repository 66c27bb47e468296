// A site's Sass (`.scss`, `.sass`, as docusaurus-plugin-sass compiles them), compiled with the `sass`
// package in a worker thread of its own: Sass is a language with loops, so a branch's stylesheet
// could compute for ever; the worker is given a time and a heap, and ended when it takes more. Its
// `@use`, `@forward` and `@import` read only the commit's files it is given, by path.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How long one compilation may take, and the heap it may use. */
const LIMITS = { ms: 10_000, heapMb: 256 };

/** The worker's code: CommonJS, run from a string so that it is one file however the server is bundled. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const sass = require(workerData.sassPath);
const files = new Map(Object.entries(workerData.files));
const join = (base, relative) => {
  const parts = base.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
};
const find = (path) => {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const candidates = /\\.(s[ac]ss|css)$/.test(name)
    ? [path, dir + '_' + name]
    : ['.scss', '.sass', '.css'].flatMap((ext) => [path + ext, dir + '_' + name + ext, path + '/_index' + ext, path + '/index' + ext]);
  return candidates.find((candidate) => files.has(candidate));
};
const importer = {
  canonicalize(url, context) {
    if (url.startsWith('site:/')) return new URL(url);
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('~')) return null;
    const from = context.containingUrl && context.containingUrl.protocol === 'site:' ? context.containingUrl.pathname.slice(1) : workerData.entry;
    const found = find(url.startsWith('/') ? join(workerData.siteDir + '/x', url.slice(1)) : join(from, url));
    return found === undefined ? null : new URL('site:/' + found);
  },
  load(url) {
    const path = url.pathname.slice(1);
    return { contents: files.get(path), syntax: path.endsWith('.sass') ? 'indented' : path.endsWith('.css') ? 'css' : 'scss' };
  },
};
try {
  const result = sass.compileString(files.get(workerData.entry), {
    url: new URL('site:/' + workerData.entry),
    syntax: workerData.entry.endsWith('.sass') ? 'indented' : 'scss',
    importers: [importer],
    style: 'expanded',
    logger: sass.Logger.silent,
  });
  parentPort.postMessage({ css: result.css });
} catch (error) {
  parentPort.postMessage({ error: String((error && error.sassMessage) || (error && error.message) || error).slice(0, 500), line: error && error.span ? error.span.start.line + 1 : undefined });
}
`;

/** What a compilation gives: the CSS, or the error with its line in the entry file. */
export type SassResult = { css: string } | { error: string; line?: number };

/** Compiles `entry` (a repository path, a key of `files`) with the commit's style files it may import. */
export function compileSass(entry: string, files: ReadonlyMap<string, string>, siteDir: string): Promise<SassResult> {
  const sassPath = createRequire(import.meta.url).resolve('sass');
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { sassPath, entry, siteDir, files: Object.fromEntries(files) },
      resourceLimits: { maxOldGenerationSizeMb: LIMITS.heapMb },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ error: `the compilation took more than ${LIMITS.ms / 1000} s: stopped` });
    }, LIMITS.ms);
    const settle = (result: SassResult) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    worker.once('message', settle);
    worker.once('error', (error) => settle({ error: error.message }));
    worker.once('exit', () => settle({ error: 'the compiler stopped' }));
  });
}
