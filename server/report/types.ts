// What the reporter posts and what it posts it from: a forge client's three calls, and the facts of
// one branch at one commit (computed by the site: server/site/review/preview-facts.ts).

/** A commit status's state, in GitHub's words (each client maps them to its forge's). */
export type StatusState = 'pending' | 'success' | 'failure' | 'error';

/** One commit status. */
export interface CommitStatus {
  state: StatusState;
  /** One line: `3 pages changed, 1 broken link`. */
  description: string;
  /** The branch's preview. */
  targetUrl: string;
  /** The status's name on the forge: `docsite/preview`. */
  context: string;
}

/** What one forge's API is asked. */
export interface ForgeClient {
  /** Sets a commit's status (a new status of the same context replaces the last). */
  setStatus(sha: string, status: CommitStatus): Promise<void>;
  /** The open pull (merge) request whose head is this repository's `branch`, if any. */
  findPullRequest(branch: string): Promise<number | undefined>;
  /** Edits the comment holding `marker` on the pull request, or adds it when there is none. */
  upsertComment(pullRequest: number, marker: string, body: string): Promise<'created' | 'edited'>;
}

/** A page the branch changes, with paths on the site (no origin). */
export interface ChangedPageFact {
  status: 'added' | 'modified' | 'removed' | 'renamed';
  title: string;
  /** The page on the branch (a removed one: on its base). */
  path: string;
  /** Its rendered diff. */
  diffPath: string;
  /** The page's file, and for a rename the file it was. */
  file: string;
  oldFile: string | null;
}

/** A broken link the branch introduces. */
export interface BrokenLinkFact {
  /** The page's file and the page on the branch. */
  file: string;
  pagePath: string;
  line: number;
  url: string;
  reason: string;
}

/** What a branch is at one commit, for its report. */
export interface PreviewFacts {
  branch: string;
  commit: string;
  /** The branch's preview (`/general/~fix%2Fdocs`) and its changes page. */
  previewPath: string;
  changesPath: string;
  /** What it is compared with, in words (`the merge base with main (abc1234)`). */
  baseLabel: string;
  pages: ChangedPageFact[];
  /** Files that shape navigation (sidebars, categories, docsite.yaml) it changes. */
  navigationChanges: number;
  /** Broken links and anchors on the branch that its base does not have. */
  broken: BrokenLinkFact[];
}
