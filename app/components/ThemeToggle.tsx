import { Form, useLocation, useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '../root';

/**
 * Switches between light and dark with a plain form post (the server sets a cookie and sends
 * the reader back), so it works without JavaScript. CSS shows only the button that changes
 * something, whether the theme comes from the cookie or from `prefers-color-scheme`. None where the
 * site disables the switch (themeConfig.colorMode.disableSwitch).
 */
export function ThemeToggle() {
  const location = useLocation();
  if (useRouteLoaderData<typeof rootLoader>('root')?.themeSwitch === false) return null;
  return (
    <Form method="post" action="/_theme" className="theme-toggle" preventScrollReset>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="theme" value="dark" className="to-dark" aria-label="Switch to dark theme">
        Dark
      </button>
      <button type="submit" name="theme" value="light" className="to-light" aria-label="Switch to light theme">
        Light
      </button>
    </Form>
  );
}
