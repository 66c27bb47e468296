// What a site's own remark plugin costs a page (issue 58, decision 045): the same page rendered
// without plugins, then with two local plugins run in the sandbox (an image URL rewriter and a
// callout maker, as tests/site-plugins.test.ts has them): cold (the sandbox's thread started), warm
// (the thread up, the plugins evaluated again) and kept (the same tree and files: the result is
// reused, the page rendered again). Figures only; never fails on a number.
//
//   npx tsx bench/site-plugin.ts
import { parsePage } from '../server/markdown/parse.js';
import { renderTest } from '../server/markdown/test-support.js';
import { RemarkPluginRunner, type SitePlugin } from '../server/sandbox/remark-plugins.js';
import { Sandbox } from '../server/sandbox/sandbox.js';
import { filesOf } from '../server/sandbox/test-files.js';
import { ASSET_IMAGES_PLUGIN, CALLOUTS_PLUGIN } from '../server/sandbox/test-plugins.js';

/** A page of about 40 KB: sections of prose, lists, code, images and callouts. */
const section = (n: number) =>
  `## Section ${n}\n\nSome **prose** with a [link](./other.md) and \`code\`, long enough to be a paragraph of a real page, more or less.\n\n- one\n- two\n\n![Figure ${n}](asset://figure-${n}.png)\n\n!!! note A callout with *emphasis* number ${n}.\n\n\`\`\`js\nconst n = ${n};\n\`\`\`\n`;
const PAGE = `# A long page\n\n${Array.from({ length: 120 }, (_, n) => section(n)).join('\n')}`;
const FILES = { 'src/remark/images.js': ASSET_IMAGES_PLUGIN, 'src/remark/callouts.mjs': CALLOUTS_PLUGIN, 'docs/page.md': PAGE };
const PLUGINS: SitePlugin[] = [
  { module: 'src/remark/callouts.mjs', name: 'remarkCallouts', options: { types: ['note'] }, at: 'beforeDefaultRemarkPlugins[0]' },
  { module: 'src/remark/images.js', name: 'remarkAssetImages', at: 'remarkPlugins[0]' },
];
const page = { path: 'docs/page.md', source: PAGE, frontMatter: {} };
const now = new Date('2026-11-22T12:00:00Z');
const ms = (from: number) => `${(performance.now() - from).toFixed(0)} ms`.padStart(8);

/** The page rendered without plugins (the render thread's work alone). */
const plain = () => renderTest(PAGE, { file: page.path, files: FILES });

/** The page rendered with the plugins: the first render gives the tree, the sandbox runs them, the page renders with their tree. */
async function plugged(runner: RemarkPluginRunner) {
  const { pluginTreeNeeded } = await renderTest(PAGE, { file: page.path, files: FILES, pluginTree: 'wanted' });
  const result = await runner.run(filesOf(FILES), page, pluginTreeNeeded?.tree, PLUGINS, now);
  if (result.problems.length)
    console.log(
      '  problems:',
      result.problems.map((problem) => problem.message),
    );
  return renderTest(PAGE, { file: page.path, files: FILES, pluginTree: { tree: result.tree, problems: result.problems } });
}

console.log(`page: ${(PAGE.length / 1024).toFixed(0)} KB of Markdown, ${JSON.stringify(parsePage(PAGE, page.path).tree).length >> 10} KB of tree as JSON`);
await plain();
let started = performance.now();
await plain();
console.log(`${'without plugins, warm'.padEnd(52)} ${ms(started)}`);
const sandbox = new Sandbox({ idleMs: 0 });
try {
  started = performance.now();
  await plugged(new RemarkPluginRunner(sandbox));
  console.log(`${'with 2 site plugins, cold (thread started)'.padEnd(52)} ${ms(started)}`);
  const runner = new RemarkPluginRunner(sandbox);
  started = performance.now();
  const html = (await plugged(runner)).html;
  console.log(`${'with 2 site plugins, warm (evaluated again)'.padEnd(52)} ${ms(started)}`);
  started = performance.now();
  await plugged(runner);
  console.log(`${'with 2 site plugins, kept (same tree and files)'.padEnd(52)} ${ms(started)}`);
  console.log(
    `  evaluations ${runner.counts.evaluated}, kept ${runner.counts.kept}; ${(html.match(/admonition-note /g) ?? []).length} callouts, ${(html.match(/asset:\/\//g) ?? []).length} asset:// left`,
  );
} finally {
  await sandbox.close();
}
