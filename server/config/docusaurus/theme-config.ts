// The classic theme's navbar and footer as Docusaurus reads them, in the forms docsite's schema
// takes: a relative `to` made a site path, a dropdown known by its `items` when it has no `type`,
// the footer's simple form (a flat list of links) made one untitled column. Items docsite cannot
// draw at all (a `custom-*` item is a React component of the site's theme) are left out here, each
// reported; every other value is fitted against the schema, value by value, by the caller.
import { isRecord } from './plugin-options.js';

/** Reports a value left out, at its key path in the config. */
type Report = (at: string, message: string) => void;

/** A `to` of the classic theme: relative to the site's base URL, so `docs/intro` is `/docs/intro`. */
function sitePathOf(to: unknown): unknown {
  return typeof to === 'string' && !/^([a-z][a-z0-9+.-]*:|\/)/i.test(to) ? `/${to}` : to;
}

/** True for a URL with a scheme (`https://…`, `mailto:…`): the classic theme's Link sends it out of the site, whether written `to` or `href`. */
function isAbsoluteUrl(url: unknown): url is string {
  return typeof url === 'string' && /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}

/** A link's `to` and `href` as docsite takes them: `to` a path of this site, a `to` that is a full URL made the `href` it amounts to. */
function linkOf(item: Record<string, unknown>): Record<string, unknown> {
  if (isAbsoluteUrl(item.to) && item.href === undefined) {
    const { to, ...rest } = item;
    return { ...rest, href: to };
  }
  return { ...item, to: sitePathOf(item.to) };
}

/** One navbar item (or a dropdown's) in docsite's form; undefined when it is left out. */
function navbarItemOf(item: unknown, at: string, report: Report): unknown {
  if (!isRecord(item)) return item;
  if (typeof item.type === 'string' && item.type.startsWith('custom-')) {
    report(at, `a "${item.type}" item is a component of the site's theme, which docsite does not draw: left out`);
    return undefined;
  }
  // As the classic theme: an item with `items` and no type is a dropdown.
  const type = item.type === undefined && Array.isArray(item.items) ? 'dropdown' : item.type;
  const out: Record<string, unknown> = { ...linkOf(item), type };
  if (item.activeBasePath !== undefined) out.activeBasePath = sitePathOf(item.activeBasePath);
  for (const key of ['items', 'dropdownItemsBefore', 'dropdownItemsAfter'] as const) {
    if (Array.isArray(item[key])) out[key] = item[key].map((entry, index) => navbarItemOf(entry, `${at}.${key}[${index}]`, report)).filter((entry) => entry !== undefined);
  }
  if (out.type === undefined) delete out.type;
  return out;
}

/** themeConfig.navbar in docsite's form. */
export function navbarOf(navbar: unknown, report: Report): unknown {
  if (!isRecord(navbar)) return navbar;
  const items = Array.isArray(navbar.items)
    ? navbar.items.map((item, index) => navbarItemOf(item, `themeConfig.navbar.items[${index}]`, report)).filter((item) => item !== undefined)
    : navbar.items;
  return { ...navbar, items };
}

/** A footer link in docsite's form. */
function footerLinkOf(link: unknown): unknown {
  return isRecord(link) ? linkOf(link) : link;
}

/** themeConfig.footer in docsite's form: columns of links (the simple form is one untitled column). */
export function footerOf(footer: unknown): unknown {
  if (!isRecord(footer) || !Array.isArray(footer.links)) return footer;
  const columns = footer.links.every((link) => isRecord(link) && Array.isArray(link.items));
  const links = columns
    ? footer.links.map((column) => ({ ...(column as Record<string, unknown>), items: ((column as Record<string, unknown>).items as unknown[]).map(footerLinkOf) }))
    : [{ items: footer.links.map(footerLinkOf) }];
  return { ...footer, links };
}
