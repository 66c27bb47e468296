// The names and patterns the URL grammar keeps to itself (not part of server/urls.ts's API).

/** The files of the llms.txt convention, under each ref's prefix. */
export const LLMS_FILES = { 'llms.txt': false, 'llms-full.txt': true } as const;
/** The suffix of a page's Markdown URL, and the file name of a version root's. */
export const MARKDOWN_SUFFIX = '.md';
export const ROOT_MARKDOWN = 'index.md';
export const OID = /^[0-9a-f]{40}$/;
/** Where Docusaurus's builds put files that pages link (`/assets/files/{name}-{md4}.{ext}`): docsite answers there too. */
export const HASHED_ASSETS = 'assets/files';
/** A file name at HASHED_ASSETS: its name's stem, the MD4 of its content (32 hex digits) and its extension. */
export const HASHED_NAME = /^(.+)-([0-9a-f]{32})(\.[^./]+)?$/;
export const CONTROL = /[\0-\x1f\x7f]/;
/** Files of the app's `public/` folder, served as they are. */
export const PUBLIC_FILES = new Set(['/favicon.svg', '/manifest.webmanifest']);
/** The file name of a sitemap, at the root (the index) and under each version's prefix. */
export const SITEMAP = 'sitemap.xml';

/** The sitemap of a blog at the site root, whose `/sitemap.xml` is the site's index of sitemaps. */
export const ROOT_BLOG_SITEMAP = 'blog-sitemap.xml';

/** A blog's feeds, by the file Docusaurus writes each to (server/blog/feeds.ts writes them). */
export const FEED_FILES = { 'rss.xml': 'rss', 'atom.xml': 'atom', 'feed.json': 'json' } as const;

/** The XSLT stylesheets of a blog's XML feeds, by feed (`feedOptions.xslt`; server/blog/feed-stylesheet.ts). */
export const FEED_STYLESHEETS = { rss: 'rss.xsl', atom: 'atom.xsl' } as const;
/** The suffix Remix's single fetch adds for a client navigation's data request. */
export const DATA_SUFFIX = '.data';
