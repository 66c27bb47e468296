import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { loadHome } from '~/lib/content.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Documentation' }];

export async function loader({ context }: LoaderFunctionArgs) {
  return loadHome(context);
}

/** The landing page: the sections of the documentation. */
export default function Home() {
  const { title, sections } = useLoaderData<typeof loader>();
  return (
    <main className="home" id="main">
      <h1>{title}</h1>
      <ul className="home-sections">
        {sections.map((section) => (
          <li key={section.permalink}>
            <Link to={section.permalink} prefetch="intent">
              {section.title}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
