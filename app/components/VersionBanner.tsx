/** What the banners need from the docs shell's loader (shellView). */
export interface VersionBannerData {
  title: string;
  kind: 'commit' | 'version' | 'branch';
  commit: string;
  branch: string | null;
  version: { name: string; label: string; banner: 'none' | 'unreleased' | 'unmaintained' } | null;
  lastVersion: { label: string; href: string };
  missing: string | null;
}

/**
 * The notes above a page: an unreleased or unmaintained version (with a link to the same page
 * in the last version), a branch preview or a commit permalink (naming the branch and commit),
 * and the version switcher's "page not in this version" note.
 */
export function VersionBanner({ data }: { data: VersionBannerData }) {
  const short = data.commit.slice(0, 7);
  const notes: React.ReactNode[] = [];
  if (data.missing) {
    notes.push(
      <>
        The page <code>{data.missing}</code> does not exist in {data.version?.label ?? 'this version'}; this is the version&apos;s home.
      </>,
    );
  }
  if (data.kind === 'branch') {
    notes.push(
      <>
        Preview of branch <strong>{data.branch}</strong> at commit <code>{short}</code>. <a href={data.lastVersion.href}>Read the published version</a>.
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
        This is unreleased documentation for {data.title} <strong>{data.version.label}</strong>. For the latest released documentation, see{' '}
        <a href={data.lastVersion.href}>{data.lastVersion.label}</a>.
      </>,
    );
  } else if (data.version?.banner === 'unmaintained') {
    notes.push(
      <>
        This is documentation for {data.title} <strong>{data.version.label}</strong>, which is no longer actively maintained. For up-to-date documentation, see{' '}
        <a href={data.lastVersion.href}>{data.lastVersion.label}</a>.
      </>,
    );
  }
  if (notes.length === 0) return null;
  return (
    // A landmark of its own: content outside every landmark is missed by screen-reader users (axe `region`).
    <aside className="version-banner" aria-label="About this version">
      {notes.map((note, index) => (
        <p key={index}>{note}</p>
      ))}
    </aside>
  );
}
