import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { homeView, MCP_PATH, siteOrigin, view } from '~/lib/site.server';
import { HomePage } from '~/components/HomePage';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Documentation' }];

// The MCP endpoint's absolute URL, for the agents' section (decision 037): what a user pastes into a client's configuration.
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  view(async () => ({ ...(await homeView(context)), mcpUrl: siteOrigin(context, new URL(request.url).origin) + MCP_PATH }));

/** The landing page: the sections of the documentation as cards (app/components/HomePage.tsx). */
export default function Home() {
  const { title, prefix, navbar, sections, search, mcpUrl } = useLoaderData<typeof loader>();
  return <HomePage title={title} prefix={prefix} navbar={navbar} sections={sections} search={search} mcpUrl={mcpUrl} />;
}
