// The blog's feed on a ref (`/blog/~branch/...`, `/blog/@commit/...`): the same loader as at the default ref.
export { loader } from './blog.rss[.]xml';
