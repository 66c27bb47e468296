// The blog's Atom feed: the same loader as its RSS feed.
export { loader } from './blog.rss[.]xml';
