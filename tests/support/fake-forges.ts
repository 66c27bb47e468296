// Each forge's API as msw stands in for it (docs/decisions/038-preview-reports.md): commit statuses,
// one pull (merge) request for a branch, and its comments (notes), kept in memory so a test reads
// what a reviewer would see. Every request is recorded with its method, path, body and headers.
import { http, HttpResponse } from 'msw';

/** One request the fake forge received. */
export interface ForgeCall {
  method: string;
  /** The path as sent (percent-encoding kept) and the query. */
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  headers: Headers;
  at: number;
}

/** A fake forge: its msw handler, what it received, and what it holds. */
export interface FakeForge {
  handler: ReturnType<typeof http.all>;
  calls: ForgeCall[];
  /** Statuses posted, by commit, in order. */
  statuses: Map<string, Record<string, unknown>[]>;
  /** The branches that have an open pull request (each numbered PULL_NUMBER: one at a time). */
  pullBranches: Set<string>;
  /** Comments (notes) by id. */
  comments: Map<number, { id: number; body: string }>;
  /** Answers a call before the fake API does (a fault, a rate limit); undefined lets it through. */
  fault?: (call: ForgeCall) => Response | undefined;
  /** Called once per call, before it is answered (a test checks what was served by then). */
  onCall?: (call: ForgeCall) => void;
}

/** The number of the open pull request of a branch in `pullBranches`. */
export const PULL_NUMBER = 7;

/** A fake of `kind`'s API at `api` for the repository `slug`. */
export function fakeForge(kind: 'github' | 'gitlab' | 'gitea', api: string, slug: string): FakeForge {
  const forge: FakeForge = { handler: undefined as never, calls: [], statuses: new Map(), comments: new Map(), pullBranches: new Set() };
  let nextId = 1000;
  const repo = kind === 'gitlab' ? `/projects/${encodeURIComponent(slug)}` : `/repos/${slug}`;
  const prefix = new URL(api).pathname.replace(/\/$/, '') + repo;
  forge.handler = http.all(`${api}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: ForgeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
      at: Date.now(),
    };
    forge.calls.push(call);
    forge.onCall?.(call);
    const fault = forge.fault?.(call);
    if (fault) return fault;
    if (!url.pathname.startsWith(prefix)) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
    const rest = url.pathname.slice(prefix.length);
    const status = /^\/statuses\/([0-9a-f]{40})$/.exec(rest);
    if (status && call.method === 'POST') {
      forge.statuses.set(status[1], [...(forge.statuses.get(status[1]) ?? []), call.body!]);
      return HttpResponse.json({ id: nextId++ }, { status: 201 });
    }
    const branch = url.searchParams.get('source_branch') ?? url.searchParams.get('head')?.replace(/^[^:]*:/, '');
    if (rest === '/pulls' || rest === '/merge_requests') {
      // Gitea lists every open pull; GitHub and GitLab filter by branch.
      const open = [...forge.pullBranches].map((ref) => ({ number: PULL_NUMBER, iid: PULL_NUMBER, head: { ref, repo: { full_name: slug } } }));
      const pulls = kind === 'gitea' ? open : open.filter((pull) => pull.head.ref === branch);
      return HttpResponse.json(pulls);
    }
    const list = kind === 'gitlab' ? `/merge_requests/${PULL_NUMBER}/notes` : `/issues/${PULL_NUMBER}/comments`;
    if (rest === list && call.method === 'GET') return HttpResponse.json([{ id: 1, body: 'Looks good to me' }, ...forge.comments.values()]);
    if (rest === list && call.method === 'POST') {
      const comment = { id: nextId++, body: String(call.body!.body) };
      forge.comments.set(comment.id, comment);
      return HttpResponse.json(comment, { status: 201 });
    }
    const edit = kind === 'gitlab' ? /^\/merge_requests\/\d+\/notes\/(\d+)$/.exec(rest) : /^\/issues\/comments\/(\d+)$/.exec(rest);
    if (edit && (call.method === 'PATCH' || call.method === 'PUT') && forge.comments.has(Number(edit[1]))) {
      forge.comments.set(Number(edit[1]), { id: Number(edit[1]), body: String(call.body!.body) });
      return HttpResponse.json(forge.comments.get(Number(edit[1])));
    }
    return HttpResponse.json({ message: `no fake for ${call.method} ${rest}` }, { status: 404 });
  });
  return forge;
}
