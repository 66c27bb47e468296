// The inputs several tools share, described for an agent (decision 037).
import { z } from 'zod';

/** Which commit to read; the site's own grammar (a version name, `~branch`, `@commit`) checks it. */
export const ref = z
  .string()
  .min(1)
  .max(300)
  .optional()
  .describe(
    'Which docs to read: a version name from list_versions (e.g. "4.5"), "~branch" for a branch preview (e.g. "~main", "~feature/x"), or "@commit" (7 to 40 hex digits) for an exact commit. Default: the last published version.',
  );

/** Which docs instance, when a site has several. */
export const instance = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe('Only this docs instance (an id from list_versions), when the site has several. Default: every instance, the whole site.');

/** Where a paged answer goes on from. */
export const offset = z.number().int().min(0).max(10_000_000).optional().describe('Where to go on from: the nextOffset of the previous answer. Default 0.');

/** Which docs instance a page's path under the docs is in (a URL names its own). */
export const pageInstance = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe('The docs instance (an id from list_versions) a path under the docs such as "apis/commonfiles" is in. Default: the one a URL names, else the first.');
