// bench/zoo.ts's figures: what compare.py and /readyz said of each site, and the matrix printed of them.
import type { ZooSummary } from '../tests/support/zoo.js';

/** compare.py's `summary` (the fields read here): the figures the zoo tests check, and pages with problems. */
export interface Summary extends ZooSummary {
  pagesUnknownComponent: number;
  pagesPlainMarkdown: number;
  pagesImagesWithoutSrc: number;
}

/** One problem of /readyz (server/problem.ts). */
export interface Problem {
  code?: string;
  file?: string;
  message?: string;
}

export interface Row {
  site: { name: string; origin: string };
  readyMs?: number;
  summary?: Summary;
  problemCount?: number;
  /** `[count, "code: message"]`, most frequent first. */
  problems: [number, string][];
  /** Why the site could not be measured (server did not start, compare.py failed). */
  error?: string;
}

/** /readyz's problems grouped by code and message, most frequent first. */
export function groupProblems(problems: Problem[]): [number, string][] {
  const counts = new Map<string, number>();
  for (const problem of problems) {
    const key = `${problem.code ?? '?'}: ${problem.message ?? ''}`.replace(/\s+/g, ' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]): [number, string] => [n, key]).sort((a, b) => b[0] - a[0] || a[1].localeCompare(b[1]));
}

/** `a/b` as a percentage with one decimal, or `-` when there is nothing to count. */
function pct(a: number, b: number): string {
  return b ? `${((100 * a) / b).toFixed(1)}%` : '-';
}

/** The matrix: one line per site, then each site's top problems. */
export function printMatrix(rows: Row[]): void {
  const head = ['site', 'docs', '200', 'titles', 'heading ids', 'int. links', 'sidebars', 'versions', 'unknown/plainMd/noSrc', 'ready'];
  const lines = rows.map((row) => {
    const s = row.summary;
    if (!s) return [row.site.name, '-', '-', '-', '-', '-', '-', '-', '-', row.readyMs ? `${(row.readyMs / 1000).toFixed(0)} s` : 'failed'];
    return [
      row.site.name,
      String(s.docs),
      pct(s.docs200, s.docs),
      pct(s.docsTitleOk, s.docs),
      pct(s.headingIdsOk, s.headingIds),
      pct(s.linksInternalOk, s.linksInternal),
      `${s.sidebarsEqual}/${s.sidebars}`,
      `${s.versionsEqual}/${s.versions}`,
      `${s.pagesUnknownComponent}/${s.pagesPlainMarkdown}/${s.pagesImagesWithoutSrc}`,
      `${((row.readyMs ?? 0) / 1000).toFixed(0)} s`,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log('');
  console.log(format(head));
  for (const line of lines) console.log(format(line));
  console.log(
    '(docs of the oracle; of them answering 200, with the same h1; heading ids and internal links found; sidebars equal; versions equal;' +
      ' pages with the "does not know" notice / shown as plain Markdown / with images without src; start to /readyz 200)',
  );
  console.log('');
  for (const row of rows) {
    const where = row.site.origin === 'zoo' ? 'zoo' : row.site.origin;
    if (row.error) {
      console.log(`${row.site.name} (${where}): not measured: ${row.error.split('\n').slice(0, 8).join('\n    ')}`);
      continue;
    }
    const top = row.problems.slice(0, 3);
    console.log(`${row.site.name} (${where}): ${row.problemCount ?? 0} problems at /readyz${top.length ? ', most frequent:' : ''}`);
    for (const [n, message] of top) console.log(`    ${String(n).padStart(4)} x ${message.length > 200 ? `${message.slice(0, 199)}…` : message}`);
  }
}
