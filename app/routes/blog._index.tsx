// `/blog` itself: the blog's first list page, through the same route as its other pages.
export { default, ErrorBoundary, links, loader, meta } from './blog.$';
