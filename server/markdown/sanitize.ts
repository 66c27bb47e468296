import { sanitize as sanitizeHast, defaultSchema, type Schema } from 'hast-util-sanitize';
import { walk } from './walk.js';
import type { Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { localSvgReferences, SVG_ANCESTORS, SVG_SCHEMA_ATTRIBUTES, SVG_TAGS } from './sanitize-svg.js';

/**
 * The allow-list every rendered fragment passes through last: GitHub's schema plus what the native
 * components need (tabs as radio inputs and labels, classes, ids, a filtered `style`).
 */
const schema: Schema = {
  ...defaultSchema,
  ancestors: { ...defaultSchema.ancestors, ...SVG_ANCESTORS },
  clobberPrefix: '',
  clobber: [],
  // GitHub's schema forces `disabled` (and `type=checkbox`) on every input, which made the tab
  // radios unusable; GFM task-list checkboxes are rendered disabled by mdast-util-to-hast already.
  required: {},
  // A stylesheet's text is no content: CSS-in-JS in a site's component (emotion, as MUI uses) writes
  // `<style>` beside its elements, which would otherwise show its rules to readers as text.
  strip: ['script', 'style', 'foreignObject', 'animate', 'animateMotion', 'animateTransform', 'set'],
  // The landmarks a site's own pages are built of (its <main> is what the page is), and inline SVG (sanitize-svg.ts).
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'label',
    'figure',
    'figcaption',
    'caption',
    'colgroup',
    'col',
    'main',
    'header',
    'footer',
    'nav',
    'article',
    'aside',
    'button',
    ...SVG_TAGS,
  ],
  attributes: {
    ...defaultSchema.attributes,
    ...SVG_SCHEMA_ATTRIBUTES,
    '*': [
      ...(defaultSchema.attributes?.['*'] ?? []),
      'className',
      'id',
      'style',
      'ariaHidden',
      'ariaLabel',
      'role',
      'dataLanguage',
      'dataLine',
      'dataComponent',
      'dataGroupId',
      'dataQueryString',
    ],
    // A link keeps its classes as other elements do: the heading `#` links' (heading-links.ts), and a
    // site page's (`button button--primary`), which its stylesheet draws.
    a: [...(defaultSchema.attributes?.a ?? []).filter((rule) => !Array.isArray(rule) || rule[0] !== 'className'), 'className', 'rel', 'target'],
    code: ['className'],
    input: [['type', 'radio', 'checkbox'], 'name', 'checked', 'disabled', 'id', 'value'],
    label: ['htmlFor'],
    li: ['className'],
    ol: ['className', 'start'],
    ul: ['className'],
    section: ['className', 'dataFootnotes'],
    // Scroll boxes (scroll-boxes.ts) are focusable.
    // …and a mermaid diagram's themes (highlight.ts), which the browser checks against mermaid's own.
    pre: ['tabIndex', 'dataLight', 'dataDark'],
    table: ['tabIndex'],
    h2: ['className'],
    button: [['type', 'button']],
  },
};

/** CSS properties content may set inline (layout and paint only: nothing that can load a URL or overlay the page). */
const STYLE_PROPERTIES = new Set([
  'max-width',
  'min-width',
  'width',
  'max-height',
  'height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'text-align',
  'vertical-align',
  'font-weight',
  'font-style',
  'color',
  'background-color',
  'border',
  'display',
  'flex',
  'flex-wrap',
  'flex-direction',
  'gap',
  'justify-content',
  'align-items',
  'white-space',
  'float',
  'clear',
  'list-style-type',
  // SVG paint, as drawing tools export it (`style="fill:#3e4e71;fill-rule:nonzero"` on every path of
  // an illustration): without it a site's illustrations are black shapes. A paint server (`url(#g)`) is dropped with every url().
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stop-color',
  'stop-opacity',
  'opacity',
]);

/** Keeps only allow-listed declarations whose value cannot fetch or run anything. */
export function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const match = /^([a-z-]+)\s*:\s*(.+)$/i.exec(declaration);
      return !!match && STYLE_PROPERTIES.has(match[1].toLowerCase()) && !/[\\()<>{}@]|url|expression|javascript/i.test(match[2]);
    })
    .join('; ');
}

/** Sanitizes a hast tree: the last step of every render, for pages and every derived fragment. */
export function sanitize(tree: Root): Root {
  const clean = sanitizeHast(tree, schema) as Root;
  walk<RootContent>(clean, (node) => {
    if (node.type !== 'element') return;
    localSvgReferences(node);
    const style = node.properties.style;
    if (style !== undefined) {
      const kept = cleanStyle(String(style));
      if (kept) node.properties.style = kept;
      else delete node.properties.style;
    }
  });
  return clean;
}

/**
 * Sanitizes an untrusted HTML fragment (a sidebar `html` item, say) with the same schema as pages:
 * parsed by a real HTML parser, so an unterminated tag cannot slip through.
 */
export function sanitizeHtml(html: string): string {
  return toHtml(sanitize(fromHtml(html, { fragment: true }) as Root));
}

/** Protocols a link the site emits may use; anything else (javascript:, data:, vbscript:) is dropped. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * The href itself when a browser following it stays on the web (a relative URL, or http(s), mailto,
 * tel), else undefined. Browsers strip whitespace and control characters before reading the scheme,
 * so this does too.
 */
export function safeHref(href: string): string | undefined {
  const cleaned = href.replace(/[\0-\x20\x7f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1];
  if (scheme === undefined) return /^\\|^\/\\/.test(cleaned) ? undefined : href.trim();
  return SAFE_PROTOCOLS.has(`${scheme.toLowerCase()}:`) ? href.trim() : undefined;
}
