// Commit, tree and tag objects parsed from their bytes, in isomorphic-git's shapes (its types are
// what the rest of the server was written against).
import type { CommitObject, TagObject, TreeObject } from 'isomorphic-git';

type Person = CommitObject['author'];

/** A commit's tree, parents, author, committer and message. */
export function parseCommit(data: Uint8Array): CommitObject {
  const { headers, message } = splitHeaders(data);
  const commit: CommitObject = {
    tree: headers.get('tree')?.[0] ?? '',
    parent: headers.get('parent') ?? [],
    author: parsePerson(headers.get('author')?.[0] ?? ''),
    committer: parsePerson(headers.get('committer')?.[0] ?? ''),
    message,
  };
  const signature = headers.get('gpgsig')?.[0];
  return signature ? { ...commit, gpgsig: signature } : commit;
}

/** A tree's entries: `{mode} {name}\0{20-byte id}`, one after the other. Modes as isomorphic-git gives them (`040000` for a tree). */
export function parseTree(data: Uint8Array): TreeObject {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries: TreeObject = [];
  for (let at = 0; at < bytes.length; ) {
    const space = bytes.indexOf(0x20, at);
    const nul = bytes.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > bytes.length) throw new Error('Corrupt tree object');
    const raw = bytes.toString('latin1', at, space);
    const mode = raw === '40000' ? '040000' : raw;
    const type = mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
    entries.push({ mode, path: bytes.toString('utf8', space + 1, nul), oid: bytes.toString('hex', nul + 1, nul + 21), type });
    at = nul + 21;
  }
  return entries;
}

/** An annotated tag: the object it names and that object's type. */
export function parseTag(data: Uint8Array): TagObject {
  const { headers, message } = splitHeaders(data);
  return {
    object: headers.get('object')?.[0] ?? '',
    type: (headers.get('type')?.[0] ?? 'commit') as TagObject['type'],
    tag: headers.get('tag')?.[0] ?? '',
    tagger: parsePerson(headers.get('tagger')?.[0] ?? ''),
    message,
  };
}

/** The first paragraph of a message on one line, as git's `%s` prints it. */
export function subjectOf(message: string): string {
  return message
    .trim()
    .split(/\n\s*\n/, 1)[0]
    .split('\n')
    .join(' ')
    .trim();
}

/** Headers (a name may repeat, `parent`; a value may continue on lines that start with a space) and the message after the blank line. */
function splitHeaders(data: Uint8Array): { headers: Map<string, string[]>; message: string } {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  const end = text.indexOf('\n\n');
  const headers = new Map<string, string[]>();
  let last: string[] | undefined;
  for (const line of (end < 0 ? text : text.slice(0, end)).split('\n')) {
    if (line.startsWith(' ') && last) {
      last[last.length - 1] += `\n${line.slice(1)}`;
      continue;
    }
    const space = line.indexOf(' ');
    const name = line.slice(0, space);
    last = headers.get(name) ?? [];
    last.push(line.slice(space + 1));
    headers.set(name, last);
  }
  return { headers, message: end < 0 ? '' : text.slice(end + 2) };
}

/** `Name <email> 1700000000 +0200`, with isomorphic-git's timezone offset (minutes, sign inverted). */
function parsePerson(value: string): Person {
  const open = value.indexOf('<');
  const close = value.indexOf('>', open);
  const [timestamp, zone = '+0000'] = value
    .slice(close + 1)
    .trim()
    .split(' ');
  const minutes = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5));
  return {
    name: value.slice(0, Math.max(0, open)).trim(),
    email: value.slice(open + 1, close),
    timestamp: Number(timestamp) || 0,
    timezoneOffset: zone.startsWith('-') ? minutes : -minutes,
  };
}
