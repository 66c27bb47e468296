import { Link } from '@remix-run/react';
import { useBrand, useTheme } from '~/lib/brand';

type Logo = NonNullable<NonNullable<ReturnType<typeof useBrand>>['logo']>;

/**
 * The logo in the reader's theme: the chosen theme's file, else both to the browser, which loads
 * only the one `prefers-color-scheme` picks (hiding an <img> with CSS would still load it).
 */
function NavbarLogo({ logo }: { logo: Logo }) {
  const theme = useTheme();
  // A size the config wrote as a CSS length (`'100%'`) is a style; pixels are attributes, reserved before the image loads.
  const css = (size: number | string | null) => (typeof size === 'string' ? size : undefined);
  const attribute = (size: number | string | null) => (typeof size === 'number' ? size : undefined);
  const style = css(logo.width) || css(logo.height) ? { width: css(logo.width), height: css(logo.height) } : undefined;
  const image = (src: string) => <img className="navbar-logo" src={src} alt={logo.alt} width={attribute(logo.width)} height={attribute(logo.height)} style={style} />;
  if (!logo.srcDark) return image(logo.src);
  if (theme) return image(theme === 'dark' ? logo.srcDark : logo.src);
  return (
    <picture>
      <source srcSet={logo.srcDark} media="(prefers-color-scheme: dark)" />
      {image(logo.src)}
    </picture>
  );
}

/**
 * The navbar's home link: the brand's logo and title (docsite.yaml `navbar.logo`, `navbar.title`),
 * else `title`. A logo alone with no text alternative is named by the site title.
 */
export function NavbarBrand({ title, home }: { title: string; home: string }) {
  const brand = useBrand();
  const text = brand ? brand.navbarTitle : title;
  const logo = brand?.logo;
  const unnamed = !text && !logo?.alt;
  return (
    <Link to={logo?.href ?? home} className="navbar-brand navbar__brand" title={brand?.siteTitle ?? title} aria-label={unnamed ? (brand?.siteTitle ?? title) : undefined}>
      {logo && <NavbarLogo logo={logo} />}
      {text && <span className="navbar-title navbar__title">{text}</span>}
    </Link>
  );
}
