import { Link } from '@remix-run/react';
import { useBrand } from '~/lib/brand';
import { Navbar, type Section } from './Navbar';
import { Footer } from './Footer';
import { SearchForm, type SearchLinks } from './SearchForm';
import { SkipLink } from './SkipLink';

/** A section of the landing page: a card with its label and what it holds. */
export interface HomeSection {
  label: string;
  href: string;
  description?: string;
}

/**
 * The landing page: the site title and tagline in the brand's colours (and title font), then the
 * sections of the documentation as cards, in the same navbar (search form included) and footer as
 * every page, then how to read the docs from a coding agent.
 */
export function HomePage({
  title,
  prefix,
  navbar,
  sections,
  search,
  mcpUrl,
}: {
  title: string;
  prefix: string;
  navbar: Section[];
  sections: HomeSection[];
  search: SearchLinks;
  mcpUrl: string;
}) {
  const tagline = useBrand()?.tagline;
  return (
    <>
      <SkipLink />
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
          <Agents mcpUrl={mcpUrl} llmsUrl={`${prefix === '/' ? '' : prefix}/llms.txt`} />
        </div>
      </main>
      <Footer title={title} tagsHref={`${prefix === '/' ? '' : prefix}/tags`} />
    </>
  );
}

/** How an agent's user connects (decision 037): the MCP endpoint, one client's command, and llms.txt. */
function Agents({ mcpUrl, llmsUrl }: { mcpUrl: string; llmsUrl: string }) {
  return (
    <section className="home-agents" aria-labelledby="home-agents">
      <h2 id="home-agents">For coding agents</h2>
      <p>
        These docs are an MCP server at <code>{mcpUrl}</code> (streamable HTTP, read-only, no sign-in): an agent can search and read any version, branch preview (
        <code>~branch</code>) or commit (<code>@id</code>). In Claude Code: <code>{`claude mcp add --transport http docs ${mcpUrl}`}</code>; other clients take the URL as an HTTP
        server. Without MCP, <a href={llmsUrl}>llms.txt</a> lists every page as Markdown, and each page links its own.
      </p>
    </section>
  );
}
