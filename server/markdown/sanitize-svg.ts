// Inline SVG a site's pages and components draw (icons, illustrations imported as components, as
// Docusaurus's svgr does): shapes, paint and text only. Nothing that runs or loads: no <script>,
// <foreignObject>, <animate>/<set> (which can rewrite an href), <image>; a reference (`href`,
// `url(...)`) must point inside the page (`#id`).
import type { Element } from 'hast';

/** The SVG elements content may draw. */
export const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'use',
  'title',
  'desc',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feDropShadow',
];

/** The attributes (hast property names) of SVG elements: geometry, paint, text, references within the page. */
const SVG_ATTRIBUTES = [
  'xmlns',
  'xmlnsXLink',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'dx',
  'dy',
  'd',
  'points',
  'transform',
  'fill',
  'fillOpacity',
  'fillRule',
  'clipRule',
  'clipPath',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'stroke',
  'strokeWidth',
  'strokeLinecap',
  'strokeLinejoin',
  'strokeMiterLimit',
  'strokeDashArray',
  'strokeDashOffset',
  'strokeOpacity',
  'opacity',
  'offset',
  'stopColor',
  'stopOpacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternTransform',
  'preserveAspectRatio',
  'href',
  'xLinkHref',
  'focusable',
  'ariaLabelledBy',
  'fontSize',
  'fontFamily',
  'fontWeight',
  'textAnchor',
  'dominantBaseline',
  'letterSpacing',
  'filter',
  'filterUnits',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'operator',
  'floodColor',
  'floodOpacity',
  'colorInterpolationFilters',
  'vectorEffect',
  'paintOrder',
  'visibility',
  'overflow',
];

/** Each SVG element's allowed attributes, for hast-util-sanitize's schema. */
export const SVG_SCHEMA_ATTRIBUTES: Record<string, string[]> = Object.fromEntries(SVG_TAGS.map((tag) => [tag, SVG_ATTRIBUTES]));

/** SVG's parts only inside an <svg> (an HTML <title> in a page is not one). */
export const SVG_ANCESTORS: Record<string, string[]> = Object.fromEntries(SVG_TAGS.filter((tag) => tag !== 'svg').map((tag) => [tag, ['svg']]));

/** A paint or reference value that stays inside the page: no `url()` but `url(#id)`. */
const LOCAL_URL = /^\s*url\(\s*['"]?#[\w.-]+['"]?\s*\)\s*$/i;

/** Drops what an SVG element's attributes could load from elsewhere: an href that is not `#id`, a `url()` that is not `url(#id)`. */
export function localSvgReferences(node: Element): void {
  if (!SVG_TAGS.includes(node.tagName)) return;
  for (const [key, value] of Object.entries(node.properties)) {
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    const external = key === 'href' || key === 'xLinkHref' ? !text.startsWith('#') : /url\s*\(/i.test(text) && !LOCAL_URL.test(text);
    if (external) delete node.properties[key];
  }
}
