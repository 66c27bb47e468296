// The landing page: the site's sections, each entered at its first page: the configured navbar's
// items (a dropdown's items each a card), else one card per sidebar of the first instance's last version.
import { lastFolderOf, lastVersionOf } from '../../docs/docs-instance.js';
import { permalinkOnRef } from '../../urls.js';
import { HttpError, notFound } from '../http-error.js';
import { addressOf } from '../locate.js';
import type { RequestContext } from '../request.js';
import { firstPermalink } from './first-page.js';
import { navbarSections } from './navbar.js';
import { searchLinks } from './search.js';

/** The site title and its sections as cards, read from the first instance's last version. */
export async function homeView(context: RequestContext) {
  const { site, snapshot } = context;
  // A Docusaurus site shows at `/` what its build has there; with nothing there, a 404, as its build gives (decision 041).
  if (!snapshot.config.landingPage) throw notFound('This site has no page at its root.');
  const [instance] = snapshot.instances;
  const found =
    instance && lastVersionOf(instance)
      ? await context.reads.locate(addressOf(instance.config.base, { kind: 'default' }, lastFolderOf(instance))).catch(() => undefined)
      : undefined;
  if (!found) throw new HttpError(503, 'Not ready', 'The last version of the documentation is not in the content repository.');
  const { located } = found;
  const docSet = await context.reads.docSet(located);
  const prefix = located.prefix;
  const configured = await navbarSections(context, { path: '/' });
  if (configured) {
    // Cards are the sections' links: not the places of the search box or the version menu, nor HTML, nor icons.
    const cards = configured
      .flatMap((section) => section.items ?? [section])
      .filter((section) => !section.kind && section.label && section.href)
      .map(({ label, href, description }) => ({ label, href, description }));
    return { title: docSet.config.title, base: located.instance.base, prefix, navbar: configured, sections: cards, search: searchLinks(located) };
  }
  const { sidebars } = await context.reads.sidebars(docSet);
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
          description: doc ? (doc.description ?? (await site.render.renderDoc(doc, docSet, { prefix })).description) : undefined,
        }))(),
      ];
    }),
  );
  return {
    title: docSet.config.title,
    base: located.instance.base,
    prefix,
    navbar: sections.map(({ label, href }) => ({ label, href, current: false })),
    sections,
    // The navbar's search form, as on every page: it searches the version the cards lead into.
    search: searchLinks(located),
  };
}
