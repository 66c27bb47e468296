import type { ReactNode } from 'react';
import { useLocation } from '@remix-run/react';
import { DocsShell } from './DocsShell';
import { Sidebar, SidebarProblems } from './Sidebar';
import { VersionSwitcher } from './VersionSwitcher';
import { VersionBanner } from './VersionBanner';
import { AnnouncementBar } from './AnnouncementBar';
import { SearchForm } from './SearchForm';
import { shellForPage } from '~/lib/shell-page';
import type { SerializeFrom } from '@remix-run/node';
import type { shellView } from '~/lib/site.server';

/** The docs shell's loader data as the page receives it. */
export type ShellView = SerializeFrom<Awaited<ReturnType<typeof shellView>> & { origin: string }>;

/**
 * The docs shell (navbar, sidebar, banners, footer) from the shell view, kept across sidebar
 * navigations: its links follow the page on screen, whose `versions` say which lack it. `page` is
 * the page when no child route renders it (docs at the site root, whose `/` is the index route).
 */
export function DocsLayoutShell({ data, versions, page }: { data: ShellView; versions?: readonly { name: string; has: boolean }[]; page?: ReactNode }) {
  const shell = shellForPage(data, useLocation().pathname, versions);
  return (
    <DocsShell
      title={shell.title}
      home={shell.prefix}
      sections={shell.sections}
      switcher={<VersionSwitcher versions={shell.versions} links={shell.versionLinks} currentLabel={shell.switcherLabel} />}
      banner={<VersionBanner data={shell} />}
      announcement={<AnnouncementBar announcement={shell.announcement} />}
      search={<SearchForm links={shell.search} />}
      page={page}
    >
      {shell.sidebar && <Sidebar html={shell.sidebar.html} label={shell.sidebar.label} />}
      <SidebarProblems intro="The sidebars have problems:" problems={shell.problems} />
    </DocsShell>
  );
}
