import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../../config/site-config.js';
import { brandOf } from './brand.js';

const UPSTREAM = `
title: Moodle Developer Resources
tagline: Nurturing Moodle Developers
navbar:
  title: ""
  logo: { src: img/Moodle.svg, alt: "", width: 138px, height: "35px" }
colors:
  primary: "#bd5b00"
  darkMode: { primary: "#f4963e" }
fonts:
  - family: Open Sans
    use: text
    files:
      - { src: "font/OpenSans-VariableFont_wdth,wght.woff2", weight: "300 800" }
      - { src: "font/OpenSans-Italic-VariableFont_wdth,wght.woff2", weight: "300 800", style: italic }
  - { family: DM Serif Display, use: title, files: [{ src: font/DMSerifDisplay-Regular.woff2 }] }
footer:
  style: dark
  links:
    - title: Docs
      items:
        - { label: Code of conduct, to: general/documentation/code-of-conduct }
        - { label: User docs, href: "https://docs.moodle.org/" }
        - { label: Trap, href: "javascript:alert(1)" }
  copyright: 'Copyright © Moodle <script>alert(1)</script><a href="javascript:x()" onclick="y()">Ltd</a>'
`;

describe('the brand of a configuration', () => {
  const brand = brandOf(parseSiteConfig(UPSTREAM), false);

  it("reads Docusaurus's navbar logo and title: sizes in px, a logo alone named by the site title", () => {
    expect(brand.navbarTitle).toBe('');
    expect(brand.logo).toEqual({ src: '/img/Moodle.svg', srcDark: null, alt: '', width: 138, height: 35, href: null });
    expect(brand.siteTitle).toBe('Moodle Developer Resources');
    expect(brand.tagline).toBe('Nurturing Moodle Developers');
    // With no alt given and no navbar title, the logo names the site.
    expect(brandOf(parseSiteConfig('title: Docs\nnavbar: { title: "", logo: { src: /img/l.png } }\n'), false).logo).toMatchObject({ src: '/img/l.png', alt: 'Docs', height: 32 });
    expect(brandOf(parseSiteConfig('title: Docs\nnavbar: { logo: { src: img/l.png } }\n'), false)).toMatchObject({ navbarTitle: 'Docs', logo: { alt: '' } });
  });

  it('writes the palette as custom properties for light, chosen dark and system dark', () => {
    expect(brand.css).toContain(':root { --primary: #bd5b00; --primary-dark: #aa5200;');
    expect(brand.css).toContain(':root[data-theme="dark"] { --primary: #f4963e;');
    expect(brand.css).toContain('@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { --primary: #f4963e;');
    expect(brand.themeColor).toBe('#bd5b00');
  });

  it('declares the fonts with font-display: swap, used from 997 px up, and preloads the first screen normal style only', () => {
    expect(brand.css).toContain(
      '@font-face { font-family: "Open Sans"; src: url("/font/OpenSans-VariableFont_wdth%2Cwght.woff2") format("woff2"); font-weight: 300 800; font-style: normal; font-display: swap; }',
    );
    expect(brand.css).toContain('@media (min-width: 997px) { :root { font-family: "Open Sans", system-ui,');
    expect(brand.css).toContain('.home-title { font-family: "DM Serif Display", system-ui,');
    expect(brand.preloads).toEqual([
      { href: '/font/OpenSans-VariableFont_wdth%2Cwght.woff2', type: 'font/woff2', media: '(min-width: 997px)', homeOnly: false },
      { href: '/font/DMSerifDisplay-Regular.woff2', type: 'font/woff2', media: '(min-width: 997px)', homeOnly: true },
    ]);
    expect(brand.brandFont).toBe(true);
  });

  it('keeps system fonts in lite mode: no @font-face, no preload; the colours stay', () => {
    const lite = brandOf(parseSiteConfig(UPSTREAM), true);
    expect(lite.css).not.toContain('font');
    expect(lite.css).toContain('--primary: #bd5b00;');
    expect(lite.preloads).toEqual([]);
    expect(lite.brandFont).toBe(false);
  });

  it('adds the leading / to site paths, drops unsafe links and sanitizes the copyright', () => {
    expect(brand.footer.style).toBe('dark');
    expect(brand.footer.columns).toEqual([
      {
        title: 'Docs',
        links: [
          { label: 'Code of conduct', href: '/general/documentation/code-of-conduct', external: false },
          { label: 'User docs', href: 'https://docs.moodle.org/', external: true },
        ],
      },
    ]);
    expect(brand.footer.copyright).toContain('Copyright © Moodle');
    expect(brand.footer.copyright).not.toMatch(/script|javascript|onclick/);
  });

  it('sets nothing without brand keys: docsite’s colours and system fonts', () => {
    const plain = brandOf(parseSiteConfig('title: Docs\n'), false);
    expect(plain).toMatchObject({ css: '', preloads: [], logo: null, navbarTitle: 'Docs', brandFont: false, themeColor: '#0b5cb8' });
    expect(plain.footer).toEqual({ style: 'light', columns: [], copyright: null, logo: null });
  });

  it('refuses values that could break out of CSS or HTML: colours, families, paths, site links', () => {
    for (const bad of [
      'colors: { primary: "red" }',
      'colors: { primary: "#bd5b00; } body { display: none" }',
      'colors: { primary: "#bd5b0080" }',
      'fonts: [{ family: "Open Sans\\"; } *{x:y", use: text, files: [{ src: font/a.woff2 }] }]',
      'fonts: [{ family: Open Sans, use: text, files: [{ src: "font/a.woff2\\") url(evil" }] }]',
      'fonts: [{ family: Open Sans, use: text, files: [{ src: font/a.js }] }]',
      'navbar: { logo: { src: "javascript:alert(1)//x.svg" } }',
      'navbar: { logo: { src: "https://x.example/a.svg" onerror="x" } }',
      'navbar: { logo: { src: "//evil.example/logo.svg" } }',
      'footer: { links: [{ items: [{ label: x, to: "javascript:alert(1)" }] }] }',
      'footer: { links: [{ items: [{ label: x, to: "//evil.example" }] }] }',
    ]) {
      expect(() => parseSiteConfig(`title: Docs\n${bad}\n`), bad).toThrow();
    }
    // An image of another site, or a data: URI, is drawn as Docusaurus draws it: in an <img>, which runs no script.
    for (const src of ['https://cdn.example/logo.png', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=']) {
      expect(brandOf(parseSiteConfig(`title: Docs\nnavbar: { logo: { src: "${src}" } }\n`), false).logo?.src).toBe(src);
    }
  });
});
