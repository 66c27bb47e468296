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
