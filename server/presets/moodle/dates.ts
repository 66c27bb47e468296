// The one date rule for data/versions.json (docs/decisions/011-moodle-preset.md). Dates are free
// text: "5 October 2026", "30 JUne 2014", "11th May 2020" (which JavaScript's Date cannot read),
// or ISO "2026-10-05". A value that does not name a real day ("TBC 2027", "31 February 2020",
// "soon") is unknown, never guessed.
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A day written in the data files, as UTC midnight; undefined when it does not name a real day. */
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

/**
 * Whether a support period that ends on `text` has ended by `now`. A missing end date has ended
 * (as upstream's JavaScript reads it); an unknown one ("TBC 2027") has not: an end that is
 * announced but not fixed yet lies in the future.
 */
export function endedBy(text: string | undefined, now: Date): boolean {
  if (text === undefined) return true;
  const end = parseLenientDate(text);
  return end !== undefined && end.getTime() <= now.getTime();
}

function utc(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCDate() === day ? date : undefined;
}
