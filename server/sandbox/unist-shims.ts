// The tree utilities a site's remark plugins require (`unist-util-visit`, `unist-util-visit-parents`,
// `unist-util-is`, `mdast-util-to-string`), given from docsite's own node_modules as Docusaurus's
// build has them installed beside it. Each is both its CommonJS form of version 2 (the function
// itself: `const visit = require('unist-util-visit')`) and its ES form of later versions (named
// exports: `import {visit} from 'unist-util-visit'`). Bundled once per process, loaded into an
// evaluation only when its code asks for one of them. The text below runs in QuickJS.
import { bundleScript } from './bundle-script.js';

/** The packages this script gives. */
export const UNIST_PACKAGES = ['unist-util-visit', 'unist-util-visit-parents', 'unist-util-is', 'mdast-util-to-string'];

const UNIST = `
import { visit, SKIP, CONTINUE, EXIT } from 'unist-util-visit';
import { visitParents } from 'unist-util-visit-parents';
import { is, convert } from 'unist-util-is';
import { toString } from 'mdast-util-to-string';
const both = (fn, named) => Object.assign((...args) => fn(...args), named);
module.exports = {
  'unist-util-visit': both(visit, { visit, SKIP, CONTINUE, EXIT }),
  'unist-util-visit-parents': both(visitParents, { visitParents, SKIP, CONTINUE, EXIT }),
  'unist-util-is': both(is, { is, convert }),
  'mdast-util-to-string': both(toString, { toString }),
};
`;

/** The script, built once per process. */
let bundled: Promise<string> | undefined;

/** The script that defines the tree utilities inside QuickJS (a CommonJS module, one export per package). */
export function unistScript(): Promise<string> {
  bundled ??= bundleScript(UNIST, 'docsite-unist.js', 'pathe', { format: 'cjs', platform: 'neutral', minify: true });
  return bundled;
}
