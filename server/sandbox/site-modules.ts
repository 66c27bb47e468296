// How `require` and `import` resolve inside the sandbox: within the commit's tree as node would
// (relative paths, `@site/` for the site's folder, extensions and folder `index` files), the
// packages docsite provides as shims, and anything else a reported stub. Code is transpiled here,
// in the host, with esbuild (it parses and rewrites, it never runs what it reads).
import { transform, type Loader } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import { builtinModules } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path/posix';
import { repositoryPath, SITE_ROOT, type SiteFiles } from './site-files.js';
import { lineMapOf } from './line-map.js';
import { PACKAGES_ROOT, type PackageFolder } from './site-packages.js';
import { cssModule, svgModule } from './asset-modules.js';

/** What a module specifier resolves to. */
export type Resolved = { id: string; path: string } | { installed: string } | { shim: string } | { stub: string } | { refused: string };

/** Extensions tried after a specifier, in node's order, then TypeScript's and Docusaurus's. */
const EXTENSIONS = ['', '.js', '.mjs', '.cjs', '.ts', '.tsx', '.jsx', '.json', '.yml', '.yaml'];

/** Packages docsite gives the site's code itself: its own React and the Docusaurus shims. */
const SHIMS =
  /^(react|react\/jsx-runtime|react\/jsx-dev-runtime|react-dom\/server|react-router|react-router-dom|@mdx-js\/react|@docusaurus\/.+|@theme\/.+|@theme-original\/.+|clsx|unist-util-visit|unist-util-visit-parents|unist-util-is|mdast-util-to-string)$/;

/** Loaders esbuild reads each kind of source file with. */
const LOADERS: Record<string, Loader> = { '.js': 'jsx', '.mjs': 'jsx', '.cjs': 'js', '.jsx': 'jsx', '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.cts': 'ts' };

/** A `.md`/`.mdx` module: its component renders a placeholder that the host replaces with the file rendered. */
const MARKDOWN_MODULE =
  "const React = require('react'); function MDXContent() { return React.createElement('docsite-markdown', { 'data-path': PATH }); } module.exports = { __esModule: true, default: MDXContent, frontMatter: {}, toc: [] };";

/**
 * Resolves `specifier` required from the sandbox file `from`; `look` records each file looked at.
 * A package the commit does not hold is looked for in the operator's installed packages, if any.
 */
export function resolveModule(
  specifier: string,
  from: string,
  files: SiteFiles,
  look: (key: string) => void,
  packages?: PackageFolder,
  siteDir = '',
  roots: readonly string[] = [],
): Resolved {
  // A component the site swizzled (`src/theme/Layout`) wins over docsite's, as in Docusaurus (`@theme-original/` is docsite's).
  const swizzled = specifier.startsWith('@theme/') ? fileOf(`${siteDir ? `${siteDir}/` : ''}src/theme/${specifier.slice('@theme/'.length)}`, files, look) : undefined;
  if (swizzled && `${SITE_ROOT}/${swizzled}` !== from) return { id: `${SITE_ROOT}/${swizzled}`, path: swizzled };
  if (SHIMS.test(specifier)) return { shim: specifier };
  // node's own modules reach the host (processes, sockets, threads): the few a site may use
  // (fs, path, process, url, module) are the prelude's; the rest are refused, not stubbed.
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return { refused: specifier };
  const base = specifier.startsWith('@site/')
    ? `${SITE_ROOT}/${siteDir ? `${siteDir}/` : ''}${specifier.slice('@site/'.length)}`
    : specifier.startsWith('.') || specifier.startsWith('/')
      ? resolvePath(from.endsWith('/') ? from : dirname(from), specifier)
      : undefined;
  const installed = (base === undefined || from.startsWith(`${PACKAGES_ROOT}/`)) && packages?.resolve(specifier, from);
  if (installed) return { installed };
  if (base === undefined) return { stub: specifier };
  // A path from the root (`/img/logo.png`) is looked for in the static folders, then the site's folder, as webpack's `resolve.roots` of a Docusaurus build.
  const fromRoot = specifier.startsWith('/') && !specifier.startsWith(`${SITE_ROOT}/`);
  const paths = [...(fromRoot ? [...roots, siteDir].map((root) => repositoryPath(resolvePath(`${SITE_ROOT}/${root}`, `.${specifier}`))) : []), repositoryPath(base)];
  for (const path of paths) {
    const found = path === undefined ? undefined : fileOf(path, files, look);
    if (found !== undefined) return { id: `${SITE_ROOT}/${found}`, path: found };
  }
  return { stub: specifier };
}

