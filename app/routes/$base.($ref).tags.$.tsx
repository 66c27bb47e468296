import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { tagsView, view } from '~/lib/site.server';
import { TagsView } from '~/components/TagsView';
import { PageError } from '~/components/PageError';

export const loader = ({ context }: LoaderFunctionArgs) => view(() => tagsView(context));

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** The tag index (`tags`) or the pages that carry one tag (`tags/{tag}`): tagsView tells them apart. */
export default function Tags() {
  return <TagsView data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
