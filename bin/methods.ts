// Which methods each URL answers: GET and HEAD everywhere, POST only where something takes one (the
// webhook, the theme form), and only POST at /mcp. A POST anywhere else is a 405 before Remix sees it, so no route's
// internals (Remix names the route that has no action) reach the client.
import type { Route } from '../server/site/index.js';

/** Route kinds that take a POST. */
const POSTED: ReadonlySet<Route['kind']> = new Set(['webhook', 'theme']);

/** The methods a route answers, for the Allow header of a 405. */
export function allowedMethods(route: Route): string[] {
  // Stateless MCP (decision 037): no event stream to GET, no session to DELETE.
  if (route.kind === 'mcp') return ['POST'];
  return POSTED.has(route.kind) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}
