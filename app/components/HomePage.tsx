import { Link } from '@remix-run/react';
import { useBrand } from '~/lib/brand';
import { Navbar, type Section } from './Navbar';
import { Footer } from './Footer';
import { SearchForm, type SearchLinks } from './SearchForm';

/** A section of the landing page: a card with its label and what it holds. */
export interface HomeSection {
  label: string;
  href: string;
  description?: string;
}

/**
 * The landing page: the site title and tagline in the brand's colours (and title font), then the
 * sections of the documentation as cards, in the same navbar (search form included) and footer as every page.
 */
export function HomePage({ title, prefix, navbar, sections, search }: { title: string; prefix: string; navbar: Section[]; sections: HomeSection[]; search: SearchLinks }) {
  const tagline = useBrand()?.tagline;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar title={title} home={prefix} sections={navbar} menu={false} search={<SearchForm links={search} />} />
      <main id="main">
        <header className="home-hero">
          <h1 className="home-title">{title}</h1>
          {tagline && <p className="home-tagline">{tagline}</p>}
        </header>
        <div className="home">
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
        </div>
      </main>
      <Footer title={title} tagsHref={`${prefix}/tags`} />
    </>
  );
}
