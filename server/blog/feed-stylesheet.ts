// A blog's XML feeds made readable in a browser (Docusaurus's `feedOptions.xslt`, off by default):
// the feed names an XSLT stylesheet, `rss.xsl` or `atom.xsl` beside it, that the browser applies.
// docsite serves its own stylesheet under both names, never one from the repository: XSLT is code
// that runs in the reader's browser on this site's origin, and a branch may come from a stranger.
// It shows titles, dates and summaries as text (no output escaping is disabled), so a post's HTML
// is never turned into markup here.
import { FEED_STYLESHEETS } from '../urls.js';
import type { BlogOptions } from './blog-options.js';

/** The stylesheet an XML feed of this blog names, if its `feedOptions.xslt` asks for one. */
export function feedStylesheetOf(options: BlogOptions, kind: 'rss' | 'atom' | 'json'): string | undefined {
  const { xslt } = options.feedOptions;
  if (kind === 'json' || !xslt) return undefined;
  return xslt === true || (typeof xslt === 'object' && xslt[kind]) ? FEED_STYLESHEETS[kind] : undefined;
}

/** An XML feed with its stylesheet named right after the XML declaration, where Docusaurus puts it. */
export function withStylesheet(xml: string, href: string): string {
  const declaration = /^<\?xml[^>]*\?>/.exec(xml)?.[0] ?? '';
  return `${declaration}<?xml-stylesheet type="text/xsl" href="${href}"?>${xml.slice(declaration.length)}`;
}

/** docsite's stylesheet for RSS 2.0 and Atom feeds: the feed's title, what a feed is, and its entries linked. */
export const FEED_XSL = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:atom="http://www.w3.org/2005/Atom">
  <xsl:output method="html" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <xsl:variable name="title" select="rss/channel/title | atom:feed/atom:title"/>
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>Feed: <xsl:value-of select="$title"/></title>
        <style>
          :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
          body { margin: 0 auto; max-width: 46rem; padding: 1.5rem 1rem; }
          .about { border: 1px solid; border-radius: 0.5rem; padding: 0.5rem 1rem; }
          li { margin: 1.25rem 0; }
          time { display: block; opacity: 0.8; }
        </style>
      </head>
      <body>
        <h1><xsl:value-of select="$title"/></h1>
        <p class="about">This is a feed. Copy this page's address into a feed reader to follow new posts.</p>
        <p><xsl:value-of select="rss/channel/description | atom:feed/atom:subtitle"/></p>
        <p><a href="{rss/channel/link | atom:feed/atom:link[not(@rel) or @rel='alternate']/@href}">Go to the blog</a></p>
        <ul>
          <xsl:for-each select="rss/channel/item | atom:feed/atom:entry">
            <li>
              <a href="{link | atom:link[not(@rel) or @rel='alternate']/@href}"><xsl:value-of select="title | atom:title"/></a>
              <time><xsl:value-of select="pubDate | atom:updated"/></time>
              <xsl:value-of select="description | atom:summary"/>
            </li>
          </xsl:for-each>
        </ul>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
`;
