import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useThemeStrings } from '../lib/theme-strings';

// The dialog's code is fetched when it first opens: a first visit does not download it.
const SearchDialog = lazy(() => import('./SearchDialog').then((module) => ({ default: module.SearchDialog })));

/** Where the form sends a search, and the JSON endpoint the instant search asks (its `q` is set as the reader types). */
export interface SearchLinks {
  action: string;
  api: string;
}

/**
 * The navbar's search: a plain GET form to the search page of the reader's version or branch,
 * which works without JavaScript. With JavaScript, `/` or Ctrl/Cmd+K (or a click in the field)
 * opens the instant search dialog instead; the form itself never changes, so nothing shifts.
 */
export function SearchForm({ links }: { links: SearchLinks }) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!shortcut && !slash) return;
      event.preventDefault();
      opener.current = document.activeElement;
      // What is typed while the dialog's code loads goes into the field, and the dialog starts from it.
      input.current?.focus();
      // With no instant search (a site of posts alone), the field is the search.
      if (links.api) setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [links.api]);

  const close = () => {
    setOpen(false);
    // Focus goes back to where the reader was when the dialog opened.
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };

  const search = useThemeStrings().text('theme.SearchBar.label');
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: React 18 does not know the <search> element; the role makes the same landmark */}
      <form role="search" aria-label={search} method="get" action={links.action} className="navbar-search">
        <label htmlFor="navbar-search-q" className="visually-hidden">
          Search the documentation
        </label>
        <input
          ref={input}
          id="navbar-search-q"
          type="search"
          name="q"
          placeholder={search}
          autoComplete="off"
          maxLength={200}
          enterKeyHint="search"
          onClick={() => {
            opener.current = input.current;
            if (links.api) setOpen(true);
          }}
        />
        <button type="submit">{search}</button>
      </form>
      {open && (
        <Suspense>
          <SearchDialog api={links.api} action={links.action} initial={() => input.current?.value ?? ''} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** True when a key press goes into a text field (`/` is then a character, not the shortcut). */
function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName));
}
