// `/{base}` itself: the same page route as every other docs URL (its view sends a version's root
// with no page of its own to the first section).
export { default, ErrorBoundary, loader, meta } from './$base.$';
