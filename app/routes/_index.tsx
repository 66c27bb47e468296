import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { articleOnce, blogView, docsPageView, homeView, MCP_PATH, shellView, sidebarOnce, sitePageView, siteOrigin, view } from '~/lib/site.server';
import { blogMeta, isBlogPage } from '~/lib/blog-meta';
import { pageMeta } from '~/lib/meta';
import { HomePage } from '~/components/HomePage';
import { LazyPage } from '~/components/LazyPage';
import { DocsLayoutShell } from '~/components/DocsLayoutShell';
import { DocsPageOf } from './$base.$';

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  if (data && isBlogPage(data)) return blogMeta(data);
  if (data?.kind === 'docs-root')
    return data.page.kind === 'page' || data.page.kind === 'category' ? pageMeta(data.shell, data.page, location.pathname) : [{ title: data.shell.title }];
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
    if ('base' in context.route) {
      const page = await docsPageView(context);
      return { kind: 'docs-root' as const, shell: { ...sidebarOnce(context, await shellView(context)), origin }, page: page.kind === 'page' ? articleOnce(context, page) : page };
    }
    return { kind: 'home' as const, ...(await homeView(context)), mcpUrl: origin + MCP_PATH };
  }, context);

/** The landing page: the sections of the documentation as cards (app/components/HomePage.tsx), or the root doc of docs at the site root. */
export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (isBlogPage(data)) return <LazyPage data={data} />;
  if (data.kind === 'docs-root') {
    const { page } = data;
    return <DocsLayoutShell data={data.shell} versions={page.kind === 'page' ? page.versions : undefined} page={<DocsPageOf data={page} />} />;
  }
  const { title, prefix, navbar, sections, search, mcpUrl } = data;
  return <HomePage title={title} prefix={prefix} navbar={navbar} sections={sections} search={search} mcpUrl={mcpUrl} />;
}
