// The server entry: Remix's default node entry, rendered in one pass (no page defers data), with
// the article and sidebar HTML of a document request handed to the components beside the loader
// data instead of inside it (app/lib/document-html.ts).
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { isWorkStop, pageStylePolicy } from '../server/site/index.js';
import { DocumentHtmlContext } from './lib/document-html';

const ABORT_DELAY = 5_000;

/**
 * The work of the caller, as this bundle sees it: the host checks at start-up that it sees the work
 * it starts (one work context per process, not one per bundle: server/per-process.ts).
 */
export { currentWork } from '../server/site/index.js';

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <DocumentHtmlContext.Provider value={loadContext.documentHtml ?? {}}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </DocumentHtmlContext.Provider>,
      {
        onAllReady() {
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          // What a page's stylesheets may load: fonts and stylesheets from the site alone, unless the operator allows more (SITE_CSS_ORIGINS; decision 042).
          headers.set('Content-Security-Policy', pageStylePolicy(loadContext.site.config.siteCssOrigins ?? []));
          // A page not shown whole this time (a component a busy moment stopped) is not kept by the page cache or by proxies.
          if (loadContext.documentHtml?.incomplete) headers.set('Cache-Control', 'no-store');
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          failed = true;
          loadContext.log.error({ err: error }, 'render failed');
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

/**
 * Errors in loaders and actions go to the request's structured logger (one JSON line with the
 * request id), never to stderr as a raw stack. Aborted requests are not errors, nor is work the
 * server stopped (decision 030): a client that hung up before Remix saw its request leaves
 * Remix's signal unaborted, but the work it started stops with an AbortError.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isWorkStop(error)) return;
  context.log.error({ err: error }, 'request failed');
};
