// Lite mode: the page with no JavaScript at all, for slow devices and networks. Everything works
// without script (docs/decisions/014-lite-mode.md), so lite is a request variant like the theme:
// the HTTP adapter puts it in the ETag and `Vary`, and the page cache in its key.

/** The cookie the footer's control sets: `on` or `off`, the reader's explicit choice. */
export const LITE_COOKIE = 'lite';

/** The request headers lite mode reads, for `Vary`. `ECT` is a client hint, asked for with `Accept-CH`. */
export const LITE_HEADERS = ['Save-Data', 'ECT'] as const;

/** Request headers as Node (lower-case record) or the fetch API (`Headers`) gives them. */
type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * True when the request asks for the zero-JavaScript page: `?lite=1` (or `?lite=0` against it),
 * else the reader's cookie, else `Save-Data: on` or a slow connection hint (`ECT: slow-2g`/`2g`).
 * An explicit choice wins over the hints, so a reader on a slow network may still choose scripts.
 */
export function liteRequested(headers: HeaderSource, search?: URLSearchParams): boolean {
  const query = search?.get('lite');
  if (query !== null && query !== undefined) return query !== '0' && query !== 'off';
  const cookie = new RegExp(`(?:^|;\\s*)${LITE_COOKIE}=(on|off)(?:;|$)`).exec(header(headers, 'cookie'))?.[1];
  if (cookie) return cookie === 'on';
  return /^\s*on\s*$/i.test(header(headers, 'save-data')) || /^\s*(slow-2g|2g)\s*$/i.test(header(headers, 'ect'));
}

/** The Set-Cookie header of the reader's lite choice (`on`/`off`); anything else clears it. */
export function liteCookie(choice: unknown): string {
  if (choice === 'on' || choice === 'off') return `${LITE_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return `${LITE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function header(headers: HeaderSource, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return (Array.isArray(value) ? value.join(', ') : value) ?? '';
}
