// A post's default description, as Docusaurus makes it (docusaurus-utils `createExcerpt`): the first
// line of text of its Markdown, past imports and code blocks, with Markdown syntax removed.

/** Markdown syntax to strip from a line, in Docusaurus's order. */
const CLEANERS: [RegExp, string][] = [
  [/<[^>]*>/g, ''], // HTML tags
  [/^#[^#]+#?/gm, ''], // a title heading
  [/^#{1,6}\s*([^#]*?)\s*#{0,6}/gm, '$1'], // other headings
  [/([*_]{1,3})(.*?)\1/g, '$2'], // emphasis
  [/~~(\S.*\S)~~/g, '$1'], // strikethrough
  [/!\[(.*?)\][[(].*?[\])]/g, '$1'], // images
  [/\[\^.+?\](?:: .*$)?/g, ''], // footnotes
  [/\[(.*?)\][[(].*?[\])]/g, '$1'], // links
  [/`(.+?)`/g, '$1'], // inline code
  [/^\s{0,3}>\s?/g, ''], // blockquotes
  [/:::.*/, ''], // admonition fences
  [/\s?:(?:::|[^:\n])+:/g, ''], // emoji names
  [/\{#*[\w-]+\}/, ''], // heading ids
];

/** The first line of text of a post's Markdown (front matter and title removed), or undefined. */
export function excerptOf(content: string): string | undefined {
  // A setext title (a line underlined with `=`) is not text.
  const lines = content
    .trimStart()
    .replace(/^[^\r\n]*\r?\n=+/g, '')
    .split(/\r?\n/);
  let inImport = false;
  let fence: string | undefined;
  for (const line of lines) {
    if (line === '' && inImport) inImport = false;
    if (!line.trim()) continue;
    if (!fence && (inImport || /^(?:import|export)\s/.test(line))) {
      inImport = true;
      continue;
    }
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (opening && (!fence || opening.startsWith(fence))) {
      fence = fence ? undefined : opening;
      continue;
    }
    if (fence) continue;
    const text = CLEANERS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line).trim();
    if (text) return text;
  }
  return undefined;
}
