const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * Parses the free-text dates of `data/versions.json` ("5 October 2026", "30 JUne 2014",
 * "11th May 2020", ISO "2026-10-05") to a UTC midnight. Upstream's `new Date()` rejects the `Nth`
 * form and miscased months on some engines; we accept them. Undefined when unreadable.
 */
export function parseLenientDate(text: unknown): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (iso) return utc(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const match = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\s*,?\s+(\d{4})$/i.exec(text.trim());
  if (!match) return undefined;
  const month = MONTHS.findIndex((name) => name.startsWith(match[2].toLowerCase()) && match[2].length >= 3);
  if (month < 0) return undefined;
  return utc(Number(match[3]), month, Number(match[1]));
}

function utc(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCDate() === day ? date : undefined;
}

/** The calendar day of a date, `2026-11-22`: the unit date-dependent results are cached by. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
