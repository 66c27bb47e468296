import { Link } from '@remix-run/react';
import type { BlogPageView } from '../../server/site/index.js';
import { FormulaStyles } from './FormulaStyles';

type Post = Extract<BlogPageView, { kind: 'blog-post' }>['post'];
type List = Extract<BlogPageView, { kind: 'blog-list' }>;

/** A post's title, date, reading time, authors and tags; on list pages the title links to the post. */
export function PostHeader({ post, linked }: { post: Post; linked: boolean }) {
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
export function PostTags({ tags }: { tags: Post['tags'] }) {
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

/** A list page: its heading (a tag's or an author's), its posts up to their truncation markers, and links to the newer and older pages. */
export function PostList({ data }: { data: List }) {
  return (
    <>
      {data.heading ? (
        <header className="blog-list-heading">
          {data.heading.imageURL ? <img src={data.heading.imageURL} alt="" width={64} height={64} /> : null}
          <h1>{data.heading.title}</h1>
          {data.heading.description ? <p>{data.heading.description}</p> : null}
          {data.heading.back ? <Link to={data.heading.back.href}>{data.heading.back.label}</Link> : null}
        </header>
      ) : (
        <h1 className="visually-hidden">{data.blogTitle}</h1>
      )}
      {data.posts.map((post) => (
        <article key={post.permalink} className="blog-post">
          <PostHeader post={post} linked />
          <div className="markdown" dangerouslySetInnerHTML={{ __html: post.html }} />
          <FormulaStyles html={post.html} />
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
  );
}
