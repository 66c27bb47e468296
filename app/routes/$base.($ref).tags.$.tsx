import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { loadTags } from '~/lib/content.server';
import { TagsView } from '~/components/TagsView';
import { PageError } from '~/components/PageError';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadTags(context, request);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** The tag index (`tags`) or the pages that carry one tag (`tags/{tag}`): loadTags tells them apart. */
export default function Tags() {
  return <TagsView data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
