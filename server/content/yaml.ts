// The one way the server reads YAML from the content repository (front matter, docsite.yaml,
// sidebars, _category_ files). That YAML is untrusted: an alias bomb expands exponentially and
// the `yaml` package throws when it hits its alias limit, so every read goes through here and a
// bad file becomes a positioned Problem instead of an exception that takes a branch down.
import YAML from 'yaml';
import type { Problem, ProblemCode } from '../problem.js';

/** Larger YAML files are refused unparsed; the biggest real one (a sidebars file) is ~20 KB. */
export const MAX_YAML_BYTES = 512_000;
/** Aliases expanded per document; real content uses none, a bomb uses thousands. */
export const MAX_YAML_ALIASES = 20;

/** A line and column (1-based) in a file. */
export interface Position {
  line: number;
  column: number;
}

/**
 * Parsed YAML plus ways to find where a value is (`lineOf`: its line; `positionOf`: its key's own
 * line and column, or the value's when it has no key), or the problem that stopped it.
 */
export type YamlResult =
  | {
      data: unknown;
      lineOf: (path: readonly (string | number)[]) => number | undefined;
      positionOf: (path: readonly (string | number)[]) => Position | undefined;
      problem?: undefined;
    }
  | { data?: undefined; problem: Problem };

/** Options: `lineOffset` when the YAML starts inside a file (front matter), `uniqueKeys` as in `yaml`. */
export interface YamlOptions {
  lineOffset?: number;
  uniqueKeys?: boolean;
}

/**
 * Parses untrusted YAML with size and alias limits. Never throws: returns the data (plus
 * `lineOf(path)` for positioning later validation errors) or a Problem with file and line.
 */
export function parseYaml(source: string, file: string, code: ProblemCode, opts: YamlOptions = {}): YamlResult {
  if (source.length > MAX_YAML_BYTES) return readYaml(source, file, code, opts);
  // JSON is YAML, and JSON.parse reads it some fifty times faster: the data files (versions.json...)
  // were most of the cost of a pushed commit's first page. The YAML reading runs only when a
  // validation error needs a line, or when the file is not plain JSON.
  if (/^\s*[[{]/.test(source)) {
    try {
      const data: unknown = JSON.parse(source);
      let lines: YamlResult | undefined;
      const read = () => {
        lines ??= readYaml(source, file, code, opts);
        return lines.problem ? undefined : lines;
      };
      return { data, lineOf: (path) => read()?.lineOf(path), positionOf: (path) => read()?.positionOf(path) };
    } catch {
      // Not JSON (a comment, a trailing comma...): YAML may still read it, or says where it breaks.
    }
  }
  return readYaml(source, file, code, opts);
}

/** Reads YAML with the `yaml` package, under the size and alias limits. */
function readYaml(source: string, file: string, code: ProblemCode, opts: YamlOptions): YamlResult {
  const offset = opts.lineOffset ?? 0;
  const fail = (message: string, line?: number, column?: number): YamlResult => ({
    problem: { code, file, line: line === undefined ? undefined : line + offset, column, message },
  });
  if (source.length > MAX_YAML_BYTES) return fail(`The YAML is larger than ${MAX_YAML_BYTES} bytes and is not read.`, 1);
  try {
    const lineCounter = new YAML.LineCounter();
    const doc = YAML.parseDocument(source, { lineCounter, uniqueKeys: opts.uniqueKeys ?? true });
    const error = doc.errors[0];
    // The position is the problem's own: the message's "at line 2, column 3:" (and the excerpt after it) would dangle.
    if (error) return fail(error.message.split('\n')[0].replace(/\s+at line \d+, column \d+:?$/, ''), error.linePos?.[0]?.line, error.linePos?.[0]?.col);
    const at = (start: number): Position => {
      const { line, col } = lineCounter.linePos(start);
      return { line: line + offset, column: col };
    };
    /** Where the deepest node on `path` that exists starts: a missing key is reported at its parent. */
    const nodeAt = (path: readonly (string | number)[]): Position | undefined => {
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number] } | undefined;
        if (node?.range) return at(node.range[0]);
      }
      return undefined;
    };
    const lineOf = (path: readonly (string | number)[]): number | undefined => nodeAt(path)?.line;
    /** Where the key that ends `path` is written (its own line and column), else where its value starts. */
    const positionOf = (path: readonly (string | number)[]): Position | undefined => {
      const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
      if (path.length && YAML.isMap(parent)) {
        const pair = parent.items.find((item) => (YAML.isScalar(item.key) ? item.key.value : item.key) === path.at(-1));
        const range = YAML.isNode(pair?.key) ? pair.key.range : undefined;
        if (range) return at(range[0]);
      }
      return nodeAt(path);
    };
    try {
      return { data: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }), lineOf, positionOf };
    } catch {
      // The `yaml` package throws once aliases expand past the limit; name the first alias.
      const at = firstAliasOffset(doc);
      return fail(`The YAML expands too many aliases (more than ${MAX_YAML_ALIASES}) and is not read.`, at === undefined ? 1 : lineCounter.linePos(at).line);
    }
  } catch (cause) {
    // Anything else the parser throws (e.g. a stack overflow on absurd nesting).
    return fail(cause instanceof Error ? cause.message.split('\n')[0] : String(cause), 1);
  }
}

function firstAliasOffset(doc: YAML.Document): number | undefined {
  let offset: number | undefined;
  YAML.visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0];
      return YAML.visit.BREAK;
    },
  });
  return offset;
}
