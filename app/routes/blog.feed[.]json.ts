// The blog's JSON Feed: the same loader as its RSS feed.
export { loader } from './blog.rss[.]xml';
