// Which docs instances a tool call reads (issue 55): with no `instance`, the whole site, as the
// navbar's search box and a reviewer mean it; `instance` narrows to one. A version name belongs to
// the instances that have it; a branch or commit is read in every instance.
import type { Snapshot } from '../site/index.js';
import { messageOf, ToolError } from './tool-error.js';

/** One docs instance a call reads, and the version name or ref it reads there. */
export interface InstanceRead {
  id: string;
  /** What the instance's API reads: the ref given, else its last version's name. */
  ref: string;
}

/** True for a ref that names a branch or a commit (read in every instance), not a version. */
function isBranchOrCommit(ref: string): boolean {
  return ref.startsWith('~') || ref.startsWith('@');
}

/**
 * The instances a call reads: the one named; else every instance (a version name: those that have
 * it), each at `ref` or at its last version. A name no instance has is a tool error saying what would work.
 */
export function instancesRead(snapshot: Snapshot, instance: string | undefined, ref: string | undefined): InstanceRead[] {
  const named = instance ? snapshot.instances.filter((candidate) => candidate.config.id === instance) : snapshot.instances;
  if (!named.length) throw new ToolError(`No docs instance "${instance}"; list_versions names them.`);
  const reads = named.flatMap((candidate): InstanceRead[] => {
    if (ref && (instance || isBranchOrCommit(ref) || candidate.versions.some((version) => version.name === ref))) return [{ id: candidate.config.id, ref }];
    if (ref) return [];
    const last = candidate.versions.find((version) => version.isLast) ?? candidate.versions[0];
    return last ? [{ id: candidate.config.id, ref: last.name }] : [];
  });
  if (!reads.length)
    throw new ToolError(
      ref ? `"${ref}" is not a version name of any docs instance, a ~branch or an @commit; list_versions names the versions.` : 'This site has no published docs version.',
    );
  return reads;
}

/** The instance a version name belongs to when it is not the first instance's, for APIs that read one instance (search). */
export function ownerOfVersion(snapshot: Snapshot, ref: string | undefined): string | undefined {
  if (!ref || isBranchOrCommit(ref)) return undefined;
  const [first, ...others] = snapshot.instances;
  if (!first || first.versions.some((version) => version.name === ref)) return undefined;
  return others.find((candidate) => candidate.versions.some((version) => version.name === ref))?.config.id;
}

/** What each instance answered, and the instances that could not answer (a branch without them), with why. */
export interface AcrossInstances<T> {
  answers: { id: string; answer: T }[];
  skipped: { instance: string; error: string }[];
}

/**
 * Reads each instance in turn (one at a time: a branch's whole-site work holds one job slot at a
 * time). An instance that fails is skipped with its error when others answer; when one alone is
 * read, or none answers, the first error is the call's.
 */
export async function acrossInstances<T>(reads: InstanceRead[], read: (entry: InstanceRead) => Promise<T>): Promise<AcrossInstances<T>> {
  const answers: { id: string; answer: T }[] = [];
  const failures: { instance: string; error: unknown }[] = [];
  for (const entry of reads) {
    try {
      answers.push({ id: entry.id, answer: await read(entry) });
    } catch (error) {
      if (reads.length === 1) throw error;
      failures.push({ instance: entry.id, error });
    }
  }
  if (!answers.length) throw failures[0].error;
  return { answers, skipped: failures.map(({ instance, error }) => ({ instance, error: messageOf(error) })) };
}
