import { useEffect, type RefObject } from 'react';

// Mermaid diagrams are sent as their source (`<pre class="mermaid">`), which is what readers see
// without JavaScript and in lite mode. With JavaScript, a page that has one loads mermaid on demand
// (its own chunks, never part of other pages) and draws them. Diagram sources are untrusted: the
// `sandbox` security level draws each one inside a sandboxed iframe, where no script can reach the page.

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
        mermaid.initialize({ startOnLoad: false, securityLevel: 'sandbox', theme: dark ? 'dark' : 'default' });
        return mermaid.run({ nodes, suppressErrors: true });
      })
      // A diagram mermaid cannot draw keeps its source.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [root, html]);
}
