import { Link } from '@remix-run/react';
import { useBrand, useTheme } from '~/lib/brand';

type Logo = NonNullable<NonNullable<ReturnType<typeof useBrand>>['logo']>;

/**
 * The logo in the reader's theme: the chosen theme's file, else both to the browser, which loads
 * only the one `prefers-color-scheme` picks (hiding an <img> with CSS would still load it).
 */
function NavbarLogo({ logo }: { logo: Logo }) {
  const theme = useTheme();
  const image = (src: string) => <img className="navbar-logo" src={src} alt={logo.alt} width={logo.width ?? undefined} height={logo.height} />;
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
    <Link to={home} className="navbar-brand" title={brand?.siteTitle ?? title} aria-label={unnamed ? (brand?.siteTitle ?? title) : undefined}>
      {logo && <NavbarLogo logo={logo} />}
      {text && <span className="navbar-title">{text}</span>}
    </Link>
  );
}
