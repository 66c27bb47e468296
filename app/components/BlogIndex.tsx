import { Link } from '@remix-run/react';
import type { BlogPageView } from '../../server/site/index.js';

type Index = Extract<BlogPageView, { kind: 'blog-tags' | 'blog-authors' | 'blog-archive' | 'blog-changes' }>;

/** The blog's tags (with their post counts), its authors, its archive of posts by year, or a preview's changed posts. */
export function BlogIndex({ data }: { data: Index }) {
  if (data.kind === 'blog-tags')
    return (
      <>
        <h1>Tags</h1>
        <ul className="blog-tags blog-tags-all">
          {data.tags.map((tag) => (
            <li key={tag.permalink}>
              <Link to={tag.permalink}>
                {tag.label} <span className="blog-count">{tag.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  if (data.kind === 'blog-authors')
    return (
      <>
        <h1>Authors</h1>
        <ul className="blog-authors blog-authors-all">
          {data.authors.map((author) => (
            <li key={author.permalink}>
              {author.imageURL ? <img src={author.imageURL} alt="" width={40} height={40} loading="lazy" /> : null}
              <span>
                <Link to={author.permalink}>{author.name}</Link> <span className="blog-count">{author.count}</span>
                {author.title ? <small>{author.title}</small> : null}
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  if (data.kind === 'blog-changes')
    return (
      <>
        <h1>{data.title}</h1>
        {data.pages.length ? (
          <ul className="blog-changes">
            {data.pages.map((page) => (
              <li key={page.path}>
                <span className={`change-status change-${page.status}`}>{page.status}</span> {page.url ? <Link to={page.url}>{page.title}</Link> : page.title}{' '}
                <code>{page.path}</code> {page.diffUrl ? <Link to={page.diffUrl}>diff</Link> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>No post changed.</p>
        )}
      </>
    );
  return (
    <>
      <h1>Archive</h1>
      {data.years.map(({ year, posts }) => (
        <section key={year} className="blog-archive-year">
          <h2>{year}</h2>
          <ul>
            {posts.map((post) => (
              <li key={post.permalink}>
                <Link to={post.permalink}>
                  {post.dateLabel} - {post.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
