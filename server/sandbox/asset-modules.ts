// The modules a site's code imports that are not code, as Docusaurus's webpack gives them: an SVG
// is a React component (svgr, `titleProp` as the classic preset has it), an image or any other file
// its URL (served from the commit by content address), a CSS module its class names, scoped and
// stable (`heroBanner_x7Yq`), with its CSS kept for the page that uses it. Made here, in the host:
// the SVG is read into a tree of elements, the CSS compiled by esbuild (which never runs anything).
import crypto from 'node:crypto';
import { transform } from 'esbuild';
import { repoAssetUrl } from '../urls.js';

/** File types a module of which is its URL (images, media, documents, fonts). */
const FILE_MODULE = /\.(png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|ogv|mp3|wav|ogg|pdf|woff2?|ttf|eot|otf|zip|txt|csv)$/i;

/** True when a path's module is its URL, not its text. */
export function isFileModule(path: string): boolean {
  return FILE_MODULE.test(path);
}

/** A file module: its URL at the commit (`/_assets/{oid}/{name}`), as the default export and the module itself. */
export function fileModule(path: string, oid: string): string {
  const url = JSON.stringify(repoAssetUrl(oid, path.slice(path.lastIndexOf('/') + 1)));
  return `module.exports = { __esModule: true, default: ${url}, toString: () => ${url} };`;
}

/** An element of an SVG file: its name, its attributes as written, its children. */
type SvgNode = [string, Record<string, string>, (SvgNode | string)[]];

/** The characters entities stand for in SVG text and attributes. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its character references decoded. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : whole;
  });
}

/** The root element of an SVG file, read as XML is (comments, doctype, processing instructions, scripts and styles left out). */
export function parseSvg(text: string): SvgNode | undefined {
  const root: SvgNode = ['#root', {}, []];
  const stack: SvgNode[] = [root];
  const tokens =
    /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<![^>]*>|<\?[\s\S]*?\?>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>|([^<]+)/g;
  let skipping = 0;
  for (const match of text.matchAll(tokens)) {
    const [, cdata, closing, opening, attributes, selfClosing, chars] = match;
    const parent = stack[stack.length - 1];
    if (opening) {
      const skipped = skipping > 0 || /^(script|style|foreignObject)$/i.test(opening);
      const node: SvgNode = [
        opening,
        Object.fromEntries([...(attributes ?? '').matchAll(/([\w:.-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g)].map((m) => [m[1], decode(m[2] ?? m[3] ?? '')])),
        [],
      ];
      if (!skipped) parent[2].push(node);
      if (!selfClosing) {
        stack.push(node);
        if (skipped) skipping++;
      }
    } else if (closing) {
      if (stack.length > 1) stack.pop();
      if (skipping > 0) skipping--;
    } else if (!skipping && (chars !== undefined || cdata !== undefined)) {
      const value = cdata ?? decode(chars);
      if (value.trim()) parent[2].push(value);
    }
  }
  return root[2].find((node): node is SvgNode => typeof node !== 'string' && node[0].toLowerCase() === 'svg');
}

/** The React component an SVG file is (svgr's): its root's attributes under the props, `title` as its first child. */
export function svgModule(text: string): string {
  const tree = parseSvg(text) ?? ['svg', {}, []];
  return `const React = require('react');
const tree = ${JSON.stringify(tree)};
const styleOf = (text) => Object.fromEntries(text.split(';').map((part) => part.split(':')).filter((pair) => pair.length === 2 && pair[0].trim()).map(([key, value]) => [key.trim(), value.trim()]));
const attributes = (written) => Object.fromEntries(Object.entries(written).map(([key, value]) => key === 'class' ? ['className', value] : key === 'style' ? ['style', styleOf(value)] : [key, value]));
const build = (node, key) => typeof node === 'string' ? node : React.createElement(node[0], { key, ...attributes(node[1]) }, ...node[2].map(build));
function SvgComponent({ title, titleId, ...props }) {
  const children = tree[2].filter((child) => !(title !== undefined && typeof child !== 'string' && child[0] === 'title')).map(build);
  return React.createElement('svg', { ...attributes(tree[1]), ...props, 'aria-labelledby': titleId }, title === undefined ? null : React.createElement('title', { id: titleId, key: 'title' }, title), ...children);
}
module.exports = { __esModule: true, default: SvgComponent, ReactComponent: SvgComponent };`;
}

/** A compiled CSS module: the code the sandbox runs (its class names) and its CSS. */
export interface CssModule {
  code: string;
  css: string;
}

/**
 * A CSS module compiled by esbuild (`local-css`): each local class, id and animation name becomes
 * `{name}_{hash}` (the hash of its path and text, stable for the same file), as css-loader names
 * them in a Docusaurus build; the module exports the names it defines.
 */
export async function cssModule(path: string, text: string): Promise<CssModule> {
  const hash = crypto.createHash('sha256').update(`${path}\0${text}`).digest('base64url').replace(/[-_]/g, 'x').slice(0, 5);
  const token = `dsm${hash}`;
  const result = await transform(text, { loader: 'local-css', sourcefile: `${token}.module.css`, logLevel: 'silent' });
  const names = new Map<string, string>();
  const css = result.code.replace(new RegExp(`${token}_([\\w-]+)`, 'g'), (_whole, name: string) => {
    const scoped = `${name}_${hash}`;
    names.set(name, scoped);
    return scoped;
  });
  const map = JSON.stringify(Object.fromEntries(names));
  return { code: `const names = ${map}; module.exports = { __esModule: true, default: names, ...names };`, css };
}
