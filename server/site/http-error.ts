// Why a request cannot be answered with what it asked for (docs/decisions/008-error-model.md). The
// façade throws it; the web layer turns it into an HTML error page or an RFC 9457 problem
// document. A content problem that caused it travels with it.
import type { Problem } from '../problem.js';

/** A request-level failure: an HTTP status, a short title and a detail a reader understands. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    /** The content problem behind it, with its file and line, when there is one. */
    readonly problem?: Problem,
    /** Where a 3xx answer sends the reader. */
    readonly location?: string,
    /** Pages to offer the reader instead (a 404's suggestions), links on the reader's ref. */
    readonly links?: { label: string; href: string }[],
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** True for an HttpError from either server bundle (checked by shape, not class). */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && error.name === 'HttpError' && typeof (error as HttpError).status === 'number';
}

/** A 404 with what was not found. */
export function notFound(detail: string, title = 'Not found'): HttpError {
  return new HttpError(404, title, detail);
}

/** A redirect, thrown like an error so a view can stop where it decides to send the reader elsewhere. */
export function redirectTo(location: string, status = 302): HttpError {
  return new HttpError(status, status === 301 ? 'Moved Permanently' : 'Found', `Moved to ${location}`, undefined, location);
}

/** Throws a 404 (or another status) when `condition` is falsy: a loader's precondition in one line. */
export function invariantFound(condition: unknown, detail: string, title = 'Not found'): asserts condition {
  if (!condition) throw notFound(detail, title);
}

/** The RFC 9457 problem document of an HttpError. */
export function problemDocument(error: Pick<HttpError, 'status' | 'title' | 'detail' | 'problem'>) {
  return { type: 'about:blank', title: error.title, status: error.status, detail: error.detail, ...(error.problem && { problem: error.problem }) };
}