/** The file a module path names, with node's extensions and `index` files; `look` records each candidate looked for. */
function fileOf(path: string, files: SiteFiles, look: (key: string) => void): string | undefined {
  for (const candidate of [...EXTENSIONS.map((ext) => path + ext), ...EXTENSIONS.slice(1).map((ext) => `${path}/index${ext}`)]) {
    // Only whether it is there: `require.resolve` of a file that changed gives the same path.
    look(`e:${candidate}`);
    if (files.oid(candidate) !== undefined) return candidate;
  }
  return undefined;
}

/**
 * A module's code as the sandbox runs it: CommonJS, with JSON and YAML as data, an SVG a component;
 * `lineMaps` gets a transpiled module's lines (line-map.ts), `styles` a CSS module's compiled CSS.
 */
export async function moduleCode(path: string, text: string, lineMaps?: Map<string, number[]>, styles?: Map<string, string>): Promise<string> {
  const ext = /\.[^./]+$/.exec(path)?.[0] ?? '';
  if (ext === '.json') return `module.exports = ${JSON.stringify(JSON.parse(text))};`;
  if (ext === '.yml' || ext === '.yaml') return `module.exports = ${JSON.stringify(parseYaml(text) ?? null)};`;
  // A CSS module's names scoped, its CSS kept for the page (asset-modules.ts); one that esbuild cannot read keeps its names as written.
  const compiled = styles && ext === '.css' && /\.module\.css$/.test(path) ? await cssModule(path, text).catch(() => undefined) : undefined;
  if (compiled) {
    styles!.set(path, compiled.css);
    return compiled.code;
  }
  if (ext === '.svg') return svgModule(text);
  // Class names as written (Sass and Less are not compiled); not an ES module (no `__esModule`), so that a default import is the whole map.
  if (/\.module\.(css|scss|sass|less)$/.test(path))
    return 'module.exports = new Proxy({}, { get: (_, key) => typeof key === "string" && key !== "__esModule" ? key : undefined });';
  if (/\.(css|scss|sass|less)$/.test(path)) return 'module.exports = {};';
  // A Markdown module is a component whose content docsite's own pipeline renders, in the host.
  if (ext === '.md' || ext === '.mdx') return MARKDOWN_MODULE.replace('PATH', () => JSON.stringify(path));
  const loader = LOADERS[ext];
  if (!loader) return `module.exports = { __esModule: true, default: ${JSON.stringify(`/${path}`)} };`;
  // Plain CommonJS runs as written, so that errors point at the file's own lines; a dynamic `import()`
  // (Docusaurus's docs load remark-math so in a CommonJS config) is made a `require` by esbuild.
  if ((ext === '.js' || ext === '.cjs') && !/^\s*(import|export)\b/m.test(text) && !/<[A-Za-z>]/.test(text) && !/\bimport\s*\(/.test(text)) return text;
  const result = await transform(text, {
    loader,
    format: 'cjs',
    jsx: 'automatic',
    target: 'es2020',
    // Not `.mjs`: esbuild would give such a module node's interop (a default import is the whole module), where bundlers give Babel's.
    sourcefile: path.replace(/\.m([jt]sx?)$/, '.$1'),
    sourcemap: 'external',
    logLevel: 'silent',
    supported: { 'dynamic-import': false },
  });
  lineMaps?.set(path, lineMapOf((JSON.parse(result.map) as { mappings: string }).mappings));
  return result.code;
}
