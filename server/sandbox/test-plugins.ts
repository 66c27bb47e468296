// Two remark plugins as a site would write them in its repository, for the tests and the bench of
// the site's own plugins: one rewrites `asset://` image URLs (CommonJS), one turns `!!! type`
// paragraphs into admonitions (an ES module, async, with options).

/** `src/remark/images.js`: `asset://x.png` → `/img/x.png`. */
export const ASSET_IMAGES_PLUGIN = `const { visit } = require('unist-util-visit');
module.exports = function remarkAssetImages() {
  return (tree) => visit(tree, 'image', (node) => { if (node.url.startsWith('asset://')) node.url = '/img/' + node.url.slice('asset://'.length); });
};
`;

/** `src/remark/callouts.mjs`: a paragraph led by `!!! note ` becomes a `:::note` directive, for the `types` given. */
export const CALLOUTS_PLUGIN = `import { visit } from 'unist-util-visit';
export default function remarkCallouts({ types = [] } = {}) {
  return async (tree) => visit(tree, 'paragraph', (node, index, parent) => {
    const first = node.children[0];
    const type = first && first.type === 'text' && /^!!! (\\w+) /.exec(first.value);
    if (!type || !types.includes(type[1])) return;
    first.value = first.value.slice(type[0].length);
    parent.children[index] = { type: 'containerDirective', name: type[1], attributes: {}, children: [node] };
  });
}
`;
