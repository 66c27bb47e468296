// A content repository to review: a default branch with two versions, and a branch `fix/docs` that
// changes one page (prose, a table cell, a code line, an admonition and its front matter), adds
// one, removes one and renames one.
import path from 'node:path';
import { TestRepo } from './repos.js';

const page = (front: string, body: string) => `---\n${front}\n---\n\n${body}\n`;
const long = Array.from({ length: 30 }, (_, i) => `Line ${i} of a page that moves to another folder.`).join('\n\n');

const CONFIG = `title: Review test
versions:
  - name: current
    label: Next
  - name: "1.0"
    ref: v1
    isLast: true
previewBranches: "*"
`;

const intro = (words: { lead: string; cell: string; code: string; note: string }) =>
  page(
    `title: ${words.lead === 'first' ? 'Introduction' : 'Introduction to review'}\ntags: [${words.lead === 'first' ? 'a' : 'a, b'}]`,
    `The ${words.lead} paragraph of the introduction, with a [link](./guide/setup.md).

## Settings

| Name | Value |
|---|---|
| size | ${words.cell} |
| colour | blue |

\`\`\`php
$size = ${words.code};
echo $size;
\`\`\`

:::note

${words.note}

:::
`,
  );

/** The branch under review. */
export const REVIEW_BRANCH = 'fix/docs';

/** Makes the repository at `root/docs` (for startGitHttpServer(root): `${url}/docs/.git`). */
export async function reviewRepo(root: string): Promise<TestRepo> {
  const repo = await TestRepo.create(path.join(root, 'docs'));
  await repo.commit({
    'docsite.yaml': CONFIG,
    'general/intro.md': intro({ lead: 'first', cell: '10', code: '10', note: 'Mind the size.' }),
    'general/guide/setup.md': page('title: Setup', 'Install it.'),
    'general/old.md': page('title: Old page', 'This page goes away.'),
    'general/moved.md': page('title: Moving page', long),
  });
  await repo.branch('v1');
  await repo.checkout('main');
  await repo.commit({ 'general/next-only.md': page('title: Only in Next', 'Not in 1.0.') });
  await repo.branch(REVIEW_BRANCH);
  await repo.commit({
    'general/intro.md': intro({ lead: 'second', cell: '20', code: '20', note: 'Mind the size, always.' }),
    'general/new.md': page('title: New page', 'Brand new.'),
    'general/old.md': null,
    'general/moved.md': null,
    'general/guide/moved.md': page('title: Moving page', long),
  });
  await repo.checkout('main');
  return repo;
}
