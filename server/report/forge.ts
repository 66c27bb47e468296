// Which forge the content repository lives on, and where its API is (docs/decisions/038-preview-reports.md):
// read from CONTENT_REPO's URL (github.com, gitlab.com, codeberg.org, or a host whose name says
// gitlab, gitea or forgejo), or from FORGE, FORGE_URL and FORGE_REPO when the URL cannot say
// (GitHub Enterprise, a self-hosted forge, a mirror, a local path).

/** The three APIs docsite speaks; Forgejo speaks Gitea's. */
export type ForgeKind = 'github' | 'gitlab' | 'gitea';

/** A repository on a forge, and the API that reports on it. */
export interface ForgeRepo {
  kind: ForgeKind;
  /** The API's base URL: `https://api.github.com`, `https://ghe.example.com/api/v3`, `https://gitlab.com/api/v4`, `https://codeberg.org/api/v1`. */
  api: string;
  /** `owner/name` (GitLab: `group/subgroup/name`). */
  slug: string;
}

/** What the environment says about the forge, beside CONTENT_REPO. */
export interface ForgeSettings {
  /** FORGE: `github`, `gitlab`, `gitea` or `forgejo`. */
  kind?: string;
  /** FORGE_URL: the forge's web address (`https://ghe.example.com`); its API is derived from it. */
  url?: string;
  /** FORGE_REPO: `owner/name` when CONTENT_REPO's path is not the forge's (a mirror, a local clone). */
  repo?: string;
}

/** Hosts whose forge is known by name alone. */
const KNOWN_HOSTS: Record<string, ForgeKind> = { 'github.com': 'github', 'gitlab.com': 'gitlab', 'codeberg.org': 'gitea' };

/** The forge a word names (`forgejo` is Gitea's API), or undefined. */
export function forgeKindOf(word: string | undefined): ForgeKind | undefined {
  const lower = word?.toLowerCase();
  if (lower === 'github' || lower === 'gitlab' || lower === 'gitea') return lower;
  return lower === 'forgejo' ? 'gitea' : undefined;
}

/** The forge kind a host name suggests: a known host, or `gitlab`/`gitea`/`forgejo` in its name. */
function kindOfHost(host: string): ForgeKind | undefined {
  if (KNOWN_HOSTS[host]) return KNOWN_HOSTS[host];
  const word = /gitlab|gitea|forgejo|github/.exec(host)?.[0];
  return forgeKindOf(word);
}

/** The API base of a forge at a web origin. */
export function apiOf(kind: ForgeKind, origin: string): string {
  const web = origin.replace(/\/+$/, '');
  if (kind === 'github') return web === 'https://github.com' ? 'https://api.github.com' : `${web}/api/v3`;
  return kind === 'gitlab' ? `${web}/api/v4` : `${web}/api/v1`;
}

/** The slug in a repository URL's path: `/owner/name.git` is `owner/name`. */
function slugOfPath(pathname: string): string | undefined {
  const slug = pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  return slug.includes('/') ? slug : undefined;
}

/** The repository's forge, or why it cannot be told (reporting is then off). */
export function forgeOf(contentRepo: string | undefined, settings: ForgeSettings): ForgeRepo | { unknown: string } {
  let parsed: URL | undefined;
  try {
    parsed = contentRepo ? new URL(contentRepo.replace(/^git@([^:]+):/, 'https://$1/')) : undefined;
  } catch {
    parsed = undefined;
  }
  const fromUrl = parsed && /^https?:$/.test(parsed.protocol) ? parsed : undefined;
  if (settings.url && !URL.canParse(settings.url)) return { unknown: `FORGE_URL=${JSON.stringify(settings.url)} is not a URL such as https://ghe.example.com` };
  const kind = forgeKindOf(settings.kind) ?? (settings.url ? kindOfHost(new URL(settings.url).host) : undefined) ?? (fromUrl ? kindOfHost(fromUrl.host) : undefined);
  const slug = settings.repo ?? (fromUrl ? slugOfPath(fromUrl.pathname) : undefined);
  if (settings.kind && !forgeKindOf(settings.kind)) return { unknown: `FORGE=${JSON.stringify(settings.kind)} is not github, gitlab, gitea or forgejo` };
  if (!kind) return { unknown: 'the forge cannot be told from CONTENT_REPO: set FORGE (github, gitlab, gitea or forgejo) and FORGE_URL' };
  if (!slug) return { unknown: 'the repository cannot be told from CONTENT_REPO: set FORGE_REPO (owner/name)' };
  // A URL that names no forge (a mirror, a local git server) says nothing of where the API is.
  const forgeUrl = fromUrl && kindOfHost(fromUrl.host) ? fromUrl.origin : undefined;
  const webOrigin = (settings.url && new URL(settings.url).origin) ?? forgeUrl ?? (kind === 'github' ? 'https://github.com' : undefined);
  if (!webOrigin) return { unknown: 'the forge has no address: set FORGE_URL' };
  return { kind, api: apiOf(kind, webOrigin), slug };
}
