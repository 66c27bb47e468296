import { Link } from '@remix-run/react';
import type { BlogPageView } from '../../server/site/index.js';
import { Navbar, type Section } from './Navbar';
import { Footer } from './Footer';

type Post = Extract<BlogPageView, { kind: 'blog-post' }>['post'];

/** A post's title, date, reading time, authors and tags; on list pages the title links to the post. */
function PostHeader({ post, linked }: { post: Post; linked: boolean }) {
  const Heading = linked ? 'h2' : 'h1';
  return (
    <header className="blog-post-header">
      <Heading className="blog-post-title">{linked ? <Link to={post.permalink}>{post.title}</Link> : post.title}</Heading>
      <p className="blog-post-meta">
        <time dateTime={post.date}>{post.dateLabel}</time>
        {post.readingTime !== undefined ? ` · ${Math.max(1, Math.ceil(post.readingTime))} min read` : null}
      </p>
      {post.authors.length > 0 && (
        <ul className="blog-authors">
          {post.authors.map((author) => (
            <li key={`${author.name}${author.page ?? author.url}`}>
              {author.imageURL ? <img src={author.imageURL} alt="" width={40} height={40} loading="lazy" /> : null}
              <span>
                {author.page || author.url ? <a href={author.page ?? author.url}>{author.name}</a> : author.name}
                {author.title ? <small>{author.title}</small> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}

/** A post's tags as links to their pages. */
function PostTags({ tags }: { tags: Post['tags'] }) {
  if (!tags.length) return null;
  return (
    <ul className="blog-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.permalink}>
          <a href={tag.permalink}>{tag.label}</a>
        </li>
      ))}
    </ul>
  );
}

/** A blog list page or post, in the site's navbar and footer, with the recent-posts sidebar; plain links, so usable without JavaScript. */
export function BlogPage({ data }: { data: BlogPageView }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar title={data.siteTitle} home="/" sections={data.navbar as Section[]} menu={false} />
      <div className="blog-layout">
        <nav className="blog-sidebar" aria-label={data.sidebar.title}>
          <h2>{data.sidebar.title}</h2>
          <ul>
            {data.sidebar.posts.map((post) => (
              <li key={post.permalink}>
                <Link to={post.permalink}>{post.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="blog-main">
          {data.kind === 'blog-list' ? (
            <>
              <h1 className="visually-hidden">{data.blogTitle}</h1>
              {data.posts.map((post) => (
                <article key={post.permalink} className="blog-post">
                  <PostHeader post={post} linked />
                  <div className="markdown" dangerouslySetInnerHTML={{ __html: post.html }} />
                  <footer className="blog-post-footer">
                    <PostTags tags={post.tags} />
                    {post.truncated ? (
                      <Link to={post.permalink} aria-label={`Read more about ${post.title}`}>
                        Read more
                      </Link>
                    ) : null}
                  </footer>
                </article>
              ))}
              <nav className="pagination-nav" aria-label="Blog list page navigation">
                {data.previousPage ? <Link to={data.previousPage}>« Newer entries</Link> : <span />}
                {data.nextPage ? <Link to={data.nextPage}>Older entries »</Link> : <span />}
              </nav>
            </>
          ) : (
            <>
              <article className="blog-post">
                <PostHeader post={data.post} linked={false} />
                <div className="markdown" dangerouslySetInnerHTML={{ __html: data.post.html }} />
                <footer className="blog-post-footer">
                  <PostTags tags={data.post.tags} />
                </footer>
              </article>
              <nav className="pagination-nav" aria-label="Blog post page navigation">
                {data.newer ? <Link to={data.newer.permalink}>« {data.newer.title}</Link> : <span />}
                {data.older ? <Link to={data.older.permalink}>{data.older.title} »</Link> : <span />}
              </nav>
            </>
          )}
        </main>
      </div>
      <Footer title={data.siteTitle} />
    </>
  );
}
