// The Remix app behind the site: the production build, or (`npm run dev`) Vite serving it from
// source with hot reload; and the load context every loader receives.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Request, Response } from 'express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import type { ViteDevServer } from 'vite';
import { liteRequested, type RequestContext } from '../server/site/index.js';
import { runAs, type Work } from '../server/host.js';
import { localsOf } from './locals.js';

/** The folder of the built app. */
export const BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');

/** The app to serve: its build (a function under Vite), the Vite server in development, and the build's version. */
export interface App {
  build: ServerBuild | (() => Promise<ServerBuild>);
  vite: ViteDevServer | undefined;
  version: string;
}

/** Starts loading the production build now (it loads while the content opens); undefined in development. */
export function loadBuild(): Promise<ServerBuild> | undefined {
  if (process.env.NODE_ENV !== 'production') return undefined;
  const loading = import(path.join(BUILD_DIR, 'server/index.js')) as Promise<ServerBuild>;
  loading.catch(() => undefined);
  return loading;
}

/** The app: the loaded build, or Vite in development. */
export async function openApp(loading: Promise<ServerBuild> | undefined): Promise<App> {
  if (loading) {
    const build = await loading;
    sharesWorkContext(build);
    return { build, vite: undefined, version: build.assets.version };
  }
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true } });
  return { build: () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>, vite, version: 'dev' };
}

/**
 * Throws unless the app's bundle sees the work the host starts: the two bundles must share one
 * work context (server/per-process.ts), or readers' work inside Remix would queue as the site's.
 */
export function sharesWorkContext(build: ServerBuild): void {
  const seen = (build.entry.module as { currentWork?: () => Work }).currentWork;
  const lane = seen && runAs({ lane: 'reader' }, () => seen().lane);
  if (lane !== 'reader') throw new Error(`the app's build sees a work context of its own (lane ${lane ?? 'unknown'} for a reader): rebuild it with this server`);
}

/** The load context of a request: the façade's request context, its logger, lite mode, and where the document's HTML goes. */
export function loadContext(): (req: Request, res: Response) => AppLoadContext {
  return (req, res) => {
    const { route, log, budget } = localsOf(res);
    // The context the front made, so the loaders share what the cache headers and the site root already read.
    const request: RequestContext = { ...localsOf(res).request, budget };
    return {
      ...request,
      log,
      lite: liteRequested(req.headers, request.search),
      // A document (not a client navigation's `.data` request) gets its article and sidebar HTML only once.
      documentHtml: 'data' in route && route.data ? undefined : {},
    };
  };
}
