/** The reader's chosen theme, or undefined to follow `prefers-color-scheme`. */
export type Theme = 'light' | 'dark' | undefined;

/** Reads the theme cookie of a request. */
export function themeOf(request: Request): Theme {
  const value = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  return value as Theme;
}

/** The Set-Cookie header for a chosen theme; anything else clears the choice. */
export function themeCookie(theme: unknown): string {
  if (theme === 'light' || theme === 'dark') return `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return 'theme=; Path=/; Max-Age=0; SameSite=Lax';
}

/**
 * Where to send the reader back to: `redirectTo` read as a URL against the site's own origin, kept
 * only when it stays on that origin (a browser drops tabs and newlines, so `/\t/evil.example` is
 * another host: parsing it as the browser will is the only safe check). Anything else goes home.
 */
export function sameSiteRedirect(redirectTo: unknown, requestUrl: string): string {
  const origin = new URL(requestUrl).origin;
  if (typeof redirectTo !== 'string' || !redirectTo.startsWith('/')) return '/';
  let target: URL;
  try {
    target = new URL(redirectTo, origin);
  } catch {
    return '/';
  }
  return target.origin === origin ? target.pathname + target.search + target.hash : '/';
}
