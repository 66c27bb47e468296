import { useEffect } from 'react';
import { useThemeStrings } from '../lib/theme-strings';
import type { VersionBanner as Banner } from '../../server/site/index.js';

/** What the banners need from the docs shell's loader (shellView). */
export interface VersionBannerData {
  title: string;
  kind: 'commit' | 'version' | 'branch';
  commit: string;
  branch: string | null;
  version: { name: string; label: string; banner: Banner; badge?: boolean } | null;
  lastVersion: { label: string; href: string };
  /** On a branch preview: the list of what the branch changed. */
  changes?: string | null;
  missing: string | null;
  /** `docsite preview`: the folder shown, uncommitted work included, and where saves are announced. */
  workingTree: { folder: string; events: string } | null;
}

/**
 * The notes above a page: an unreleased or unmaintained version (with a link to the same page
 * in the last version), a local preview of a working tree, a branch preview or a commit permalink (naming the branch and commit),
 * and the version switcher's "page not in this version" note.
 */
export function VersionBanner({ data }: { data: VersionBannerData }) {
  useLiveReload(data.workingTree?.events, data.commit);
  const { t } = useThemeStrings();
  // Docusaurus's sentence after either banner: the same page in the last version.
  const suggestion = () =>
    t('theme.docs.versions.latestVersionSuggestionLabel', {
      versionLabel: data.lastVersion.label,
      latestVersionLink: (
        <strong>
          <a href={data.lastVersion.href}>{t('theme.docs.versions.latestVersionLinkLabel')}</a>
        </strong>
      ),
    });
  const short = data.commit.slice(0, 7);
  const notes: React.ReactNode[] = [];
  if (data.missing) {
    notes.push(
      <>
        The page <code>{data.missing}</code> does not exist in {data.version?.label ?? 'this version'}; this is the version&apos;s home.
      </>,
    );
  }
  if (data.workingTree) {
    notes.push(
      <>
        Local preview of <code>{data.workingTree.folder}</code>, uncommitted changes included. Pages reload when a file is saved.
      </>,
    );
  } else if (data.kind === 'branch') {
    notes.push(
      <>
        Preview of branch <strong>{data.branch}</strong> at commit <code>{short}</code>. {data.changes && <a href={data.changes}>What this branch changed</a>}
        {data.changes && ' · '}
        <a href={data.lastVersion.href}>Read the published version</a>.
      </>,
    );
  } else if (data.kind === 'commit') {
    notes.push(
      <>
        You are reading the documentation as of commit <code>{short}</code>. <a href={data.lastVersion.href}>Read the latest version</a>.
      </>,
    );
  } else if (data.version?.banner === 'unreleased') {
    notes.push(
      <>
        {t('theme.docs.versions.unreleasedVersionLabel', { siteTitle: data.title, versionLabel: <strong>{data.version.label}</strong> })} {suggestion()}
      </>,
    );
  } else if (data.version?.banner === 'unmaintained') {
    notes.push(
      <>
        {t('theme.docs.versions.unmaintainedVersionLabel', { siteTitle: data.title, versionLabel: <strong>{data.version.label}</strong> })} {suggestion()}
      </>,
    );
  }
  // Docusaurus's badge ("Version: 5.2") above every page of an instance with several versions.
  const badge = data.version?.badge ? <p className="version-badge">{t('theme.docs.versionBadge.label', { versionLabel: data.version.label })}</p> : null;
  if (notes.length === 0 && !badge) return null;
  return (
    // A landmark of its own: content outside every landmark is missed by screen-reader users (axe `region`).
    <aside className={notes.length ? 'version-banner' : 'version-badge-only'} aria-label="About this version">
      {badge}
      {notes.map((note, index) => (
        <p key={index}>{note}</p>
      ))}
    </aside>
  );
}

/**
 * `docsite preview`: reloads the page when the server says the working tree was committed anew
 * (a file was saved). The stream names the current commit on connect too, so a save made while
 * the page loaded is not missed.
 */
function useLiveReload(events: string | undefined, commit: string) {
  useEffect(() => {
    if (!events) return;
    const source = new EventSource(events);
    source.onmessage = (message) => {
      if (message.data !== commit) window.location.reload();
    };
    return () => source.close();
  }, [events, commit]);
}
