// A plain depth-first walk over a Markdown (mdast) or HTML (hast) tree. Every render walks its
// trees several times; unist-util-visit makes a closure and a parents array per node, which cost
// about 9 ms per walk on the largest page (5,550 nodes) against 0.3 ms for this loop.

/** Returned by a visitor: leave this node's children out of the walk. */
export const SKIP = 'skip';

/**
 * What a visitor returns: nothing to go on into the node's children, SKIP to leave them out, or
 * the index among the parent's children at which to go on (after the visitor replaced nodes).
 */
export type Step = undefined | typeof SKIP | number;

/** A node of the tree, and the parent the visitor may change. */
export interface Tree<N> {
  children: N[];
}

/**
 * Calls `enter` on every node under `tree`, parents before children, in document order. The
 * recursion is bounded by the nesting limit pages are checked against (parse.ts).
 */
export function walk<N extends object>(tree: Tree<N>, enter: (node: N, index: number, parent: Tree<N>) => Step | void): void {
  const children = tree.children;
  for (let index = 0; index < children.length; ) {
    const node = children[index];
    const step = enter(node, index, tree);
    if (typeof step === 'number') {
      index = step;
      continue;
    }
    if (step !== SKIP && 'children' in node) walk(node as Tree<N>, enter);
    index++;
  }
}
