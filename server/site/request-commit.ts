// The commit a request's page reads, for what the root document takes from that commit rather than
// from the default branch: the site's stylesheet and its colour mode (a branch may change either).
import type { ColorMode } from '../config/color-mode.js';
import type { DocsRoute } from './locate.js';
import type { RequestContext } from './request.js';

/** The commit of the docs, blog or page the request locates, else the default branch's. */
export async function requestCommit(context: RequestContext): Promise<string> {
  if (!('base' in context.route)) return context.snapshot.defaultCommit;
  const found = await context.reads.locate(context.route as DocsRoute).catch(() => undefined);
  return found?.located.commit ?? context.snapshot.defaultCommit;
}

/** The colour mode settings (themeConfig.colorMode) of the commit the request reads; the default branch's if that commit's config cannot be read. */
export async function requestColorMode(context: RequestContext): Promise<ColorMode> {
  const commit = await requestCommit(context);
  return context.site.docs.configAt(commit).then(
    (config) => config.colorMode,
    () => context.snapshot.config.colorMode,
  );
}
