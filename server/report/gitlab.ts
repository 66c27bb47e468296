// GitLab's API: commit statuses (`failed`, not `failure`) and merge request notes. The project is
// named by its URL-encoded path, so no id needs configuring.
import { forgeRequest, type ForgeEndpoint } from './forge-http.js';
import type { CommitStatus, ForgeClient, StatusState } from './types.js';

/** GitLab's word for each state. */
const STATES: Record<StatusState, string> = { pending: 'pending', success: 'success', failure: 'failed', error: 'failed' };

/** A client for the GitLab project `slug` (`group/subgroup/name`). */
export function gitlabClient(endpoint: ForgeEndpoint, slug: string): ForgeClient {
  const project = `/projects/${encodeURIComponent(slug)}`;
  const call = <T>(method: string, path: string, body?: unknown) => forgeRequest<T>(endpoint, method, project + path, body);
  return {
    async setStatus(sha: string, status: CommitStatus): Promise<void> {
      await call('POST', `/statuses/${sha}`, { state: STATES[status.state], name: status.context, target_url: status.targetUrl, description: status.description.slice(0, 255) });
    },
    async findPullRequest(branch: string): Promise<number | undefined> {
      const requests = await call<{ iid: number; source_project_id?: number; project_id?: number }[]>(
        'GET',
        `/merge_requests?state=opened&source_branch=${encodeURIComponent(branch)}&per_page=10`,
      );
      // A fork's merge request has another source project: not this branch.
      return requests?.find((request) => request.source_project_id === undefined || request.source_project_id === request.project_id)?.iid;
    },
    async upsertComment(mergeRequest: number, marker: string, body: string): Promise<'created' | 'edited'> {
      const notes = await call<{ id: number; body?: string }[]>('GET', `/merge_requests/${mergeRequest}/notes?per_page=100&sort=asc`);
      const ours = notes?.find((note) => note.body?.includes(marker));
      if (ours) {
        await call('PUT', `/merge_requests/${mergeRequest}/notes/${ours.id}`, { body });
        return 'edited';
      }
      await call('POST', `/merge_requests/${mergeRequest}/notes`, { body });
      return 'created';
    },
  };
}

/** GitLab's authentication header. */
export function gitlabAuth(token: string): Record<string, string> {
  return { 'private-token': token };
}
