import { useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Highlighted } from './Highlighted';

/** One result as the search API sends it. */
interface Result {
  title: string;
  url: string;
  heading: string | null;
  breadcrumb: string[];
  snippet: { text: string; highlights: [number, number][] };
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'results'; results: Result[]; total: number; scope: string; stale: boolean } | { kind: 'error'; message: string };

/** How long typing pauses before a request (a fast typist sends one request, not ten). */
const DEBOUNCE_MS = 120;

/**
 * The instant search: a modal dialog (the browser's `<dialog>`, in the top layer, so the page
 * behind never moves) holding a WAI-ARIA combobox. Results come from the JSON API as the reader
 * types; the arrow keys move through them, Enter opens one (or the full search page when none is
 * chosen), Esc closes the dialog and the opener gets the focus back. `initial` gives the query it
 * opens with.
 */
export function SearchDialog({ api, action, initial, onClose }: { api: string; action: string; initial: () => string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Read when the dialog appears: what was typed while its code loaded is kept.
  const [query, setQuery] = useState(initial);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  useEffect(() => {
    const text = query.trim();
    setActive(-1);
    if (!text) return setState({ kind: 'idle' });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((previous) => (previous.kind === 'results' ? previous : { kind: 'loading' }));
      try {
        const url = new URL(api, window.location.href);
        url.searchParams.set('q', text);
        url.searchParams.set('limit', '8');
        const response = await fetch(url, { signal: controller.signal });
        const body = await response.json();
        if (!response.ok) return setState({ kind: 'error', message: body.detail ?? 'Search failed.' });
        setState({ kind: 'results', results: body.results, total: body.total, scope: body.scope, stale: body.stale });
      } catch (error) {
        if (!controller.signal.aborted) setState({ kind: 'error', message: `Search failed: ${(error as Error).message}` });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, api]);

  const results = state.kind === 'results' ? state.results : [];
  const fullSearch = `${action}?${new URLSearchParams({ q: query.trim() })}`;
  // The modal closes first: the page behind is inert while it is open, so focus could not go back.
  const finish = () => {
    dialog.current?.close();
    onClose();
  };
  const go = (url: string) => {
    finish();
    navigate(url);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Handled here: in a search field Chromium spends the first Esc on clearing the text.
      event.preventDefault();
      finish();
    } else if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active >= 0 && results[active]) go(results[active].url);
      else if (query.trim()) go(fullSearch);
    }
  };

  return (
    // Esc fires the dialog's `cancel`: closing goes through onClose, which gives the focus back.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Esc is the keyboard's way out
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-label="Search the documentation"
      onCancel={(event) => {
        event.preventDefault();
        finish();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === dialog.current) finish();
      }}
    >
      <div className="search-dialog-panel">
        <div className="search-dialog-field">
          <label htmlFor={`${id}-input`} className="visually-hidden">
            Search
          </label>
          <input
            id={`${id}-input`}
            type="search"
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder="Search the documentation"
            autoComplete="off"
            maxLength={200}
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="search-dialog-close" onClick={finish}>
            Close
          </button>
        </div>
        <div id={listId} role="listbox" aria-label="Results" className="search-dialog-results">
          {results.map((result, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys (arrows, Enter) for the whole list
            <div
              key={result.url}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="search-dialog-option"
              onClick={() => go(result.url)}
              onMouseMove={() => setActive(index)}
            >
              <span className="search-dialog-title">
                {result.title}
                {result.heading ? <span className="search-dialog-heading"> › {result.heading}</span> : null}
              </span>
              {result.breadcrumb.length > 0 && <span className="search-dialog-crumbs">{result.breadcrumb.join(' › ')}</span>}
              <span className="search-dialog-snippet">
                <Highlighted snippet={result.snippet} />
              </span>
            </div>
          ))}
        </div>
        <p className="search-dialog-status" role="status" aria-live="polite">
          {state.kind === 'loading' && 'Searching…'}
          {state.kind === 'error' && state.message}
          {state.kind === 'results' && (state.total === 0 ? `No results in ${state.scope}.` : `${state.total} ${state.total === 1 ? 'page' : 'pages'} found in ${state.scope}.`)}
          {state.kind === 'results' && state.stale && ' The newest commit is still being indexed.'}
          {state.kind === 'idle' && 'Type to search. ↑ ↓ to choose, Enter to open, Esc to close.'}
        </p>
        {query.trim() && (
          <a
            className="search-dialog-all"
            href={fullSearch}
            onClick={(event) => {
              event.preventDefault();
              go(fullSearch);
            }}
          >
            See all results for “{query.trim()}”
          </a>
        )}
      </div>
    </dialog>
  );
}
