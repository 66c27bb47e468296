import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { messageParts, plainText, THEME_STRINGS } from './theme-strings';

describe('THEME_STRINGS', () => {
  it("is Docusaurus's English, as @docusaurus/theme-translations' base has it", () => {
    const base = Object.assign(
      {},
      ...['theme-common.json', 'theme-search-algolia.json'].map((name) =>
        JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve(`@docusaurus/theme-translations/locales/base/${name}`), 'utf8')),
      ),
    ) as Record<string, string>;
    for (const [id, english] of Object.entries(THEME_STRINGS)) expect(english, id).toBe(base[id]);
  });
});

describe('messageParts', () => {
  it('keeps text in one string around elements, and splices in the parts of another message', () => {
    const time = { type: 'time' } as unknown as React.ReactElement;
    const atDate = messageParts(' on {date}', { date: time });
    expect(messageParts('Last updated{atDate}{byUser}', { atDate, byUser: ' by Ann' })).toEqual(['Last updated on ', time, ' by Ann']);
    expect(messageParts('Version: {versionLabel}', { versionLabel: '2.0' })).toEqual(['Version: 2.0']);
    expect(messageParts('Keep {unknown}', {})).toEqual(['Keep {unknown}']);
  });

  it('fills a plain text', () => {
    expect(plainText('Version: {versionLabel}', { versionLabel: 'Next' })).toBe('Version: Next');
  });
});
