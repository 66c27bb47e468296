import { useEffect, type RefObject } from 'react';

// Tabs switch without JavaScript (radio inputs and CSS). With it, Docusaurus's two extras apply:
// tab sets with the same `groupId` switch together and remember the choice (localStorage, under
// Docusaurus's own key), and a set with `queryString` follows and updates `?{key}={value}`.

const storageKey = (groupId: string) => `docusaurus.tab.${groupId}`;

/** Applies the remembered and requested tabs inside `root`, and keeps groups and the query string in step. */
export function useTabs(root: RefObject<HTMLElement>, html: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new article HTML has new tab sets
  useEffect(() => {
    const article = root.current;
    if (!article) return;
    const query = new URLSearchParams(window.location.search);
    for (const tabs of article.querySelectorAll<HTMLElement>('.tabs[data-group-id], .tabs[data-query-string]')) {
      const { groupId, queryString } = tabs.dataset;
      const wanted = (queryString && query.get(queryString)) || (groupId && stored(groupId));
      if (wanted) select(tabs, wanted);
    }
    const onChange = (event: Event) => {
      const input = event.target as HTMLInputElement;
      const tabs = input.closest<HTMLElement>('.tabs');
      if (!input.classList.contains('tabs__radio') || !tabs) return;
      const { groupId, queryString } = tabs.dataset;
      if (groupId) {
        for (const other of article.querySelectorAll<HTMLElement>('.tabs[data-group-id]')) if (other.dataset.groupId === groupId) select(other, input.value);
        try {
          localStorage.setItem(storageKey(groupId), input.value);
        } catch {
          // Storage may be off: the groups still switch together on this page.
        }
      }
      if (queryString) {
        const url = new URL(window.location.href);
        url.searchParams.set(queryString, input.value);
        // The router's own history entry is kept (its state), only the address changes: no loader runs.
        window.history.replaceState(window.history.state, '', url);
      }
    };
    article.addEventListener('change', onChange);
    return () => article.removeEventListener('change', onChange);
  }, [root, html]);
}

/** Checks the tab of `value` in a tab set, if it has one. */
function select(tabs: HTMLElement, value: string): void {
  for (const input of tabs.querySelectorAll<HTMLInputElement>(':scope > .tabs__radio')) if (input.value === value) input.checked = true;
}

function stored(groupId: string): string | null {
  try {
    return localStorage.getItem(storageKey(groupId));
  } catch {
    return null;
  }
}
