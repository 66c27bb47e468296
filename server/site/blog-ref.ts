// The commit a blog address reads, and the URL prefix of its ref: the default ref at `/blog`, a
// branch's preview at `/blog/~branch` (the branches the preview pattern allows), an immutable
// `/blog/@commit` of any commit a served ref reaches. As for docs (locate.ts), with no versions.
import { docsPrefix, type Selector } from '../urls.js';
import { notFound } from './http-error.js';
import { closestNames } from './locate.js';
import { previewAllowed } from './preview-pattern.js';
import type { RequestContext } from './request.js';
import type { Located } from './locate.js';
import type { Snapshot } from './snapshot.js';

/** The commit a blog's `selector` names and the URL root of the blog on that ref. */
export async function blogRef(context: Pick<RequestContext, 'site' | 'snapshot'>, root: string, selector: Selector): Promise<{ commit: string; base: string }> {
  const { snapshot, site } = context;
  const base = docsPrefix(root, selector);
  if (selector.kind === 'branch') {
    const commit = snapshot.branches.get(selector.name) ?? snapshot.tags.get(selector.name);
    if (!commit || !previewAllowed(snapshot.previewBranches, selector.name)) {
      const served = [...snapshot.branches.keys(), ...snapshot.tags.keys()].filter((name) => previewAllowed(snapshot.previewBranches, name));
      const closest = closestNames(selector.name, served, 3);
      throw notFound(`No branch named "${selector.name}" is served here.${closest.length ? ` The closest are: ${closest.join(', ')}.` : ''}`, 'Branch not found');
    }
    return { commit: selector.name === snapshot.defaultRef ? snapshot.defaultCommit : commit, base };
  }
  if (selector.kind === 'commit') {
    const matches = [...(await site.reachable(snapshot))].filter((candidate) => candidate.startsWith(selector.oid));
    if (matches.length !== 1) throw notFound(`No commit "${selector.oid}" of a served branch or tag.`, 'Commit not found');
    return { commit: matches[0], base };
  }
  // Versions are of docs: a blog has its default ref, branches and commits only.
  if (selector.kind !== 'default') throw notFound('A blog has no versions: read it at its root, a ~branch or an @commit.');
  return { commit: snapshot.defaultCommit, base };
}

/** How a blog names the ref a docs address reads: its root on the default commit, a branch by name, any other commit by id. */
export function blogSelectorOf(snapshot: Pick<Snapshot, 'defaultCommit'>, located: Pick<Located, 'kind' | 'commit' | 'branch'>): Selector {
  if (located.kind === 'branch' && located.branch) return { kind: 'branch', name: located.branch };
  return located.commit === snapshot.defaultCommit ? { kind: 'default' } : { kind: 'commit', oid: located.commit.slice(0, 12) };
}
