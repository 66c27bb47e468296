// A generated index page (`/{base}/category/{slug}`): a category's items as cards.
import { breadcrumbsOf, categoryCards, paginationOf, type NavLink } from '../../content/sidebars/navigation.js';
import { docsUrl } from '../../urls.js';
import { invariantFound } from '../http-error.js';
import { openDocs, permalinkOf, type RequestContext } from '../request.js';
import type { ViewLink } from './page.js';

/** The cards, breadcrumbs and previous/next of a generated index page. */
export async function categoryView(context: RequestContext) {
  const { docSet, located, slug, href } = await openDocs(context, ['category']);
  const sidebars = await context.reads.sidebars(docSet);
  const permalink = permalinkOf(docSet, slug);
  const found = sidebars.generatedIndexes.get(permalink);
  invariantFound(found, `There is no category page at ${docsUrl(located.prefix, slug)}.`, 'Page not found');
  const sidebar = sidebars.sidebars.find((candidate) => candidate.name === found.sidebar)!;
  const target = { permalink };
  const linked = (link: NavLink | undefined): ViewLink => link && { label: link.label, href: link.permalink && href(link.permalink) };
  const { previous, next } = paginationOf(sidebar.items, target, docSet);
  const link = found.category.link?.type === 'generated-index' ? found.category.link : undefined;
  return {
    title: link?.title ?? found.category.label,
    description: link?.description,
    cards: categoryCards(found.category, docSet).map((card) => ({ ...card, href: card.permalink && href(card.permalink) })),
    breadcrumbs: breadcrumbsOf(sidebar.items, target, docSet).map(linked),
    previous: linked(previous),
    next: linked(next),
  };
}
