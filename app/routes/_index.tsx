import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { homeView, view } from '~/lib/site.server';
import { Navbar } from '~/components/Navbar';
import { Footer } from '~/components/Footer';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Documentation' }];

export const loader = ({ context }: LoaderFunctionArgs) => view(() => homeView(context));

/** The landing page: the sections of the documentation as cards, in the same navbar and footer as every page. */
export default function Home() {
  const { title, prefix, navbar, sections } = useLoaderData<typeof loader>();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar title={title} home={prefix} sections={navbar} menu={false} />
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
      <Footer title={title} tagsHref={`${prefix}/tags`} />
    </>
  );
}
