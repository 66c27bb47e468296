import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { changesView, view } from '~/lib/site.server';
import { ChangesPage } from '~/components/ChangesPage';
import { PageError } from '~/components/PageError';

export const loader = ({ context }: LoaderFunctionArgs) => view(() => changesView(context));

// A review tool, not documentation: never indexed.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Changes' }, { name: 'robots', content: 'noindex' }];

/** The pages a branch, version or commit changed (`/{base}/{ref}/changes?base=`). */
export default function Changes() {
  return <ChangesPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
