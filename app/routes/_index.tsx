import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { articleOnce, blogView, docsPageElsewhere, homeView, MCP_PATH, sitePageView, siteOrigin, view } from '~/lib/site.server';
import { blogMeta, isBlogPage } from '~/lib/blog-meta';
import { elsewhereMeta } from '~/lib/meta';
import { HomePage } from '~/components/HomePage';
import { LazyPage } from '~/components/LazyPage';
import { DocsPageElsewhere } from '~/components/DocsPageElsewhere';

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  if (data && isBlogPage(data)) return blogMeta(data);
  if (data?.kind === 'docs-elsewhere') return elsewhereMeta(data, location.pathname);
  return [{ title: data?.title ?? 'Documentation' }];
};

// What `/` is: a page of the pages plugin at `/` (src/pages/index), else the root doc of docs at the site root (routeBasePath `/`, Docusaurus's docs-only mode,
// with its shell), else a blog at the site root (blog-only mode), else the landing page. The MCP
// endpoint's absolute URL is for the agents' section (decision 037): what a user pastes into a client.
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  view(async () => {
    const origin = siteOrigin(context, new URL(request.url).origin);
    if (context.route.kind === 'page') return articleOnce(context, await sitePageView(context));
    if (context.route.kind === 'blog') return blogView(context);
    if ('base' in context.route) return docsPageElsewhere(context, origin);
    return { kind: 'home' as const, ...(await homeView(context)), mcpUrl: origin + MCP_PATH };
  }, context);

/** The landing page: the sections of the documentation as cards (app/components/HomePage.tsx), or the root doc of docs at the site root. */
export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (isBlogPage(data)) return <LazyPage data={data} />;
  if (data.kind === 'docs-elsewhere') return <DocsPageElsewhere data={data} />;
  const { title, prefix, navbar, sections, search, mcpUrl } = data;
  return <HomePage title={title} prefix={prefix} navbar={navbar} sections={sections} search={search} mcpUrl={mcpUrl} />;
}
