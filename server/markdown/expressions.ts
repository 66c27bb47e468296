// A literal-only evaluator for MDX attribute expressions. Content is untrusted, so nothing is ever
// executed: only literals, arrays and objects of literals, `frontMatter.key`, CSS-module lookups
// (`Styles['name']`), and files named by `require('./x.png').default` or an imported image (their
// served URL) are understood; anything else is refused.
import type { Node } from 'estree';
import type { JSXElement } from 'estree-jsx';

/** What an expression may refer to besides literals. */
export interface ExpressionScope {
  frontMatter: Record<string, unknown>;
  /** Local names bound to imported CSS modules: `Styles['x']` evaluates to the class name `x`. */
  cssModules: ReadonlySet<string>;
  /** Local names bound to raw text (`!!raw-loader!` imports). */
  rawText: ReadonlyMap<string, string>;
  /** Local names bound to imported files (`import logo from './logo.png'`): their served URL. */
  files?: ReadonlyMap<string, string>;
  /** The served URL of the file a `require('…')` names, undefined when there is none. */
  requireFile?: (specifier: string) => string | undefined;
  /** Local names bound to the site's own modules: a reference the sandbox loads (a prop of a site component). */
  siteImports?: ReadonlyMap<string, { source: string; name: string }>;
  /** The page's `export const` values that are literals. */
  constants?: ReadonlyMap<string, unknown>;
}

/** Thrown for an expression that is not a literal the evaluator understands. */
export class UnsupportedExpression extends Error {}

/** Evaluates the estree Program of an MDX expression; throws UnsupportedExpression otherwise. */
export function evaluateProgram(program: unknown, scope: ExpressionScope): unknown {
  const body = (program as { body?: Node[] } | undefined)?.body ?? [];
  if (body.length === 0) return undefined;
  const statement = body[0];
  if (body.length !== 1 || statement.type !== 'ExpressionStatement') throw new UnsupportedExpression('only a single expression is allowed');
  return evaluate(statement.expression, scope);
}

/** Evaluates one estree expression node with the literal-only rules. */
export function evaluate(node: Node, scope: ExpressionScope): unknown {
  if ((node as { type: string }).type === 'JSXElement') return siteElement(node as unknown as JSXElement, scope);
  switch (node.type) {
    case 'Literal':
      if ('regex' in node && node.regex) throw new UnsupportedExpression('regular expressions are not allowed');
      return typeof node.value === 'bigint' ? Number(node.value) : node.value;
    case 'TemplateLiteral':
      if (node.expressions.length) throw new UnsupportedExpression('template literals with expressions are not allowed');
      return node.quasis.map((quasi) => quasi.value.cooked ?? '').join('');
    case 'ArrayExpression':
      return node.elements.map((element) => {
        if (!element || element.type === 'SpreadElement') throw new UnsupportedExpression('holes and spreads are not allowed');
        return evaluate(element, scope);
      });
    case 'ObjectExpression': {
      const result: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method) {
          throw new UnsupportedExpression('only plain object properties are allowed');
        }
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
        if (key === undefined || key === '__proto__') throw new UnsupportedExpression('unsupported object key');
        result[key] = evaluate(property.value, scope);
      }
      return result;
    }
    case 'UnaryExpression': {
      const value = evaluate(node.argument, scope);
      if (node.operator === '-' && typeof value === 'number') return -value;
      if (node.operator === '+' && typeof value === 'number') return value;
      if (node.operator === '!' && typeof value === 'boolean') return !value;
      throw new UnsupportedExpression(`the operator ${node.operator} is not allowed`);
    }
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      if (scope.rawText.has(node.name)) return scope.rawText.get(node.name);
      if (scope.files?.has(node.name)) return scope.files.get(node.name);
      if (scope.constants?.has(node.name)) return scope.constants.get(node.name);
      if (scope.siteImports?.has(node.name)) {
        const { source, name } = scope.siteImports.get(node.name)!;
        return { $import: { specifier: source, name } };
      }
      throw new UnsupportedExpression(`unknown name ${node.name}`);
    case 'CallExpression':
      return requireCall(node, scope);
    case 'MemberExpression': {
      // `require('./x.png').default`, as Docusaurus documents images in JSX.
      if (node.object.type === 'CallExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'default')
        return requireCall(node.object, scope);
      if (node.object.type !== 'Identifier') throw new UnsupportedExpression('only frontMatter.x and Styles[x] lookups are allowed');
      const key = node.computed ? evaluate(node.property, scope) : node.property.type === 'Identifier' ? node.property.name : undefined;
      if (typeof key !== 'string') throw new UnsupportedExpression('lookups need a string key');
      if (node.object.name === 'frontMatter') return Object.hasOwn(scope.frontMatter, key) ? scope.frontMatter[key] : undefined;
      if (scope.cssModules.has(node.object.name)) return key;
      throw new UnsupportedExpression(`unknown name ${node.object.name}`);
    }
    default:
      throw new UnsupportedExpression(`${node.type} is not allowed`);
  }
}

/**
 * `<Description />` as a prop of a site component (Moodle's `extraDescription={<AccessDescription />}`):
 * an element of one of the site's own imports with literal attributes and no children, which the
 * sandbox creates (`{$element}`); any other JSX is refused.
 */
function siteElement(node: JSXElement, scope: ExpressionScope): unknown {
  const { name, attributes } = node.openingElement;
  const bound = name.type === 'JSXIdentifier' ? scope.siteImports?.get(name.name) : undefined;
  if (!bound || node.children.length) throw new UnsupportedExpression('only an element of an imported component, without children, is allowed as a value');
  const props: Record<string, unknown> = {};
  for (const attribute of attributes) {
    if (attribute.type !== 'JSXAttribute' || attribute.name.type !== 'JSXIdentifier') throw new UnsupportedExpression('spread attributes are not allowed');
    const { value } = attribute;
    props[attribute.name.name] =
      value === null
        ? true
        : value.type === 'Literal'
          ? value.value
          : value.type === 'JSXExpressionContainer' && value.expression.type !== 'JSXEmptyExpression'
            ? evaluate(value.expression as Node, scope)
            : undefined;
  }
  return { $element: { $import: { specifier: bound.source, name: bound.name }, props } };
}

/** The served URL of the file `require('<literal>')` names; anything else, or a missing file, is refused. */
function requireCall(node: Node, scope: ExpressionScope): string {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') throw new UnsupportedExpression('function calls are not allowed');
  const [argument] = node.arguments;
  if (node.arguments.length !== 1 || argument.type !== 'Literal' || typeof argument.value !== 'string') throw new UnsupportedExpression('require() takes one string');
  const url = scope.requireFile?.(argument.value);
  if (url === undefined) throw new UnsupportedExpression(`require("${argument.value}") names no file this site serves`);
  return url;
}

/** React's style object as CSS text: camelCase to kebab-case, unitless numbers as px. */
export function styleToCss(style: unknown): string | undefined {
  if (typeof style === 'string') return style;
  if (!style || typeof style !== 'object' || Array.isArray(style)) return undefined;
  const unitless = /^(opacity|z-index|flex|flex-grow|flex-shrink|font-weight|line-height|order)$/;
  return Object.entries(style as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([name, value]) => {
      const property = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      return `${property}: ${typeof value === 'number' && value !== 0 && !unitless.test(property) ? `${value}px` : value}`;
    })
    .join('; ');
}
