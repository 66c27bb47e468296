// The landing page: the site's sections, each entered at its first page.
import { permalinkOnRef } from '../../urls.js';
import { HttpError } from '../http-error.js';
import { openDocSet, type RequestContext } from '../request.js';
import { firstPermalink } from './shell.js';

/** The site title and one card per sidebar, read from what `/{base}/` serves: the last version. */
export async function homeView(context: RequestContext) {
  const { site, snapshot } = context;
  const located = await site.locate(snapshot, { kind: 'default' }).catch(() => {
    throw new HttpError(503, 'Not ready', 'The last version of the documentation is not in the content repository.');
  });
  const docSet = await openDocSet(site, located.commit);
  const { sidebars } = await site.sidebars(docSet);
  const sections = sidebars.flatMap((sidebar) => {
    const permalink = firstPermalink(sidebar.items, docSet);
    const doc = permalink ? docSet.byPermalink.get(permalink) : undefined;
    return permalink ? [{ label: sidebar.label, href: permalinkOnRef(permalink, docSet.location.base, `/${docSet.location.base}`), description: doc?.description }] : [];
  });
  return { title: docSet.config.title, base: docSet.location.base, sections };
}
