import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { blogView, homeView, MCP_PATH, siteOrigin, view } from '~/lib/site.server';
import { blogMeta, isBlogPage } from '~/lib/blog-meta';
import { HomePage } from '~/components/HomePage';
import { LazyPage } from '~/components/LazyPage';

export const meta: MetaFunction<typeof loader> = ({ data }) => (data && isBlogPage(data) ? blogMeta(data) : [{ title: data?.title ?? 'Documentation' }]);

// The MCP endpoint's absolute URL, for the agents' section (decision 037): what a user pastes into a client's configuration.
// A blog at the site root (routeBasePath `/`, Docusaurus's blog-only mode) is the home page instead.
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  view(async () =>
    context.route.kind === 'blog'
      ? blogView(context)
      : { kind: 'home' as const, ...(await homeView(context)), mcpUrl: siteOrigin(context, new URL(request.url).origin) + MCP_PATH },
  );

/** The landing page: the sections of the documentation as cards (app/components/HomePage.tsx). */
export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (isBlogPage(data)) return <LazyPage data={data} />;
  const { title, prefix, navbar, sections, search, mcpUrl } = data;
  return <HomePage title={title} prefix={prefix} navbar={navbar} sections={sections} search={search} mcpUrl={mcpUrl} />;
}
