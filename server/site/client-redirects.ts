// The redirects of a commit's `@docusaurus/plugin-client-redirects` (server/content/client-redirects.ts):
// its route paths read, each instance's `createRedirects` called in the sandbox once for all of them
// (as the config's other functions are, decision 034), the table kept per commit. A site without the
// plugin costs nothing here.
import { clientRedirectTable, redirectKey, type ClientRedirectTable } from '../content/client-redirects.js';
import { siteBase } from '../config/site-config.js';
import type { Site } from './site.js';
import { routesAt } from './site-routes.js';

/** No plugin: no redirects. */
const NONE: ClientRedirectTable = { byPath: new Map(), problems: [] };

/** What the table is read with. */
type RedirectsHost = Pick<Site, 'caches' | 'docs' | 'repository' | 'history'>;

/** The client-redirects table of a commit (empty when its config has no such plugin). */
export async function clientRedirectsAt(site: RedirectsHost, commit: string): Promise<ClientRedirectTable> {
  const { clientRedirects: options, config } = await site.docs.configOf(commit);
  if (!options?.length) return NONE;
  return site.caches.derive(
    commit,
    'client-redirects',
    async () => {
      const [tree, routes] = await Promise.all([site.docs.treeAt(commit), routesAt(site, commit)]);
      const code = site.docs.code;
      const file = code?.configFileOf(tree) ?? 'docusaurus.config.js';
      const baseUrl = siteBase(config) ? `/${siteBase(config)}/` : '/';
      const relative = routes.map((path) => (path.startsWith(baseUrl) ? `/${path.slice(baseUrl.length)}` : path));
      const problems: ClientRedirectTable['problems'] = [];
      // createRedirects gets each route below the base URL, as the plugin calls it.
      const created = await Promise.all(
        options.map(async (instance) => {
          if (instance.createRedirects === undefined || !code) return undefined;
          const answer = await code.callConfigFunction(
            tree,
            instance.createRedirects,
            relative.map((path) => [path]),
          );
          if (Array.isArray(answer)) return answer;
          problems.push({ ...answer.problem, message: `${instance.at}.createRedirects could not be run (${answer.problem.message}): no redirects of it` });
          return undefined;
        }),
      );
      const table = clientRedirectTable({ options, routes, created, baseUrl, trailingSlash: config.trailingSlash, file });
      return { byPath: table.byPath, problems: [...problems, ...table.problems] };
    },
    (table) => 500 + table.byPath.size * 200 + table.problems.length * 300,
  );
}

/** Where the plugin sends a path of the site (with the base URL), if it redirects it. */
export function clientRedirectOf(table: ClientRedirectTable, path: string): string | undefined {
  return table.byPath.get(redirectKey(path));
}
