// A post's reading time as Docusaurus computes it (plugin-content-blog `readingTime.ts`): words as
// `Intl.Segmenter` counts them for the locale (so CJK text is counted by words, not by spaces), at
// 200 words a minute, in minutes rounded to two decimals.

/** Docusaurus's default reading speed. */
export const WORDS_PER_MINUTE = 200;

/** The number of word-like segments of a text in a locale. */
function countWords(content: string, locale: string): number {
  if (!content) return 0;
  let words = 0;
  for (const segment of new Intl.Segmenter(locale, { granularity: 'word' }).segment(content)) if (segment.isWordLike) words += 1;
  return words;
}

/** Minutes to read `content` (the post's Markdown without front matter and title), two decimals. */
export function readingTime(content: string, locale = 'en', wordsPerMinute = WORDS_PER_MINUTE): number {
  const words = countWords(content, locale);
  return words === 0 ? 0 : Math.round((words / wordsPerMinute) * 100) / 100;
}
