// The façade (docs/decisions/010-facade.md): everything the web layer may use from server/. Routes,
// the API and the HTTP adapter import this module and nothing else below it.
export { Site, type Snapshot, type Located, type ResolvedVersion } from './site.js';
export type { RequestContext } from './request.js';
export { HttpError, isHttpError, problemDocument } from './http-error.js';
export { HISTORY_PARAM, parseUrl, ROUTE_KINDS, type Route } from '../urls.js';
export { cachePolicy, CACHE_CONTROL, routeLabel, grammarOf, type CachePolicy } from './http-cache.js';
export { bodyOf, chooseEncoding, type BufferedResponse, type CachedPage, type PageCache } from './page-cache.js';
export { liteCookie, liteRequested, LITE_HEADERS } from './lite.js';
export { shellView, SWITCH_PARAM } from './views/shell.js';
export { pageView, type ViewLink } from './views/page.js';
export { categoryView } from './views/category.js';
export { tagsView } from './views/tags.js';
export { homeView } from './views/home.js';
export type { PageInVersion } from './views/available.js';
export { llmsView, markdownView } from './views/markdown.js';
export { robotsView, siteOrigin, sitemapIndexView, sitemapView } from './views/sitemap.js';
export { assetView } from './views/asset.js';
export { apiPage, apiPages, apiSidebar, apiVersions } from './views/api.js';
export { apiChanges, changesView, type ChangedPage } from './views/changes.js';
export { diffView } from './views/diff.js';
export { apiSearch, notFoundSuggestions, openSearchView, searchView, MAX_QUERY_CHARS, type SearchPageView } from './views/search.js';
export type { NavItem } from './views/sidebar.js';
export { historyView, type HistoryEntry } from './views/history.js';
export { apiLinks, linkReportOf, linksView, type PageLinkProblems } from './views/links.js';
export type { BrokenLink, LinkReport } from './link-report.js';
export { changesAnswerJsonSchema, linksAnswerJsonSchema, searchAnswerJsonSchema, siteConfigJsonSchema } from './schema.js';
export type { Logger } from './log.js';
