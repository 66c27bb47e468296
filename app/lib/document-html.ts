import { createContext, useContext, useState } from 'react';

// A document request sends the page's article HTML and its sidebar HTML once, in the HTML itself,
// instead of twice (in the HTML and again in the hydration data): decisions 005 and 013. The
// loaders leave them in the load context's `documentHtml` slot, the server entry passes them to
// the components through this context, and in the browser hydration reads them back from the DOM
// the server sent. Client navigations fetch loader data, which carries the HTML as usual.

/** The parts of a document whose HTML is sent once. */
export interface DocumentHtml {
  article?: string;
  sidebar?: string;
}

/** The document HTML being rendered on the server (empty elsewhere). */
export const DocumentHtmlContext = createContext<DocumentHtml>({});

/** The element id the article HTML is rendered into. */
export const ARTICLE_ID = 'article-body';
/** The element id the sidebar's list is rendered into. */
export const SIDEBAR_ID = 'sidebar-items';

const ELEMENT_IDS: Record<keyof DocumentHtml, string> = { article: ARTICLE_ID, sidebar: SIDEBAR_ID };

/** The HTML of one part: from loader data, else from the server entry, else from the DOM at hydration. */
export function useDocumentHtml(part: keyof DocumentHtml, fromLoader: string | undefined): string {
  const fromServer = useContext(DocumentHtmlContext)[part];
  const [fromDocument] = useState(() => (typeof document === 'undefined' ? undefined : document.getElementById(ELEMENT_IDS[part])?.innerHTML));
  return fromLoader ?? fromServer ?? fromDocument ?? '';
}
