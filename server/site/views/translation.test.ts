// What a page of another locale says of its translation, and the page in every locale of the head and menu.
import { describe, expect, it } from 'vitest';
import type { Doc, DocSet } from '../../content/doc-set.js';
import { parseSiteConfig } from '../../config/site-config.js';
import { localizedConfig } from '../../config/locales.js';
import { translationNoticeHtml, translationStateOf } from './translation.js';
import { localeHead, localeLinks } from './locale-links.js';

const SITE = parseSiteConfig(JSON.stringify({ i18n: { defaultLocale: 'en', locales: ['en', 'he'], localeConfigs: { he: { label: 'עברית' } } } }));
const HE = localizedConfig(SITE, 'he');
const docSet = { locale: 'he', config: HE } as unknown as DocSet;
const opened = { docSet, href: (permalink: string) => permalink.replace('/he/docs', '/he/docs/~b') };
const doc = (fields: Partial<Doc>) => ({ permalink: '/he/docs/x', sourcePath: 'docs/x.md', ...fields }) as Doc;
const at = (day: string) => ({ time: Date.parse(`${day}T12:00:00Z`), author: 'A', oid: '0' });

describe('translation state', () => {
  it('says a page without translation is not translated, linking the original on the same ref', () => {
    const state = translationStateOf(opened, doc({}), new Map());
    expect(state).toMatchObject({ kind: 'untranslated', original: '/docs/~b/x', locale: 'עברית', originalLocale: 'English' });
    expect(translationNoticeHtml(state)).toContain('<a href="/docs/~b/x" hreflang="en">English original</a>');
  });

  it('says a translation older than its original may be out of date, and nothing of one as new', () => {
    const translated = doc({ sourcePath: 'i18n/he/docusaurus-plugin-content-docs/current/x.md', translationOf: 'docs/x.md' });
    const older = new Map([
      ['docs/x.md', at('2024-03-02')],
      [translated.sourcePath, at('2024-01-05')],
    ]);
    expect(translationStateOf(opened, translated, older)).toMatchObject({ kind: 'outdated', originalChanged: '2024-03-02', translationChanged: '2024-01-05' });
    const newer = new Map([
      ['docs/x.md', at('2024-01-05')],
      [translated.sourcePath, at('2024-03-02')],
    ]);
    expect(translationStateOf(opened, translated, newer)).toBeUndefined();
    expect(translationNoticeHtml(undefined)).toBe('');
  });

  it('says nothing on the default locale', () => {
    expect(translationStateOf({ ...opened, docSet: { config: SITE } as unknown as DocSet }, doc({}), new Map())).toBeUndefined();
  });
});

describe('the page in every locale', () => {
  it('lists each locale with its label and the same path, the one read current', () => {
    expect(localeLinks(HE, '/he/docs/x')).toEqual([
      { locale: 'en', label: 'English', lang: 'en', href: '/docs/x', current: false },
      { locale: 'he', label: 'עברית', lang: 'he', href: '/he/docs/x', current: true },
    ]);
  });

  it('gives the head the locale’s lang and direction and the alternates with x-default; none for one locale', () => {
    expect(localeHead(HE, '/he/docs/x', 'https://d.example')).toEqual({
      lang: 'he',
      dir: 'rtl',
      alternates: [
        { hreflang: 'en', href: 'https://d.example/docs/x' },
        { hreflang: 'he', href: 'https://d.example/he/docs/x' },
        { hreflang: 'x-default', href: 'https://d.example/docs/x' },
      ],
    });
    expect(localeHead(parseSiteConfig(undefined), '/docs/x', 'https://d.example')).toEqual({ lang: 'en', dir: 'ltr', alternates: [] });
  });
});
