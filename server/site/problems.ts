// What a content author should fix (decision 008): the positioned problems of a doc set or of a
// whole commit, as /readyz and the pages report them.
import type { DocSet } from '../content/doc-set.js';
import { dataProblems } from '../presets/index.js';
import type { Problem } from '../problem.js';
import type { Site } from './site.js';
import { redirectsAt } from './static-files.js';

/** Every problem in a doc set: front matter, sidebars, `_category_` and data files. */
export async function problemsOf(site: Site, docSet: DocSet): Promise<Problem[]> {
  const [sidebars, data] = await Promise.all([site.docs.sidebars(docSet), site.docs.presetData(docSet)]);
  return [...docSet.docs.flatMap((doc) => (doc.error ? [doc.error] : [])), ...sidebars.problems, ...dataProblems(data)];
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
