// The one URL grammar of the site (docs/decisions/007-url-module.md): every request path is parsed
// here, once, into what it addresses, and every URL the site emits is built here. Cache policy,
// metric labels, the load context and the loaders all read the parsed Route. A leaf module: it
// imports nothing from the rest of server/, so every layer may use it.
export * from './urls/route.js';
export * from './urls/parse.js';
export * from './urls/build.js';
export { FEED_FILES, FEED_STYLESHEETS } from './urls/reserved.js';
