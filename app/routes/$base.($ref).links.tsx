import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { linksView, view } from '~/lib/site.server';
import { LinkReport } from '~/components/LinkReport';
import { PageError } from '~/components/PageError';

export const loader = ({ context }: LoaderFunctionArgs) => view(() => linksView(context));

// A report for authors, not a page for search engines.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Broken links of ${data.scope}` : 'Broken links' }, { name: 'robots', content: 'noindex' }];

/** The broken links and anchors of a version, branch or commit (`/{base}/{ref}/links`). */
export default function Links() {
  return <LinkReport data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
