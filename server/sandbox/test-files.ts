// A commit's files from a map of path to text, for the sandbox's unit tests.
import type { SiteFiles } from './site-files.js';

/** A commit's files from a map of path to text (folders implied by the paths). */
export function filesOf(tree: Record<string, string>): SiteFiles {
  const list = (folder: string) => {
    const prefix = folder ? `${folder}/` : '';
    const entries = new Map<string, 'file' | 'dir'>();
    for (const file of Object.keys(tree).filter((name) => name.startsWith(prefix))) {
      const [first, ...rest] = file.slice(prefix.length).split('/');
      entries.set(first, rest.length ? 'dir' : 'file');
    }
    return entries.size || folder === '' ? [...entries].map(([name, type]) => ({ name, type })) : undefined;
  };
  return {
    oid: (path) => (path in tree ? `oid-${tree[path].length}-${path}` : undefined),
    read: async (path) => tree[path],
    size: async (path) => tree[path]?.length,
    list,
  };
}
