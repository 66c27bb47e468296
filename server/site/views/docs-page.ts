// Every page under a docs instance's URL, told apart once the commit it reads is known (a branch may
// have version folders the default commit lacks, so what a path names can only be settled then): a
// doc, its history or rendered diff, a category index, tags, search, the link report or the changes.
import { HISTORY_PARAM } from '../../urls.js';
import type { RequestContext } from '../request.js';
import { categoryView } from './category.js';
import { changesView } from './changes.js';
import { diffView } from './diff.js';
import { historyView } from './history.js';
import { linksView } from './links.js';
import { pageView } from './page.js';
import { searchView } from './search.js';
import { tagsView } from './tags.js';

/** The view of the page a docs URL names, tagged with its kind. */
export async function docsPageView(context: RequestContext) {
  const { route } = context;
  const fitted = 'base' in route ? { ...context, route: (await context.reads.locate(route)).route } : context;
  switch (fitted.route.kind) {
    case 'diff':
      return diffView(fitted);
    case 'category':
      return { kind: 'category' as const, ...(await categoryView(fitted)) };
    case 'tags':
      return { kind: 'tags' as const, tags: await tagsView(fitted) };
    case 'search':
      return { kind: 'search' as const, ...(await searchView(fitted)) };
    case 'links':
      return { kind: 'links' as const, ...(await linksView(fitted)) };
    case 'changes':
      return { kind: 'changes' as const, ...(await changesView(fitted)) };
    default:
      return context.search.has(HISTORY_PARAM) ? historyView(fitted) : { kind: 'page' as const, ...(await pageView(fitted)) };
  }
}
