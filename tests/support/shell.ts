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
 * Words broken between two letters or digits inside a link of the article: in a table cell any (a
 * table scrolls in its box, so a cell never needs to), elsewhere in a word (between spaces) that
 * would have fit its line whole. Breaks at punctuation (after a hyphen, a slash, a `?`) are the
 * browser's ordinary line breaks.
 */
export function brokenLinkWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Blocks below the fold are not laid out yet (content-visibility, decision 027): lay out all of them.
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = '.markdown * { content-visibility: visible !important; }';
    const found: string[] = [];
    const alnum = /[\p{L}\p{N}]/u;
    const range = document.createRange();
    const lineOf = (node: Text, index: number) => {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const rect = range.getClientRects()[0];
      return rect ? Math.round(rect.top) : undefined;
    };
    for (const link of document.querySelectorAll<HTMLAnchorElement>('.markdown a')) {
      if (!link.checkVisibility()) continue;
      const cell = link.closest('td, th');
      // The width of a line: the content box of the block the link sits in (a nested list item is narrower than the article).
      let block = link.parentElement!;
      while (getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
      const padding = Number.parseFloat(getComputedStyle(block).paddingLeft) + Number.parseFloat(getComputedStyle(block).paddingRight);
      const limit = cell ? Number.POSITIVE_INFINITY : block.clientWidth - padding;
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const word of node.data.matchAll(/\S+/g)) {
          let line = lineOf(node, word.index);
          for (let i = word.index + 1; i < word.index + word[0].length; i++) {
            const next = lineOf(node, i);
            if (line !== undefined && next !== undefined && next > line + 2 && alnum.test(node.data[i - 1]) && alnum.test(node.data[i])) {
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              const width = [...range.getClientRects()].reduce((sum, rect) => sum + rect.width, 0);
              if (width <= limit) found.push(`"${word[0]}" of the link "${link.textContent?.trim().slice(0, 40)}"${cell ? ' in a table cell' : ''}`);
              break;
            }
            line = next ?? line;
          }
        }
      }
    }
    style.remove();
    return found;
  });
}

/**
 * The menus' disclosures on screen (navbar dropdowns, "More", the version menu), and those that lack
 * the chevron: each must have no list marker (the bare "▶") and an icon after its label that turns
 * when it opens.
 */
export function disclosuresWithoutIcon(page: Page): Promise<{ checked: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    let checked = 0;
    for (const summary of document.querySelectorAll<HTMLElement>('.navbar-dropdown > summary, .navbar-more > summary, .version-switcher > summary')) {
      // A menu off screen (the phone menu closed, "More" with nothing to hold) has no icon to see.
      if (!summary.checkVisibility()) continue;
      checked++;
      const details = summary.parentElement as HTMLDetailsElement;
      const name = `${details.className} "${summary.textContent?.trim()}"`;
      if (getComputedStyle(summary).display === 'list-item') problems.push(`${name}: shows the list marker`);
      const icon = () => getComputedStyle(summary, '::after');
      if (icon().content !== '""' || icon().borderRightWidth !== '2px') {
        problems.push(`${name}: no icon after its label`);
        continue;
      }
      const closed = icon().transform;
      details.open = !details.open;
      const opened = icon().transform;
      details.open = !details.open;
      if (closed === opened) problems.push(`${name}: its icon does not turn`);
    }
    return { checked, problems };
  });
}
