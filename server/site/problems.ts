// What a content author should fix (decision 008): the positioned problems of a doc set or of a
// whole commit, as /readyz and the pages report them.
import type { Doc, DocSet } from '../content/doc-set.js';
import { dataProblems } from '../presets/index.js';
import type { Problem } from '../problem.js';
import type { Site } from './site.js';
import { redirectsAt } from './static-files.js';
import { clientRedirectsAt } from './client-redirects.js';
import { blogProblemsAt } from './blogs.js';
import { siteCssAt } from './site-css.js';
import { markdownOptions } from '../config/markdown-config.js';
import { mapLimited } from '../map-limited.js';
import { defaultLocaleOf, localeNames } from '../config/locales.js';

/** Every problem in a doc set: front matter, sidebars, `_category_` and data files. */
export async function problemsOf(site: Site, docSet: DocSet): Promise<Problem[]> {
  const [sidebars, data] = await Promise.all([site.docs.sidebars(docSet), site.docs.presetData(docSet)]);
  return [...docSet.docs.flatMap((doc) => (doc.error ? [doc.error] : [])), ...sidebars.problems, ...dataProblems(data)];
}

/**
 * The unknown components of every page of a commit, as problems, or undefined until they are known.
 * Readers are not told of them (server/markdown/jsx.ts); authors are, here. Reading every page takes
 * a while after a start or a push, so it is the site's own background work (background.ts, behind
 * readers' pages) and /readyz never waits for it; the answer is kept by commit. The site's own
 * components that fail are not looked for here: only rendering tells, and rendering every page of
 * every version with them at start kept a preview's first diff waiting past its 60 s (decision 036);
 * the link report and /changes, which an author asks for, render their pages and list them.
 */
export function componentProblemsAt(site: Site, commit: string): Problem[] | undefined {
  const name = 'component-problems';
  const known = site.caches.derived.get(`${commit}:${name}`)?.value as Problem[] | undefined;
  if (known) return known;
  const read = async () => {
    const lists = await Promise.all(
      (await site.docs.docSetsAt(commit)).map(async (docSet) => {
        const found = await componentsOf(site, docSet, docSet.docs, { render: false });
        return docSet.docs.flatMap((doc, index) =>
          found[index].unknown.map(
            ({ name: component, line }): Problem => ({
              code: 'component',
              file: doc.sourcePath,
              line,
              message: `<${component}> is a component this site does not know: readers see its content alone`,
            }),
          ),
        );
      }),
    );
    // Versions share files: each problem once.
    return [...new Map(lists.flat().map((problem) => [JSON.stringify(problem), problem])).values()];
  };
  try {
    void site.background.run(`${commit}:${name}`, () => site.caches.derive(commit, name, read, (problems) => 500 + problems.length * 300)).catch(() => undefined);
  } catch {
    // The background queue is full (a 503 for a reader): the next /readyz asks again.
  }
  return undefined;
}

/** What an author should know of a page's components: the unknown ones, and the site's own (components, remark plugins) that failed in the sandbox. */
export interface PageComponents {
  unknown: { name: string; line: number }[];
  failed: Problem[];
}

/**
 * The component problems of each doc of a doc set, as the link report reads pages (cached by
 * blob), two at a time, so a reader's page never waits behind a whole doc set on the render
 * threads. With `render` (the default), a page that uses the site's own components is rendered (as
 * a reader would get it): only the sandbox tells whether they work.
 */
export async function componentsOf(site: Site, docSet: DocSet, docs: readonly Doc[], opts: { render: boolean } = { render: true }): Promise<PageComponents[]> {
  const markdown = markdownOptions(docSet.config);
  return mapLimited(docs, 2, async (doc) => {
    const links = await site.render.docLinks(doc, markdown);
    // The site's remark plugins (decision 045) run over every page of their instance: only rendering tells what they said.
    const plugged = !!docSet.config.sitePlugins?.[docSet.instance]?.length;
    const rendered = (links.islands || plugged) && opts.render ? (await site.render.renderDoc(doc, docSet)).warnings : [];
    const failed = rendered.filter((warning) => warning.code === 'site-component' || warning.code === 'site-plugin');
    return { unknown: links.components ?? [], failed };
  });
}

/** What each locale other than the default one could not read of its translation files (its theme's, its docs' versions' and sidebars'). */
async function localeProblemsAt(site: Site, commit: string): Promise<Problem[]> {
  const config = await site.docs.configAt(commit);
  const locales = localeNames(config).filter((locale) => locale !== defaultLocaleOf(config));
  const lists = await Promise.all(
    locales.map(async (locale) => {
      const instances = await site.docs.instancesAt(commit, locale);
      const versions = await Promise.all(instances.map((instance) => site.docs.versionsAt(commit, instance, site.snapshot().defaultRef)));
      return [...(await site.docs.configProblemsAt(commit, locale)), ...versions.flatMap((read) => read.problems.filter((problem) => problem.code === 'translations'))];
    }),
  );
  return lists.flat();
}

/** Every problem of a commit: each doc set's, its instances' versions files, its `_redirects`, its brand, its stylesheet and its blogs' (each once). */
export async function problemsAt(site: Site, commit: string): Promise<Problem[]> {
  const [docSets, instances] = await Promise.all([site.docs.docSetsAt(commit), site.docs.instancesAt(commit)]);
  const lists = await Promise.all([
    ...docSets.map((docSet) => problemsOf(site, docSet)),
    ...instances.map(async (instance) => (await site.docs.versionsAt(commit, instance, site.snapshot().defaultRef)).problems),
    redirectsAt(site.docs, site.caches, () => site.repository, commit).then((redirects) => redirects.problems),
    clientRedirectsAt(site, commit).then((redirects) => redirects.problems),
    site.brand.at(commit),
    siteCssAt(site, commit).then((css) => css?.problems ?? []),
    site.docs.configProblemsAt(commit),
    blogProblemsAt(site, commit),
    localeProblemsAt(site, commit),
  ]);
  // Versions share files (the sidebars of a version's copy of a folder): each problem once.
  return [...new Map(lists.flat().map((problem) => [JSON.stringify(problem), problem])).values()];
}
