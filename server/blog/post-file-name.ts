// What a post's path inside the blog folder says, by Docusaurus's rules (blogUtils `parseBlogFileName`):
// a date written in the file or folder name (`2024-05-01-title.md`, `2024/05/01/title/index.md`)
// gives the post its date and a `/2024/05/01/...` slug; otherwise the path is the slug.

/** A date anywhere in the path, then the rest of the name; `index` files are named by their folder. */
const DATED = /^(?<folder>.*)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

/** The date, the name's text (the title when nothing else gives one) and the slug of a post's path. */
export interface PostFileName {
  date?: Date;
  text: string;
  slug: string;
}

/** Parses a post's path relative to the blog folder as Docusaurus does. */
export function parsePostFileName(relativePath: string): PostFileName {
  const match = DATED.exec(relativePath);
  if (match?.groups) {
    const { folder, date, text } = match.groups;
    // Docusaurus reads the date as UTC midnight (`${date}Z`), whatever the server's zone.
    const parsed = new Date(`${date}Z`);
    if (!Number.isNaN(parsed.getTime())) return { date: parsed, text, slug: `/${date.replace(/-/g, '/')}/${folder}${text}` };
  }
  const text = relativePath.replace(/(?:\/index)?\.mdx?$/, '');
  return { date: undefined, text, slug: `/${text}` };
}
