import { createContext, useContext, useState } from 'react';

// A document request sends the page's article HTML once, in the HTML itself, instead of twice (in
// the HTML and again in the hydration data). The server entry passes it to the page through this
// context; in the browser, hydration reads it back from the DOM the server sent. Client
// navigations fetch loader data, which carries the HTML as usual.

/** The article HTML of the document being rendered on the server (undefined elsewhere). */
export const ArticleHtmlContext = createContext<string | undefined>(undefined);

/** The element id the article HTML is rendered into. */
export const ARTICLE_ID = 'article-body';

/** The article HTML to render: from loader data, else from the server entry, else from the DOM at hydration. */
export function useArticleHtml(fromLoader: string | undefined): string {
  const fromServer = useContext(ArticleHtmlContext);
  const [fromDocument] = useState(() => (typeof document === 'undefined' ? undefined : document.getElementById(ARTICLE_ID)?.innerHTML));
  return fromLoader ?? fromServer ?? fromDocument ?? '';
}
