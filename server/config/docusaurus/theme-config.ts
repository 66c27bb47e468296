// The classic theme's navbar and footer as Docusaurus reads them, in the forms docsite's schema
// takes: a relative `to` made a site path, a dropdown known by its `items` when it has no `type`,
// the footer's simple form (a flat list of links) made one untitled column. Items docsite cannot
// draw at all (a `custom-*` item is a React component of the site's theme) are left out here, each
// reported; every other value is fitted against the schema, value by value, by the caller.
import { isRecord } from './plugin-options.js';

/** Reports a value left out, at its key path in the config. */
type Report = (at: string, message: string) => void;

/**
 * A `to` of the classic theme: a path of the site, below its base URL as Docusaurus's Link puts it
 * (`docs/intro` and `/docs/intro` are `/project/docs/intro` under `/project/`).
 */
function sitePathOf(to: unknown, baseUrl: string): unknown {
  if (typeof to !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//')) return to;
  const path = to.startsWith('/') ? to : `/${to}`;
  return path.startsWith(baseUrl) || `${path}/` === baseUrl ? path : baseUrl.replace(/\/$/, '') + path;
}

/** True for a URL with a scheme (`https://…`, `mailto:…`): the classic theme's Link sends it out of the site, whether written `to` or `href`. */
function isAbsoluteUrl(url: unknown): url is string {
  return typeof url === 'string' && /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}

/** A link's `to` and `href` as docsite takes them: `to` a path of this site, a `to` that is a full URL made the `href` it amounts to. */
function linkOf(item: Record<string, unknown>, baseUrl: string): Record<string, unknown> {
  if (isAbsoluteUrl(item.to) && item.href === undefined) {
    const { to, ...rest } = item;
    return { ...rest, href: to };
  }
  return { ...item, to: sitePathOf(item.to, baseUrl) };
}

/** One navbar item (or a dropdown's) in docsite's form; undefined when it is left out. */
function navbarItemOf(item: unknown, at: string, report: Report, baseUrl: string): unknown {
  if (!isRecord(item)) return item;
  if (typeof item.type === 'string' && item.type.startsWith('custom-')) {
    report(at, `a "${item.type}" item is a component of the site's theme, which docsite does not draw: left out`);
    return undefined;
  }
  // As the classic theme: an item with `items` and no type is a dropdown.
  const type = item.type === undefined && Array.isArray(item.items) ? 'dropdown' : item.type;
  const out: Record<string, unknown> = { ...linkOf(item, baseUrl), type };
  if (item.activeBasePath !== undefined) out.activeBasePath = sitePathOf(item.activeBasePath, baseUrl);
  for (const key of ['items', 'dropdownItemsBefore', 'dropdownItemsAfter'] as const) {
    if (Array.isArray(item[key])) out[key] = item[key].map((entry, index) => navbarItemOf(entry, `${at}.${key}[${index}]`, report, baseUrl)).filter((entry) => entry !== undefined);
  }
  if (out.type === undefined) delete out.type;
  return out;
}

/** themeConfig.navbar in docsite's form (`baseUrl` the site's, `/` by default). */
export function navbarOf(navbar: unknown, report: Report, baseUrl = '/'): unknown {
  if (!isRecord(navbar)) return navbar;
  const items = Array.isArray(navbar.items)
    ? navbar.items.map((item, index) => navbarItemOf(item, `themeConfig.navbar.items[${index}]`, report, baseUrl)).filter((item) => item !== undefined)
    : navbar.items;
  return { ...navbar, items };
}

/** A footer link in docsite's form. */
function footerLinkOf(link: unknown, baseUrl: string): unknown {
  return isRecord(link) ? linkOf(link, baseUrl) : link;
}

/** themeConfig.footer in docsite's form: columns of links (the simple form is one untitled column). */
export function footerOf(footer: unknown, baseUrl = '/'): unknown {
  if (!isRecord(footer) || !Array.isArray(footer.links)) return footer;
  const columns = footer.links.every((link) => isRecord(link) && Array.isArray(link.items));
  const of = (link: unknown) => footerLinkOf(link, baseUrl);
  const links = columns
    ? footer.links.map((column) => ({ ...(column as Record<string, unknown>), items: ((column as Record<string, unknown>).items as unknown[]).map(of) }))
    : [{ items: footer.links.map(of) }];
  return { ...footer, links };
}
