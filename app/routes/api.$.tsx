import { apiJson, HttpError } from '~/lib/site.server';

/** Unknown API paths answer with a problem document, not an HTML page. */
export const loader = () =>
  apiJson(() => {
    throw new HttpError(404, 'Not found', 'No API endpoint at this address; see /api/versions.');
  });
