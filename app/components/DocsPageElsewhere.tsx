import type { SerializeFrom } from '@remix-run/node';
import type { docsPageElsewhere } from '~/lib/site.server';
import { DocsLayoutShell } from './DocsLayoutShell';
import { DocsPageOf } from '~/routes/$base.$';

/**
 * A docs page, with its shell, where a route other than the docs routes renders it (`/` for docs at
 * the site root, `/api/…` for docs at `api`); a blog's page as it is (it brings its own shell).
 */
export function DocsPageElsewhere({ data }: { data: SerializeFrom<typeof docsPageElsewhere> }) {
  const { page, shell } = data;
  if (!shell) return <DocsPageOf data={page} />;
  return <DocsLayoutShell data={shell} versions={page.kind === 'page' ? page.versions : undefined} page={<DocsPageOf data={page} />} />;
}
