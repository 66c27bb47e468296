// What bench/site-styles.ts reads and compares of a page, on a Docusaurus build and on docsite: the computed
// styles (in the page, with candidate selectors per side), the installed font Chromium drew with, and
// the comparison of two looks property by property (colours by channel, fonts as lists).
import type { Page } from 'playwright-core';

export type Mode = 'light' | 'dark';
/** A property's computed value, or '' when the page has no such element. */
export type Look = Record<string, string>;
export interface Row {
  property: string;
  build: string;
  docsite: string;
  equal: boolean;
  /** How far apart: the largest channel difference of two colours, or the first font of each. */
  delta: string;
}

/** Candidate selectors per property, first match wins; docsite's markup differs from Docusaurus's only here. */
export const SELECTORS: Record<'build' | 'docsite', Record<string, string[]>> = {
  build: {
    article: ['.theme-doc-markdown', 'article .markdown', 'article', 'main'],
    code: ['.theme-code-block pre', 'div[class*="codeBlockContainer"] pre', 'pre'],
  },
  docsite: {
    article: ['#article-body', 'article', 'main'],
    code: ['#article-body pre', 'article pre', 'pre'],
  },
};

/** Reads the compared computed styles of the loaded page; colours come back as Chromium's rgb()/rgba(). */
export function readLook(selectors: Record<string, string[]>): Look {
  const first = (list: string[], within: ParentNode = document) => {
    for (const selector of list) {
      const found = within.querySelector(selector);
      if (found) return found;
    }
    return null;
  };
  const style = (element: Element | null, property: string) => (element ? getComputedStyle(element).getPropertyValue(property).trim() : '');
  const asColour = (value: string) => {
    if (!value) return '';
    const probe = document.createElement('span');
    probe.style.color = value;
    if (!probe.style.color) return value;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  };
  const article = first(selectors.article);
  // Marked for renderedFonts, which asks Chromium which installed font drew their text.
  const h1 = first(['article h1', 'main h1', 'h1']);
  const text = article && first(['p', 'li'], article);
  h1?.setAttribute('data-site-styles', 'h1');
  text?.setAttribute('data-site-styles', 'text');
  const link = article && [...article.querySelectorAll('a[href]')].find((a) => !a.classList.contains('hash-link') && a.closest('p, li') && !a.closest('h1, h2, h3, nav'));
  return {
    'data-theme': document.documentElement.getAttribute('data-theme') ?? '',
    '--ifm-color-primary': asColour(style(document.documentElement, '--ifm-color-primary')),
    'navbar background': style(document.querySelector('.navbar'), 'background-color'),
    'navbar height': `${Math.round(document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0)}px`,
    // Infima paints the background on html and leaves body transparent; docsite may do the other.
    'page background': [document.body, document.documentElement].map((e) => style(e, 'background-color')).find((c) => c !== 'rgba(0, 0, 0, 0)') ?? '',
    'body color': style(document.body, 'color'),
    'body font-family': style(document.body, 'font-family'),
    'body font-size': style(document.body, 'font-size'),
    'h1 font-family': style(h1, 'font-family'),
    'h1 font-size': style(h1, 'font-size'),
    'h1 font-weight': style(h1, 'font-weight'),
    'h1 color': style(h1, 'color'),
    'h2 font-family': style(first(['article h2', 'main h2', 'h2']), 'font-family'),
    'article text font-family': style(text, 'font-family'),
    'article text font-size': style(text, 'font-size'),
    'article link color': style(link ?? null, 'color'),
    'article link decoration': style(link ?? null, 'text-decoration-line'),
    'code block background': style(first(selectors.code), 'background-color'),
    // A font-family names a web font; whether its face was loaded is what the reader sees.
    'web fonts loaded': [...new Set([...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/["']/g, '')))].sort().join(', '),
    'article width': article ? `${Math.round(article.getBoundingClientRect().width)}px` : '',
    'inline code background': style(article && first(['p code', 'li code'], article), 'background-color'),
  };
}

/** The installed font that drew most of the marked h1's and article text's glyphs (what the reader sees, web font or fallback). */
export async function renderedFonts(page: Page): Promise<Look> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const look: Look = {};
  for (const mark of ['h1', 'text']) {
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-site-styles="${mark}"]` });
    const fonts = nodeId ? (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts : [];
    look[`${mark === 'h1' ? 'h1' : 'article text'} rendered font`] = fonts.sort((a, b) => b.glyphCount - a.glyphCount)[0]?.familyName ?? '';
  }
  await cdp.detach();
  return look;
}

/** rgb()/rgba() channels of a computed colour, or undefined for anything else. */
function channels(value: string): number[] | undefined {
  const match = /^rgba?\(([^)]*)\)$/.exec(value.trim());
  if (!match) return undefined;
  const parts = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return parts.length === 3 ? [...parts, 1] : parts;
}

/** A font list without quotes, spaces after commas or case, for comparison. */
function fontList(value: string): string {
  return value
    .replace(/["']/g, '')
    .replace(/\s*,\s*/g, ',')
    .trim()
    .toLowerCase();
}

/** Compares two looks property by property: colours by channel (alpha too), fonts as lists, the rest as text. */
export function compareLooks(build: Look, docsite: Look): Row[] {
  return Object.keys(build).map((property) => {
    const [a, b] = [build[property] ?? '', docsite[property] ?? ''];
    const [ca, cb] = [channels(a), channels(b)];
    if (ca && cb) {
      const most = Math.max(...ca.slice(0, 3).map((c, i) => Math.abs(c - cb[i])));
      const alpha = Math.abs(ca[3] - cb[3]);
      return { property, build: a, docsite: b, equal: most === 0 && alpha === 0, delta: most || alpha ? `Δ${most}${alpha ? ` α${alpha.toFixed(2)}` : ''}` : '' };
    }
    if (property.includes('font-family')) {
      const [fa, fb] = [fontList(a), fontList(b)];
      const [first, other] = [fa.split(',')[0], fb.split(',')[0]];
      return { property, build: a, docsite: b, equal: fa === fb, delta: fa === fb || !fa || !fb ? '' : first === other ? 'same first font' : `${first} / ${other}` };
    }
    return { property, build: a, docsite: b, equal: a === b, delta: '' };
  });
}
