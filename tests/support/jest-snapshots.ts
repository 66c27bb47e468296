// Reads Jest snapshot files (`exports[`name`] = `...`;`) as data, so a test can compare with the
// expectations another project's tests hold without copying them. The corpus is trusted test data:
// each value is pretty-format text, which is a JavaScript expression once `[Function]` is replaced.
import fs from 'node:fs';
import vm from 'node:vm';

/** Every entry of a `.snap` file, by its Jest key, as a value (strings for error snapshots). */
export function readJestSnapshots(file: string): Map<string, unknown> {
  const text = fs.readFileSync(file, 'utf8');
  const entries = new Map<string, unknown>();
  // Keys and bodies are template literals: backticks and backslashes inside are escaped.
  const entry = /^exports\[`((?:[^`\\]|\\.)*)`\] = `((?:[^`\\]|\\.)*)`;$/gms;
  for (const match of text.matchAll(entry)) entries.set(unescapeTemplate(match[1]), snapshotValue(unescapeTemplate(match[2])));
  return entries;
}

/** A template literal's text without its escapes. */
function unescapeTemplate(text: string): string {
  return text.replace(/\\([`\\$])/g, '$1');
}

/** A pretty-format value as data: functions become null. */
function snapshotValue(body: string): unknown {
  // A string snapshot (an error message) spans lines, which no JavaScript string literal may.
  if (body.startsWith('\n"') && body.endsWith('"\n')) return body.slice(2, -2);
  const source = body.trim().replace(/\[Function(?: [\w$]+)?\]/g, 'null');
  return vm.runInNewContext(`(${source})`, Object.create(null), { timeout: 1000 });
}
