// A page of the pages plugin (decision 041), in the site's navbar, announcement bar and footer: a
// Markdown page rendered by docsite's pipeline with its front matter (title, description,
// hide_table_of_contents, wrapperClassName), a React page rendered on the server in the sandbox,
// its `<Layout>` props and `<Head>` read back for the frame. The page's HTML is sanitized like every
// page; the CSS of its CSS modules comes with it, sanitized too.
import type { SiteSidebars } from '../../content/sidebars/sidebars.js';
import { formatProblem } from '../../problem.js';
import { sanitizeHtml } from '../../markdown/sanitize.js';
import { renderErrorBlock } from '../../markdown/render.js';
import { lastFolderOf } from '../../docs/docs-instance.js';
import { notFound } from '../http-error.js';
import { addressOf } from '../locate.js';
import type { RequestContext } from '../request.js';
import { infimaHref } from '../site-css.js';
import { openPages } from '../site-pages.js';
import { pagePermalink } from '../../pages/site-pages.js';
import { navbarSections } from './navbar.js';
import { searchLinks } from './search.js';

/** A page has no sidebars: its render asks for none (a doc set's sidebars would list the pages). */
const NO_SIDEBARS: SiteSidebars = { sidebars: [], groupOf: new Map(), generatedIndexes: new Map(), problems: [], generatorsUsed: [] };

/** The page a `page` route names, with its frame's data. */
export async function sitePageView(context: RequestContext) {
  const { route, snapshot, site } = context;
  const page = route.kind === 'page' ? snapshot.pages.get(route.path) : undefined;
  const opened = page && (await openPages(site, snapshot.defaultCommit, page.instance, snapshot.locale));
  // A locale's page may be read from its translation: found by its route, which both share.
  const doc = page && opened?.docSet.byPermalink.get(pagePermalink(page.route));
  if (!page || !opened || !doc) throw notFound('There is no page at this address.');
  const rendered = await site.render.renderDoc(doc, opened.docSet, { sidebars: NO_SIDEBARS });
  const layout = rendered.layout ?? {};
  const markdown = page.format === 'markdown';
  const { frontMatter } = doc;
  // Docusaurus's title: `<Head>`'s as written, else `{Layout title} | {site}`, else the site's alone.
  const pageTitle = markdown ? doc.title : layout.title;
  const wrapper = markdown ? frontMatter.wrapperClassName : layout.wrapperClassName;
  const bar = snapshot.config.announcementBar;
  return {
    kind: 'site-page' as const,
    format: page.format,
    siteTitle: snapshot.config.title,
    title: layout.headTitle ?? (pageTitle ? `${pageTitle} | ${snapshot.config.title}` : snapshot.config.title),
    description: layout.headDescription ?? (markdown ? (doc.description ?? rendered.description) : layout.description) ?? null,
    // A page whose code could not be rendered at all says why, where its content would be, rather than showing nothing.
    html: rendered.html.trim() || [...rendered.problems, ...rendered.warnings].map(renderErrorBlock).join(''),
    /** Part of it could not be shown this time (a file it names, its code a limit stopped): not kept by the page cache. */
    incomplete: rendered.incomplete === true,
    /** Infima's sheet, which a React page's markup is written against (decision 042), linked before the site's own. */
    infima: markdown ? null : ((await infimaHref(site)) ?? null),
    /** The CSS of the page's CSS modules, sanitized (sanitize-css.ts). */
    styles: rendered.styles ?? null,
    /** A Markdown page's table of contents (none with `hide_table_of_contents`). */
    toc: markdown && frontMatter.hide_table_of_contents !== true ? rendered.toc : [],
    wrapperClassName: typeof wrapper === 'string' ? wrapper : null,
    noFooter: layout.noFooter === true,
    navbar: (await navbarSections(context, { path: doc.permalink })) ?? [],
    search: (await searchOfSite(context)) ?? null,
    announcement: bar
      ? { id: bar.id, html: sanitizeHtml(bar.content), backgroundColor: bar.backgroundColor ?? null, textColor: bar.textColor ?? null, isCloseable: bar.isCloseable }
      : null,
    /** What the page's code could not do (a package docsite does not have), for its authors: `file:line: message`. */
    problems: [...rendered.problems, ...rendered.warnings].map(formatProblem),
  };
}

/** The navbar's search form: the first docs instance's, in its last version (none for a site without docs). */
async function searchOfSite(context: RequestContext): Promise<{ action: string; api: string } | undefined> {
  const [instance] = context.snapshot.instances;
  if (!instance) return undefined;
  const found = await context.reads.locate(addressOf(instance.config.base, { kind: 'default' }, lastFolderOf(instance))).catch(() => undefined);
  return found && searchLinks(found.located);
}

/** A site page's data, as the app gets it. */
export type SitePageView = Awaited<ReturnType<typeof sitePageView>>;
