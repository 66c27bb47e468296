import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { searchView, view } from '~/lib/site.server';
import { SearchPage } from '~/components/SearchPage';
import { PageError } from '~/components/PageError';

export const loader = ({ context }: LoaderFunctionArgs) => view(() => searchView(context));

// Result pages are never indexed by search engines (they would index the index).
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.query ? `Search: ${data.query}` : 'Search' }, { name: 'robots', content: 'noindex' }];

/** The search page of a version, branch or commit (`/{base}/{ref}/search?q=`). */
export default function Search() {
  return <SearchPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
