import { ErrorMessage } from '~/root';

/** A page that could not be shown, inside the docs shell so the reader can still navigate. */
export function PageError() {
  return (
    <main className="error-page" id="main">
      <ErrorMessage />
    </main>
  );
}
