import type { RefObject } from 'react';
import { useCodeCopy } from './code-copy';
import { useImageZoom } from './image-zoom';
import { useMermaid } from './mermaid';
import { useTabs } from './tabs';

// What script adds to an article's server-rendered HTML, on docs pages and blog posts alike: each a
// progressive enhancement (without JavaScript or in lite mode, the HTML reads as it is).

/** Copy buttons on code, zoomable images, Mermaid diagrams drawn and tabs that switch, inside `root`; `html` is the article's HTML, whose change brings new blocks. */
export function useArticleScripts(root: RefObject<HTMLElement>, html: string): void {
  useCodeCopy(root, html);
  useImageZoom(root);
  useMermaid(root, html);
  useTabs(root, html);
}
