/** A result's snippet: its text with the matched words in `<mark>`, built as React text (never HTML). */
export function Highlighted({ snippet }: { snippet: { text: string; highlights: [number, number][] } }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of snippet.highlights) {
    if (start < at) continue;
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(snippet.text.slice(at));
  return <>{parts}</>;
}
