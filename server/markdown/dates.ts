/**
 * Parses the free-text dates of data/versions.json leniently: "5 October 2026", "30 JUne 2014",
 * "11th May 2020" (which JavaScript's Date cannot read). Undefined when it is not a date.
 */
export function parseLooseDate(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  const cleaned = text.trim().replace(/(\d+)(st|nd|rd|th)\b/gi, '$1').toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
  const date = new Date(`${cleaned} 00:00:00 UTC`);
  if (!Number.isNaN(date.getTime())) return date;
  const iso = new Date(text.trim());
  return Number.isNaN(iso.getTime()) ? undefined : iso;
}
