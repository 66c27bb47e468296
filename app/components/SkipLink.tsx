import { useThemeStrings } from '../lib/theme-strings';

/** The first element of every page: a link past the navbar to the page's main content, in the page's locale. */
export function SkipLink() {
  const { t } = useThemeStrings();
  return (
    <a className="skip-link" href="#main">
      {t('theme.common.skipToMainContent')}
    </a>
  );
}
