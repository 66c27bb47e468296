import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';

/** The site's brand (server/site/views/brand.ts) as the root loader gives it; undefined when the root loader failed. */
export function useBrand() {
  return useRouteLoaderData<typeof rootLoader>('root')?.brand;
}

/** The reader's theme choice from the root loader (null: the system's preference). */
export function useTheme() {
  return useRouteLoaderData<typeof rootLoader>('root')?.theme ?? null;
}
