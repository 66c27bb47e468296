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
  const prefix = `/${docSet.location.base}`;
  const sections = await Promise.all(
    sidebars.flatMap((sidebar) => {
      const permalink = firstPermalink(sidebar.items, docSet);
      const doc = permalink ? docSet.byPermalink.get(permalink) : undefined;
      if (!permalink) return [];
      return [
        // A section without a description of its own is described by its first page's (its front
        // matter, else its first paragraph: rendered pages are cached by blob).
        (async () => ({
          label: sidebar.label,
          href: permalinkOnRef(permalink, docSet.location.base, prefix),
          description: doc ? (doc.description ?? (await site.renderDoc(doc, docSet, { prefix })).description) : undefined,
        }))(),
      ];
    }),
  );
  return { title: docSet.config.title, base: docSet.location.base, prefix, sections };
}
