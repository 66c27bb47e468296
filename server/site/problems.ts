// What a content author should fix (decision 008): the positioned problems of a doc set or of a
// whole commit, as /readyz and the pages report them.
import type { Doc, DocSet } from '../content/doc-set.js';
import { dataProblems } from '../presets/index.js';
import type { Problem } from '../problem.js';
import type { Site } from './site.js';
import { redirectsAt } from './static-files.js';

/** Every problem in a doc set: front matter, sidebars, `_category_` and data files, unknown components. */
export async function problemsOf(site: Site, docSet: DocSet): Promise<Problem[]> {
  const [sidebars, data, components] = await Promise.all([site.sidebars(docSet), site.render.presetData(docSet), componentProblems(site, docSet)]);
  return [...docSet.docs.flatMap((doc) => (doc.error ? [doc.error] : [])), ...sidebars.problems, ...dataProblems(data), ...components];
}

/** The unknown components of a doc set's pages as problems: readers are not told of them (server/markdown/jsx.ts), so authors are, here. */
async function componentProblems(site: Site, docSet: DocSet): Promise<Problem[]> {
  const found = await unknownComponentsOf(site, docSet.docs);
  return docSet.docs.flatMap((doc, index) =>
    found[index].map(({ name, line }): Problem => ({ code: 'component', file: doc.sourcePath, line, message: `<${name}> is a component this site does not know: readers see its content alone` })),
  );
}

/**
 * The unknown components of each doc, as the link report reads pages (cached by blob): two at a
 * time, so a reader's page never waits behind a whole doc set on the render threads.
 */
export async function unknownComponentsOf(site: Site, docs: readonly Doc[]): Promise<{ name: string; line: number }[][]> {
  const found: { name: string; line: number }[][] = new Array(docs.length);
  let next = 0;
  const reader = async () => {
    while (next < docs.length) {
      const index = next++;
      found[index] = (await site.render.docLinks(docs[index])).components ?? [];
    }
  };
  await Promise.all([reader(), reader()]);
  return found;
}

/** Every problem of a commit: each doc set's, its instances' versions files, its `_redirects` and its brand (each once). */
export async function problemsAt(site: Site, commit: string): Promise<Problem[]> {
  const [docSets, instances] = await Promise.all([site.docs.docSetsAt(commit), site.docs.instancesAt(commit)]);
  const lists = await Promise.all([
    ...docSets.map((docSet) => problemsOf(site, docSet)),
    ...instances.map(async (instance) => (await site.docs.versionsAt(commit, instance, site.snapshot().defaultRef)).problems),
    redirectsAt(site.docs, site.caches, () => site.repository, commit).then((redirects) => redirects.problems),
    site.brand.at(commit),
  ]);
  // Versions share files (the sidebars of a version's copy of a folder): each problem once.
  return [...new Map(lists.flat().map((problem) => [JSON.stringify(problem), problem])).values()];
}
