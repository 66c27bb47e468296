import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { homeView, view } from '~/lib/site.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Documentation' }];

export const loader = ({ context }: LoaderFunctionArgs) => view(() => homeView(context));

/** The landing page: the sections of the documentation, as cards. */
export default function Home() {
  const { title, sections } = useLoaderData<typeof loader>();
  return (
    <main className="home" id="main">
      <h1>{title}</h1>
      <ul className="doc-cards home-sections">
        {sections.map((section) => (
          <li key={section.href} className="doc-card">
            <Link to={section.href} prefetch="intent">
              <strong>{section.label}</strong>
              {section.description ? <span>{section.description}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
