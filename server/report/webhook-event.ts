// A forge's webhook call read as a pull request event (GitHub and Gitea/Forgejo `pull_request`,
// GitLab `Merge Request Hook`): which pull request, which head branch and commit, and whether the
// head is a fork. Anything else (a push, a ping, a closed pull request) is not one.
import type { PullRequestEvent } from './reporter.js';

/** Actions that put a new head commit on a pull request (or open one). */
const MOVES = new Set(['opened', 'reopened', 'synchronize', 'synchronized', 'ready_for_review', 'open', 'reopen', 'update']);

type Headers = Record<string, string | string[] | undefined>;

/** The parts of a GitHub or Gitea `pull_request` payload read here. */
interface GithubLikePayload {
  action?: string;
  number?: number;
  pull_request?: {
    number?: number;
    head?: { ref?: string; sha?: string; repo?: { full_name?: string; owner?: { login?: string } } | null };
    base?: { repo?: { full_name?: string } };
  };
}

/** The parts of a GitLab `Merge Request Hook` payload read here. */
interface GitlabPayload {
  object_attributes?: {
    action?: string;
    iid?: number;
    source_branch?: string;
    source_project_id?: number;
    target_project_id?: number;
    last_commit?: { id?: string };
    source?: { path_with_namespace?: string };
  };
}

/** The first value of a header. */
function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The pull request a webhook call announces, or undefined. Malformed bodies are not one. */
export function pullRequestEventOf(headers: Headers, body: Uint8Array): PullRequestEvent | undefined {
  const kind = header(headers, 'x-github-event') ?? header(headers, 'x-gitea-event') ?? header(headers, 'x-forgejo-event') ?? header(headers, 'x-gitlab-event');
  if (kind !== 'pull_request' && kind !== 'Merge Request Hook') return undefined;
  let payload: GithubLikePayload & GitlabPayload;
  try {
    payload = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return undefined;
  }
  return kind === 'pull_request' ? githubLike(payload) : gitlab(payload);
}

/** GitHub's and Gitea's payload: `number`, `pull_request.head` and `.base`. */
function githubLike(payload: GithubLikePayload): PullRequestEvent | undefined {
  const pull = payload.pull_request;
  if (!MOVES.has(payload.action ?? '') || !pull?.head?.ref || !pull.head.sha) return undefined;
  const headRepo = pull.head.repo?.full_name;
  const fork = headRepo !== undefined && headRepo !== pull.base?.repo?.full_name;
  const owner = pull.head.repo?.owner?.login ?? String(headRepo ?? '').split('/')[0];
  return { number: Number(payload.number ?? pull.number), branch: pull.head.ref, sha: pull.head.sha, fork, label: `${owner}:${pull.head.ref}` };
}

/** GitLab's payload: `object_attributes` with the source branch, its last commit, and the source and target projects. */
function gitlab(payload: GitlabPayload): PullRequestEvent | undefined {
  const request = payload.object_attributes;
  if (!request || !MOVES.has(request.action ?? '') || !request.source_branch || !request.last_commit?.id) return undefined;
  const fork = request.source_project_id !== request.target_project_id;
  const owner = String(request.source?.path_with_namespace ?? '').split('/')[0];
  return { number: Number(request.iid), branch: request.source_branch, sha: request.last_commit.id, fork, label: `${owner}:${request.source_branch}` };
}
