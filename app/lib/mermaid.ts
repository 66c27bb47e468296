import { useEffect, type RefObject } from 'react';

// Mermaid diagrams are sent as their source (`<pre class="mermaid">`), which is what readers see
// without JavaScript and in lite mode. With JavaScript, a page that has one loads mermaid on demand
// (its own chunks, never part of other pages) and draws them. Diagram sources are untrusted: the
// `sandbox` security level draws each one inside a sandboxed iframe, where no script can reach the page.

/** mermaid's themes. */
const THEMES = ['default', 'neutral', 'dark', 'forest', 'base'];
type Theme = 'default' | 'neutral' | 'dark' | 'forest' | 'base';

/** Draws the mermaid diagrams inside `root`, loading mermaid only when there is one. */
export function useMermaid(root: RefObject<HTMLElement>, html: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new article HTML may have new diagrams
  useEffect(() => {
    const nodes = [...(root.current?.querySelectorAll<HTMLElement>('pre.mermaid:not([data-processed])') ?? [])];
    if (nodes.length === 0) return;
    let cancelled = false;
    import('mermaid')
      .then(({ default: mermaid }) => {
        if (cancelled) return;
        const dark = getComputedStyle(document.documentElement).colorScheme === 'dark';
        // The site's themes (themeConfig.mermaid.theme), written on each diagram by the server.
        const named = dark ? nodes[0].dataset.dark : nodes[0].dataset.light;
        const theme = named && THEMES.includes(named) ? (named as Theme) : dark ? 'dark' : 'default';
        mermaid.initialize({ startOnLoad: false, securityLevel: 'sandbox', theme });
        return mermaid.run({ nodes, suppressErrors: true });
      })
      // A diagram mermaid cannot draw keeps its source.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [root, html]);
}
