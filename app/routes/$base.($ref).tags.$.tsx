import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { tagsView, view } from '~/lib/site.server';
import { TagsView } from '~/components/TagsView';
import { PageError } from '~/components/PageError';
import { pageMeta, shellOf } from '~/lib/meta';

export const loader = ({ context }: LoaderFunctionArgs) => view(() => tagsView(context));

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? pageMeta(shellOf(matches), data, location.pathname) : []);

/** The tag index (`tags`) or the pages that carry one tag (`tags/{tag}`): tagsView tells them apart. */
export default function Tags() {
  return <TagsView data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
