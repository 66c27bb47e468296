// The one error model for everything content can break (docs/decisions/008-error-model.md): a
// positioned problem with a stable code. It is plain data, so it survives JSON (loader data,
// /readyz) and the two server bundles; code compares `code`, never a class.
import type { VFileMessage } from 'vfile-message';

/** Stable identifiers of what went wrong; tests, logs and the UI compare these. */
export type ProblemCode =
  | 'front-matter' // a page's YAML front matter
  | 'site-config' // docsite.yaml
  | 'sidebars' // the sidebars file
  | 'versions' // a versions file (versions.json, versionsArchived.json)
  | 'redirects' // a _redirects file
  | 'category' // a _category_ file
  | 'data-file' // data/*.json
  | 'mdx' // a page that is not valid MDX (shown as plain Markdown)
  | 'limit' // a page over a size, depth or time budget
  | 'component' // a component with bad props, or unknown
  | 'site-css' // the site's own stylesheet (customCss, stylesheets): a file, a Sass error, an import from elsewhere
  | 'site-plugin' // one of the site's own remark plugins failed in the sandbox or reported a message (the page is shown without it)
  | 'site-component' // one of the site's own components failed in the sandbox (the page shows its content alone)
  | 'import' // an import that binds nothing
  | 'expression' // an expression the literal-only evaluator refused
  | 'missing-file' // a file a page names (an import, a partial, an image, the page's own) that is not there or whose blob cannot be read
  | 'blog' // a blog's authors file, tags file, or a post's authors and tags
  | 'translations' // a translation file of a locale (i18n/{locale}/…json)
  | 'math' // a formula KaTeX could not read (drawn as its error)
  | 'render'; // anything else that failed while rendering one page

/** A problem in a source file, with the position a content author needs to fix it. */
export interface Problem {
  code: ProblemCode;
  /** Repository path of the file. */
  file: string;
  line?: number;
  column?: number;
  /** What is wrong, in words a content author understands. */
  message: string;
}

/** An Error that carries a Problem; recognise it with `isProblemError`, not `instanceof`. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(formatProblem(problem));
    this.name = 'ProblemError';
  }
}

/** True for a ProblemError from either bundle (checked by shape, not class). */
export function isProblemError(error: unknown): error is ProblemError {
  const problem = (error as { problem?: Partial<Problem> } | undefined)?.problem;
  return error instanceof Error && typeof problem?.code === 'string' && typeof problem.file === 'string';
}

/** `file:line:column: message`, the form editors and CI logs link. */
export function formatProblem(problem: Pick<Problem, 'file' | 'line' | 'column' | 'message'>): string {
  const where = [problem.file, problem.line, problem.line && problem.column].filter(Boolean).join(':');
  return `${where}: ${problem.message}`;
}

/**
 * A Problem from anything thrown while reading `file`: a vfile message (micromark, MDX), a YAML
 * error (with `linePos`), a ProblemError, or any other error (no position).
 */
export function problemFrom(cause: unknown, file: string, code: ProblemCode, lineOffset = 0): Problem {
  if (isProblemError(cause)) return cause.problem;
  // micromark and the MDX extensions throw vfile messages; several copies of vfile-message are
  // installed, so recognise one by shape.
  const message = cause as Partial<VFileMessage> | undefined;
  if (typeof message?.reason === 'string') {
    const place = message.place as { line?: number; column?: number; start?: { line?: number; column?: number } } | undefined;
    const line = message.line ?? place?.start?.line ?? place?.line ?? undefined;
    const column = message.column ?? place?.start?.column ?? place?.column ?? undefined;
    return { code, file, line: line === undefined ? undefined : line + lineOffset, column, message: message.reason };
  }
  const linePos = (cause as { linePos?: { line: number; col: number }[] } | undefined)?.linePos?.[0];
  const text = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
  return { code, file, line: linePos ? linePos.line + lineOffset : undefined, column: linePos?.col, message: text };
}
