import type { Problem } from '../problem.js';
// Import statements read as data: each local name is bound to an allow-listed native component,
// a CSS module, (for `!!raw-loader!./file`) a repository file's text, or (for an image or PDF,
// `import logo from './logo.png'`) that file. Nothing is resolved or run.
import type { Root } from 'mdast';
import type { Expression, ImportDeclaration, Program } from 'estree';
import { bindingFor, type Binding, type ComponentSet } from './components/index.js';
import { importPath } from './import-path.js';
import { assetType } from './asset-types.js';
import { isLocalSpecifier } from './site-components.js';

/** The names a page's imports bind. */
export interface ImportMap {
  bindings: Map<string, Binding>;
  /** Local name -> repository path, for raw-loader imports. */
  rawFiles: Map<string, string>;
  /** Local name -> the specifier as written, for imports of images and PDFs (their default export is the file's URL). */
  files: Map<string, string>;
  /** Imports that bind nothing known (the names render as unknown components). */
  unknown: Problem[];
  /** `export const name = value` declarations, in order: values the literal-only evaluator may read. */
  constants: [string, Expression][];
}

/** Reads the page's `import` statements into an ImportMap. */
export function readImports(tree: Root, file: string, components: ComponentSet, siteDir = ''): ImportMap {
  const map: ImportMap = { bindings: new Map(), rawFiles: new Map(), files: new Map(), unknown: [], constants: [] };
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    for (const statement of program?.body ?? []) {
      if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration') {
        for (const declarator of statement.declaration.declarations) {
          if (declarator.id.type === 'Identifier' && declarator.init) map.constants.push([declarator.id.name, declarator.init]);
        }
      }
      if (statement.type !== 'ImportDeclaration') continue;
      readImport(statement, file, map, node.position?.start.line, components, siteDir);
    }
  }
  return map;
}

function readImport(statement: ImportDeclaration, file: string, map: ImportMap, line: number | undefined, components: ComponentSet, siteDir: string): void {
  const source = String(statement.source.value);
  const raw = /^!!raw-loader!(.+)$/.exec(source);
  for (const specifier of statement.specifiers) {
    const local = specifier.local.name;
    if (raw) {
      const target = importPath(file, raw[1], siteDir);
      if (target) map.rawFiles.set(local, target);
      continue;
    }
    if (specifier.type === 'ImportDefaultSpecifier' && isFileImport(source)) {
      map.files.set(local, source);
      continue;
    }
    const exportName = specifier.type === 'ImportSpecifier' ? (specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value)) : 'default';
    const binding = specifier.type === 'ImportNamespaceSpecifier' ? undefined : (bindingFor(components, source, exportName) ?? localBinding(source, exportName));
    if (binding) map.bindings.set(local, binding);
    else map.unknown.push({ code: 'import', file, line, message: `import of ${exportName} from "${source}" is not supported` });
  }
}

/** The binding of an import of the site's own files: a CSS module's class names, or a module run in the sandbox. */
function localBinding(source: string, name: string): Binding | undefined {
  if (!isLocalSpecifier(source)) return undefined;
  if (/\.module\.(css|scss|sass|less)$/.test(source)) return { kind: 'css-module' };
  return /\.(css|scss|sass|less)$/.test(source) ? undefined : { kind: 'local', source, name };
}

/** True for an import whose default export a bundler makes the file's URL: media, PDFs, archives; JSON and YAML are data, not files. */
function isFileImport(source: string): boolean {
  const type = assetType(source.replace(/[?#].*$/, ''));
  return type !== undefined && !type.startsWith('text/');
}
