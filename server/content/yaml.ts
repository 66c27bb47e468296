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

/** Parsed YAML plus a way to find the line of a value, or the problem that stopped it. */
export type YamlResult = { data: unknown; lineOf: (path: readonly (string | number)[]) => number | undefined; problem?: undefined } | { data?: undefined; problem: Problem };

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
      return {
        data,
        lineOf: (path) => {
          lines ??= readYaml(source, file, code, opts);
          return lines.problem ? undefined : lines.lineOf(path);
        },
      };
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
    if (error) return fail(error.message.split('\n')[0], error.linePos?.[0]?.line, error.linePos?.[0]?.col);
    const lineOf = (path: readonly (string | number)[]): number | undefined => {
      // The deepest node that exists: a missing key is reported at its parent.
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number] } | undefined;
        if (node?.range) return lineCounter.linePos(node.range[0]).line + offset;
      }
      return undefined;
    };
    try {
      return { data: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }), lineOf };
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
