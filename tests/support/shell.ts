// The shell's details as a reader sees them in Chromium (issue 43): what the navbar shows on a
// phone, words broken inside links, and the menus' disclosure icon. Each answers what is wrong, so
// a test's failure names it.
import type { Page } from 'playwright-core';

/** What the navbar has, in CSS pixels: its logo, its title's visible width, and its search field. */
export interface NavbarView {
  /** The logo's width, height and configured (attribute) width; null without a logo. */
  logo: { width: number; height: number; configured: number } | null;
  /** The title's visible width (0 when hidden), and whether its text is cut by an ellipsis. */
  title: { width: number; cut: boolean } | null;
  /** Overlaps between the navbar's parts, and parts outside the screen. */
  problems: string[];
  /** Room in the search field's text box minus the placeholder's width (negative: the placeholder is cut). */
  placeholderRoom: number | null;
}

/** Measures the navbar of the page shown. */
export function navbarView(page: Page): Promise<NavbarView> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const box = (selector: string) => {
      const element = document.querySelector<HTMLElement>(`.navbar ${selector}`);
      return element?.checkVisibility() ? element.getBoundingClientRect() : undefined;
    };
    const logoImage = document.querySelector<HTMLImageElement>('.navbar .navbar-logo');
    const logo = box('.navbar-logo');
    const titleElement = document.querySelector<HTMLElement>('.navbar .navbar-title');
    const title = box('.navbar-title');
    const input = document.querySelector<HTMLInputElement>('.navbar-search input');
    let placeholderRoom: number | null = null;
    if (input?.checkVisibility()) {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      placeholderRoom = room - context.measureText(input.placeholder).width;
    }
    const named: [string, DOMRect | undefined][] = [
      ['menu', box('.menu-button')],
      ['logo', logo],
      ['title', title && title.width > 0 ? title : undefined],
      ['search', box('.navbar-search input')],
      ['theme', box('.theme-toggle button')],
    ];
    const parts = named.filter((part): part is [string, DOMRect] => part[1] !== undefined);
    const problems: string[] = [];
    for (const [name, rect] of parts) if (rect.left < -0.5 || rect.right > screen + 0.5) problems.push(`${name} outside the screen`);
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++) if (parts[i][1].right > parts[j][1].left + 0.5) problems.push(`${parts[i][0]} overlaps ${parts[j][0]}`);
    return {
      logo: logo && logoImage ? { width: logo.width, height: logo.height, configured: Number(logoImage.getAttribute('width')) } : null,
      title: titleElement ? { width: title?.width ?? 0, cut: titleElement.scrollWidth > titleElement.clientWidth + 1 } : null,
      problems,
      placeholderRoom,
    };
  });
}

/**
 * Words broken across two lines inside a link of the article: in a table cell any (a table scrolls
 * in its box, so a cell never needs to), elsewhere one that would have fit the column whole.
 * Breaks after a hyphen or slash are between words.
 */
export function brokenLinkWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const link of document.querySelectorAll<HTMLAnchorElement>('.markdown a')) {
      if (!link.checkVisibility()) continue;
      const cell = link.closest('td, th');
      const limit = cell ? Number.POSITIVE_INFINITY : (link.closest('.markdown')?.clientWidth ?? Number.POSITIVE_INFINITY);
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const match of node.data.matchAll(/[^\s\-/]+[-/]?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
          const lines = new Set(rects.map((rect) => Math.round(rect.top)));
          const width = rects.reduce((sum, rect) => sum + rect.width, 0);
          if (lines.size > 1 && width <= limit) found.push(`"${match[0]}" of the link "${link.textContent?.trim().slice(0, 40)}"${cell ? ' in a table cell' : ''}`);
        }
      }
    }
    return found;
  });
}

/**
 * The menus' disclosures (navbar dropdowns, "More", the version menu) that lack the chevron: each
 * must have no list marker (the bare "▶") and an icon after its label that turns when it opens.
 */
export function disclosuresWithoutIcon(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const summary of document.querySelectorAll<HTMLElement>('.navbar-dropdown > summary, .navbar-more > summary, .version-switcher > summary')) {
      const details = summary.parentElement as HTMLDetailsElement;
      const name = `${details.className} "${summary.textContent?.trim()}"`;
      if (getComputedStyle(summary).display === 'list-item') found.push(`${name}: shows the list marker`);
      const icon = () => getComputedStyle(summary, '::after');
      if (icon().content !== '""' || icon().borderRightWidth !== '2px') {
        found.push(`${name}: no icon after its label`);
        continue;
      }
      const closed = icon().transform;
      details.open = !details.open;
      const opened = icon().transform;
      details.open = !details.open;
      if (closed === opened) found.push(`${name}: its icon does not turn`);
    }
    return found;
  });
}
