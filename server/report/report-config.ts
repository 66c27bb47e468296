// Whether and where previews are reported, from the environment (README "Preview reports"): the
// forge from CONTENT_REPO or FORGE/FORGE_URL/FORGE_REPO, its token (GITHUB_TOKEN, GITLAB_TOKEN,
// GITEA_TOKEN, or FORGE_TOKEN for any), and the opt-out and limits. Without a token nothing is sent.
import { forgeOf, type ForgeRepo } from './forge.js';

/** The reporting settings: on (a forge and its token) or off, with the reason /readyz gives. */
export type ReportConfig = { on: true; forge: ForgeRepo; token: string; context: string; maxListed: number } | { on: false; reason: string; forge?: ForgeRepo };

/** Each forge's own token variable; FORGE_TOKEN stands for any. */
const TOKEN_VARIABLES = { github: 'GITHUB_TOKEN', gitlab: 'GITLAB_TOKEN', gitea: 'GITEA_TOKEN' } as const;

/** REPORT_MAX_LISTED's default: pages (and links) a comment lists before pointing at /changes. */
export const DEFAULT_MAX_LISTED = 25;

/** Reads the reporting settings; never echoes a token. */
export function readReportConfig(env: Readonly<Record<string, string | undefined>>): ReportConfig {
  const context = env.REPORT_CONTEXT || 'docsite/preview';
  const maxListed = env.REPORT_MAX_LISTED ? Number(env.REPORT_MAX_LISTED) : DEFAULT_MAX_LISTED;
  if (!Number.isInteger(maxListed) || maxListed < 1) throw new Error(`REPORT_MAX_LISTED=${JSON.stringify(env.REPORT_MAX_LISTED)}: a whole number of list entries, at least 1`);
  if (env.REPORTS === 'off') return { on: false, reason: 'REPORTS=off' };
  const found = forgeOf(env.CONTENT_REPO, { kind: env.FORGE, url: env.FORGE_URL, repo: env.FORGE_REPO });
  const variable = 'kind' in found ? TOKEN_VARIABLES[found.kind] : undefined;
  const token = (variable && env[variable]) || env.FORGE_TOKEN;
  const known = 'kind' in found ? { forge: found } : {};
  if (!token) return { on: false, reason: `no token: set ${variable ?? 'GITHUB_TOKEN, GITLAB_TOKEN or GITEA_TOKEN'} (or FORGE_TOKEN) to report previews`, ...known };
  if ('unknown' in found) return { on: false, reason: found.unknown };
  return { on: true, forge: found, token, context, maxListed };
}
