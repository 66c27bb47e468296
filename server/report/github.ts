// GitHub's REST API (github.com and GitHub Enterprise) and Gitea's (Forgejo's), which copies it:
// commit statuses, and pull request comments through the issues API. Only finding a branch's pull
// request differs: GitHub filters by `head=owner:branch`, Gitea lists open pulls to filter here.
import { forgeRequest, type ForgeEndpoint } from './forge-http.js';
import type { CommitStatus, ForgeClient } from './types.js';

/** A comment as both APIs list it. */
interface IssueComment {
  id: number;
  body?: string;
}

/** A pull request as both APIs list it. */
interface PullRequest {
  number: number;
  head?: { ref?: string; repo?: { full_name?: string } | null };
}

/** A client for GitHub (`gitea: false`) or Gitea/Forgejo (`gitea: true`) for the repository `slug`. */
export function githubLikeClient(endpoint: ForgeEndpoint, slug: string, opts: { gitea: boolean }): ForgeClient {
  const repo = `/repos/${slug.split('/').map(encodeURIComponent).join('/')}`;
  const call = <T>(method: string, path: string, body?: unknown) => forgeRequest<T>(endpoint, method, repo + path, body);
  return {
    async setStatus(sha: string, status: CommitStatus): Promise<void> {
      await call('POST', `/statuses/${sha}`, { state: status.state, target_url: status.targetUrl, description: status.description.slice(0, 140), context: status.context });
    },
    async findPullRequest(branch: string): Promise<number | undefined> {
      if (!opts.gitea) {
        const owner = slug.split('/')[0];
        const pulls = await call<PullRequest[]>('GET', `/pulls?state=open&head=${encodeURIComponent(`${owner}:${branch}`)}&per_page=10`);
        return pulls?.[0]?.number;
      }
      // Gitea's list has no head filter: the open pulls whose head is this repository's branch.
      const pulls = await call<PullRequest[]>('GET', '/pulls?state=open&limit=50');
      return pulls?.find((pull) => pull.head?.ref === branch && (!pull.head.repo || pull.head.repo.full_name === slug))?.number;
    },
    async upsertComment(pullRequest: number, marker: string, body: string): Promise<'created' | 'edited'> {
      const comments = await call<IssueComment[]>('GET', `/issues/${pullRequest}/comments?${opts.gitea ? 'limit' : 'per_page'}=100`);
      const ours = comments?.find((comment) => comment.body?.includes(marker));
      if (ours) {
        await call('PATCH', `/issues/comments/${ours.id}`, { body });
        return 'edited';
      }
      await call('POST', `/issues/${pullRequest}/comments`, { body });
      return 'created';
    },
  };
}

/** GitHub's authentication header. */
export function githubAuth(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-github-api-version': '2022-11-28' };
}

/** Gitea's and Forgejo's authentication header. */
export function giteaAuth(token: string): Record<string, string> {
  return { authorization: `token ${token}` };
}
