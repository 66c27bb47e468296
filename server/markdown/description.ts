import { toString as textOf } from 'mdast-util-to-string';
import type { Root, RootContent } from 'mdast';

const MAX_LENGTH = 200;

/**
 * A plain-text description for pages whose front matter has none: the first paragraph of prose,
 * without comments, headings, code, components or markup (better than Docusaurus's raw first line).
 */
export function describe(tree: Root): string | undefined {
  for (const node of tree.children) {
    if (node.type !== 'paragraph') continue;
    const text = plainText(node).replace(/\s+/g, ' ').trim();
    if (text.length < 3) continue;
    if (text.length <= MAX_LENGTH) return text;
    const cut = text.slice(0, MAX_LENGTH);
    return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_LENGTH - 40))}…`;
  }
  return undefined;
}

function plainText(node: RootContent): string {
  if (node.type === 'mdxTextExpression' || node.type === 'mdxJsxTextElement' || node.type === 'html' || node.type === 'image') return '';
  if ('children' in node) return (node.children as RootContent[]).map(plainText).join('');
  return textOf(node);
}
