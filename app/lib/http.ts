/**
 * Throws an HTTP error response when `condition` is falsy; the route's ErrorBoundary shows it.
 * Lets loaders state their preconditions in one line.
 */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 404 }): asserts condition {
  if (!condition) {
    throw new Response(message, { ...init, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...init.headers } });
  }
}
