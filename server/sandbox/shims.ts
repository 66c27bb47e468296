// The packages a site's components expect, as the sandbox gives them: docsite's own React (its
// production build, bundled once per process with esbuild) and shims of `@docusaurus/*`, `@theme/*`
// and `@mdx-js/react` that render what docsite's own components render (the same elements and
// classes). What the browser alone can do degrades to its server output, as with JavaScript off.
// Parts the host finishes are placeholder elements: `docsite-children` (the page's JSX children),
// `docsite-markdown` (a `.md`/`.mdx` module, rendered by docsite's Markdown pipeline),
// `docsite-code` (a highlighted code block) and `docsite-doc-cards` (DocCardList). The script is
// loaded into an evaluation only when its code first requires one of these packages, so an
// evaluation of a config or sidebars file never pays for React. The text below runs in QuickJS.
import { bundleScript } from './bundle-script.js';

const SHIMS = String.raw`
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToString, renderToStaticMarkup } from 'react-dom/server.browser';
const h = React.createElement;
let site = { baseUrl: '/', title: '', url: '', permalink: '/', island: 0 };
let tabGroups = 0;

const clsx = (...args) => args.flatMap((arg) => !arg ? [] : typeof arg === 'string' || typeof arg === 'number' ? [String(arg)] : Array.isArray(arg) ? [clsx(...arg)] : typeof arg === 'object' ? Object.keys(arg).filter((key) => arg[key]) : []).filter(Boolean).join(' ');
const hasProtocol = (url) => /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url) || /^(mailto|tel|data|javascript):/i.test(url);
const isInternalUrl = (url) => !!url && !hasProtocol(url);
const withBaseUrl = (url, options = {}) => { if (!url || !isInternalUrl(url) || url.startsWith('#') || !url.startsWith('/') || options.absolute) return url; return site.baseUrl.replace(/\/$/, '') + url; };
const textOf = (node) => node == null || typeof node === 'boolean' ? '' : Array.isArray(node) ? node.map(textOf).join('') : typeof node === 'object' ? textOf(node.props && node.props.children) : String(node);
const Passthrough = ({ children }) => h(React.Fragment, null, children);
const Nothing = () => null;

const Link = ({ to, href, children, className, title, id, target, rel, style, 'aria-label': ariaLabel }) => h('a', { href: withBaseUrl(to ?? href), className, title, id, target, rel, style, 'aria-label': ariaLabel }, children);
const Admonition = ({ type = 'note', title, children, icon: _icon }) => h('div', { className: 'admonition admonition-' + type + ' theme-admonition theme-admonition-' + type }, h('div', { className: title ? 'admonition-heading' : 'admonition-heading admonition-heading--default' }, title ?? type), h('div', { className: 'admonition-content' }, children));
const CodeBlock = ({ children, language, className, title, showLineNumbers }) => h('docsite-code', { 'data-language': language ?? (/language-(\S+)/.exec(className || '') || [])[1], 'data-title': title, 'data-line-numbers': showLineNumbers ? 'true' : undefined }, textOf(children));
const Details = ({ summary, children, open, className }) => h('details', { open, className }, summary == null ? h('summary', null, 'Details') : React.isValidElement(summary) && summary.type === 'summary' ? summary : h('summary', null, summary), children);
const TabItem = ({ children }) => h('div', { className: 'tabs__panel tabs__panel--alone' }, children);
const Tabs = ({ children, groupId, queryString }) => {
  const items = React.Children.toArray(children).filter((child) => React.isValidElement(child));
  const group = 'tabs-island-' + site.island + '-' + (++tabGroups);
  const selected = Math.max(0, items.findIndex((item) => item.props.default));
  const parts = items.flatMap((item, index) => {
    const id = group + '-' + index;
    const value = String(item.props.value ?? item.props.label ?? index);
    return [h('input', { key: 'i' + index, type: 'radio', name: group, id, value, className: 'tabs__radio', defaultChecked: index === selected }), h('label', { key: 'l' + index, htmlFor: id, className: 'tabs__label' }, item.props.label ?? item.props.value ?? 'Tab ' + (index + 1)), h('div', { key: 'p' + index, className: 'tabs__panel' }, item.props.children)];
  });
  return h('div', { className: 'tabs', 'data-group-id': groupId, 'data-query-string': queryString === true ? groupId : queryString || undefined }, parts);
};
const DocCardList = () => h('docsite-doc-cards');
const BrowserOnly = ({ fallback }) => fallback ?? null;
// Docusaurus's <Layout> and <Head>: placeholders the host reads (page-layout.ts); the frame around the page is docsite's.
const Layout = ({ children, title, description, wrapperClassName, noFooter }) => h('docsite-layout', { 'data-title': title, 'data-description': description, 'data-wrapper-class-name': wrapperClassName, 'data-no-footer': noFooter ? 'true' : undefined }, children);
const Head = ({ children }) => h('docsite-head', null, children);
// The default locale's code translations (i18n/{locale}/code.json), as Docusaurus's <Translate> and translate() read them.
const interpolate = (text, values) => !values ? text : String(text).replace(/\{(\w+)\}/g, (whole, key) => values[key] !== undefined && (typeof values[key] !== 'object') ? String(values[key]) : whole);
const translated = (id, message) => { const known = id !== undefined && Object.prototype.hasOwnProperty.call(site.translations || {}, id) ? site.translations[id] : undefined; return known ?? message ?? id ?? ''; };
const Translate = ({ children, id, values }) => {
  const text = typeof children === 'string' ? children : undefined;
  const message = translated(id ?? text, text);
  if (!values || !Object.values(values).some((value) => value !== null && typeof value === 'object')) return h(React.Fragment, null, interpolate(message, values));
  // Elements as values (<Translate values={{link: <Link/>}}>) are placed where their name is.
  return h(React.Fragment, null, String(message).split(/(\{\w+\})/).map((part, index) => { const key = /^\{(\w+)\}$/.exec(part); return key && values[key[1]] !== undefined ? h(React.Fragment, { key: index }, values[key[1]]) : part; }));
};
const translate = ({ message, id } = {}, values) => interpolate(translated(id ?? message, message), values);
const ThemedImage = ({ sources = {}, alt, className, width, height }) => h('img', { src: sources[colorMode().colorMode] ?? sources.light ?? sources.dark, alt, className, width, height });
const IdealImage = ({ img, alt, className, width, height }) => { const source = img && typeof img === 'object' ? (img.src && typeof img.src === 'object' ? img.src.src : img.src ?? img.default) : img; return h('img', { src: source, alt, className, width, height, loading: 'lazy' }); };
const siteConfig = () => ({ baseUrl: site.baseUrl, title: site.title, url: site.url, tagline: '', customFields: {}, themeConfig: {}, presets: [], plugins: [], i18n: { defaultLocale: 'en', locales: ['en'] }, ...site.siteConfig });
const context = () => ({ siteConfig: siteConfig(), siteMetadata: { docusaurusVersion: '3' }, globalData: {}, i18n: { currentLocale: site.locale || 'en', defaultLocale: site.locale || 'en', locales: [site.locale || 'en'], localeConfigs: {} }, codeTranslations: site.translations || {} });
const location = () => ({ pathname: site.permalink, search: '', hash: '', state: undefined });
const history = () => ({ push: () => {}, replace: () => {}, location: location(), listen: () => () => {} });
// As in Docusaurus's server render: the mode of the page's HTML is the config's defaultMode (the browser's choice comes after).
const colorMode = () => {
  const mode = siteConfig().themeConfig?.colorMode?.defaultMode === 'dark' ? 'dark' : 'light';
  return { colorMode: mode, setColorMode: () => {}, isDarkTheme: mode === 'dark', setLightTheme: () => {}, setDarkTheme: () => {} };
};
const esModule = (fallback, named) => ({ __esModule: true, default: fallback, ...named });
// The docs plugin's client API: each docs instance's versions as the default commit has them (Docusaurus's global data).
const docsData = (id = 'default') => (site.docs || []).find((plugin) => plugin.id === id) ?? (site.docs || [])[0] ?? { id, path: '/', versions: [] };
const latestVersion = (id) => docsData(id).versions.find((version) => version.isLast) ?? docsData(id).versions[0];
const docsClient = () => ({ useAllDocsData: () => Object.fromEntries((site.docs || []).map((plugin) => [plugin.id, plugin])), useDocsData: docsData, useVersions: (id) => docsData(id).versions, useLatestVersion: latestVersion, useActiveVersion: () => undefined, useActivePlugin: () => undefined, useActivePluginAndVersion: () => undefined, useActiveDocContext: (id) => ({ activeVersion: undefined, activeDoc: undefined, alternateDocVersions: {} }), useDocVersionSuggestions: () => ({ latestDocSuggestion: undefined, latestVersionSuggestion: latestVersion() }) });
const router = () => ({ useLocation: location, useHistory: history, useParams: () => ({}), useRouteMatch: () => ({ path: site.permalink, url: site.permalink, isExact: true, params: {} }), matchPath: () => null, Redirect: Nothing, Link, NavLink: Link, withRouter: (component) => component });

const modules = {
  react: () => ({ ...React, default: React }),
  'react/jsx-runtime': () => jsxRuntime,
  'react/jsx-dev-runtime': () => ({ ...jsxRuntime, jsxDEV: jsxRuntime.jsx }),
  'react-dom/server': () => ({ renderToString, renderToStaticMarkup }),
  '@mdx-js/react': () => ({ MDXProvider: Passthrough, useMDXComponents: (components) => ({ ...(typeof components === 'function' ? components({}) : components) }) }),
  clsx: () => esModule(clsx, { clsx }),
  '@docusaurus/Link': () => esModule(Link),
  '@docusaurus/Head': () => esModule(Head),
  '@docusaurus/BrowserOnly': () => esModule(BrowserOnly),
  '@docusaurus/Translate': () => esModule(Translate, { translate }),
  '@docusaurus/Interpolate': () => esModule(Passthrough),
  '@docusaurus/useBaseUrl': () => esModule((url, options) => withBaseUrl(url, options), { useBaseUrlUtils: () => ({ withBaseUrl }) }),
  '@docusaurus/useDocusaurusContext': () => esModule(context),
  '@docusaurus/useIsBrowser': () => esModule(() => false),
  '@docusaurus/isInternalUrl': () => esModule(isInternalUrl, { hasProtocol }),
  '@docusaurus/ExecutionEnvironment': () => esModule({ canUseDOM: false, canUseEventListeners: false, canUseIntersectionObserver: false, canUseViewport: false }),
  '@docusaurus/router': router,
  'react-router': router,
  'react-router-dom': router,
  '@docusaurus/useGlobalData': () => esModule(() => ({}), { usePluginData: () => undefined, useAllPluginInstancesData: () => ({}) }),
  '@docusaurus/plugin-content-docs/client': docsClient,
  '@docusaurus/theme-common/internal': () => ({ useColorMode: colorMode, useThemeConfig: () => siteConfig().themeConfig || {} }),
  '@theme/Layout': () => esModule(Layout),
  '@theme/ThemedImage': () => esModule(ThemedImage),
  '@theme/IdealImage': () => esModule(IdealImage),
  '@docusaurus/theme-common': () => ({ useColorMode: colorMode, useThemeConfig: () => siteConfig().themeConfig || {}, ThemeClassNames: { docs: {}, common: {} }, usePluralForm: () => ({ selectMessage: (count, message) => String(message).split('|')[count === 1 ? 0 : 1] ?? message }) }),
  '@theme/Tabs': () => esModule(Tabs),
  '@theme/TabItem': () => esModule(TabItem),
  '@theme/Admonition': () => esModule(Admonition),
  '@theme/CodeBlock': () => esModule(CodeBlock),
  '@theme/Details': () => esModule(Details),
  '@theme/DocCardList': () => esModule(DocCardList),
  '@theme/Heading': () => esModule(({ as = 'h2', ...props }) => h(as, props)),
  '@theme/MDXComponents': () => esModule({ a: Link, pre: 'pre', code: 'code', details: Details, Details, Tabs, TabItem, Admonition, CodeBlock }),
};
const loaded = new Map();

/** The shim module of a package name: a known one, or (@theme/X) one that renders its children. */
export function shim(name) {
  if (!loaded.has(name)) {
    const make = Object.prototype.hasOwnProperty.call(modules, name) ? modules[name] : /^@theme(-original)?\//.test(name) ? () => esModule(Passthrough) : () => ({});
    loaded.set(name, make());
  }
  return loaded.get(name);
}

/** An export of a module as an ES import sees it. */
const exported = (module, name) => name === 'default' ? (module && module.__esModule ? module.default : module) : module && module[name];

/** Props with page imports (\`{$import}\`) loaded; children become the host's placeholder. */
const propsOf = (spec, load) => {
  const component = (ref) => exported(load(ref.specifier, spec.from), ref.name);
  // An element given as a prop (extraDescription={<Description />}) is made here, with docsite React.
  const revive = (value) => Array.isArray(value) ? value.map(revive) : value && typeof value === 'object' ? (value.$import ? component(value.$import) : value.$element ? h(component(value.$element.$import), revive(value.$element.props)) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]))) : value;
  const props = revive(spec.props);
  if (spec.children) props.children = h('docsite-children');
  return props;
};

/** Renders each island to HTML with renderToString (an island that throws gives its error instead), telling the host of each as it finishes. */
export function islands(specs, load, options, report) {
  site = { ...site, ...options };
  return specs.map((spec, index) => {
    site.island = index;
    tabGroups = 0;
    let result;
    try {
      const component = exported(load(spec.specifier, spec.from), spec.name);
      if (typeof component !== 'function' && !(component && typeof component === 'object' && component.$$typeof)) throw new TypeError(spec.specifier + ' has no component "' + spec.name + '"');
      result = { html: renderToString(h(component, propsOf(spec, load))) };
    } catch (error) {
      result = { error: String(error && error.message || error), stack: String(error && error.stack || '') };
    }
    report(index, result);
    return result;
  });
}
`;

/** The shims' script, built once per process from docsite's own React. */
let bundled: Promise<string> | undefined;

/** The script that defines the shims inside QuickJS (a CommonJS module exporting `shim` and `islands`). */
export function shimsScript(): Promise<string> {
  bundled ??= bundleScript(SHIMS, 'docsite-shims.js', 'react/package.json', {
    format: 'cjs',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return bundled;
}
