import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { homeView, view } from '~/lib/site.server';
import { HomePage } from '~/components/HomePage';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Documentation' }];

export const loader = ({ context }: LoaderFunctionArgs) => view(() => homeView(context));

/** The landing page: the sections of the documentation as cards (app/components/HomePage.tsx). */
export default function Home() {
  const { title, prefix, navbar, sections, search } = useLoaderData<typeof loader>();
  return <HomePage title={title} prefix={prefix} navbar={navbar} sections={sections} search={search} />;
}
