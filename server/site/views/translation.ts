// What a page of a locale other than the default says of its translation (issue 57): a page with no
// translation is the default locale's text under the locale's URL, and says so with a link to the
// original, as Starlight's fallback notice does; a translation whose original changed in git after
// the translation last did says it may be out of date (the dates are the history table's).
import type { Doc } from '../../content/doc-set.js';
import { defaultLocaleOf, localeInfo, pathInLocale } from '../../config/locales.js';
import type { LastUpdate } from '../last-updated.js';
import type { OpenedDocs, RequestContext } from '../request.js';

/** How a page of a locale stands to its original. */
export interface TranslationState {
  kind: 'untranslated' | 'outdated';
  /** The same page in the default locale. */
  original: string;
  /** The locale read, and the default one, by their labels. */
  locale: string;
  originalLocale: string;
  /** The default locale's `htmlLang`, for the link's `hreflang`. */
  originalLang: string;
  /** For an outdated translation: when its original and it last changed (`YYYY-MM-DD`). */
  originalChanged?: string;
  translationChanged?: string;
}

/** The state of a doc of a locale's doc set; undefined for the default locale and for a translation as new as its original. */
export function translationStateOf(opened: Pick<OpenedDocs, 'docSet' | 'href'>, doc: Doc, updates: ReadonlyMap<string, LastUpdate>): TranslationState | undefined {
  const { docSet } = opened;
  if (!docSet.locale) return undefined;
  const config = docSet.config;
  const defaults = localeInfo(config, defaultLocaleOf(config));
  const common = {
    original: pathInLocale(config, opened.href(doc.permalink), defaults.locale),
    locale: localeInfo(config, docSet.locale).label,
    originalLocale: defaults.label,
    originalLang: defaults.htmlLang,
  };
  if (!doc.translationOf) return { kind: 'untranslated', ...common };
  const translated = updates.get(doc.sourcePath);
  const original = updates.get(doc.translationOf);
  if (!translated || !original || original.time <= translated.time) return undefined;
  return { kind: 'outdated', ...common, originalChanged: day(original.time), translationChanged: day(translated.time) };
}

/** The notice above a page's article for its translation state ('' for none). */
export function translationNoticeHtml(state: TranslationState | undefined): string {
  if (!state) return '';
  const link = `<a href="${escapeHtml(state.original)}" hreflang="${escapeHtml(state.originalLang)}">${escapeHtml(state.originalLocale)} original</a>`;
  const text =
    state.kind === 'untranslated'
      ? `<strong>Not translated.</strong> This page is not available in ${escapeHtml(state.locale)} yet: it is shown in ${escapeHtml(state.originalLocale)}. Read the ${link}.`
      : `<strong>This translation may be out of date.</strong> Its original changed on ${state.originalChanged}, after the translation last did (${state.translationChanged}). Read the ${link}.`;
  return `<div class="render-notice translation-notice translation-${state.kind}" role="note">${text}</div>`;
}

/** The notice of a page read in a request ('' for the default locale). */
export async function translationNotice(context: RequestContext, opened: OpenedDocs, doc: Doc): Promise<string> {
  if (!opened.docSet.locale) return '';
  return translationNoticeHtml(translationStateOf(opened, doc, await context.reads.lastUpdated(opened.docSet)));
}

/** Text made safe in HTML, attributes included. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A time of the history table as a calendar day. */
function day(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
