// Docusaurus's `contentTitle` (docusaurus-utils `parseMarkdownContentTitle`, mdx-loader's
// contentTitle plugin): the text of an h1 that is the first thing of a page's Markdown, after its
// front matter and ESM imports, written `# Title` or `Title` underlined with `=`. A doc without a
// front-matter `title` takes it as its title, and a page that has one shows no title of its own above
// it (the theme's "synthetic title"), so a page never has two h1s.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as textOf } from 'mdast-util-to-string';

/** One ESM import statement at the start of the text (any bindings, possibly over several lines). */
const IMPORT = /^import\s+(?:[^'";]*?\s*from\s*)?['"][^'"\n]+['"][ \t]*;?[ \t]*(?:\r?\n|$)/;
/** A blank line. */
const BLANK = /^[ \t]*(?:\r?\n)/;
/** An ATX h1: `# Title`, `# Title #`. */
const ATX = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*(?:\r?\n|$)/;
/** A setext h1: a line of text underlined with `=`. */
const SETEXT = /^ {0,3}(\S[^\r\n]*)\r?\n {0,3}=+[ \t]*(?:\r?\n|$)/;
/** A heading id written after the title, `{#my-id}`, which is not part of its text. */
const HEADING_ID = /\s*\{#[\w-]+\}\s*$/;

/** The contentTitle of a page's Markdown (its front matter removed), or undefined when it does not start with an h1. */
export function contentTitleOf(body: string): string | undefined {
  let rest = body;
  for (;;) {
    const skipped = IMPORT.exec(rest) ?? BLANK.exec(rest);
    if (!skipped) break;
    rest = rest.slice(skipped[0].length);
  }
  const heading = ATX.exec(rest)?.[1] ?? SETEXT.exec(rest)?.[1];
  if (heading === undefined) return undefined;
  // The heading's text as Markdown reads it: code unwrapped, emphasis and links reduced to their text.
  const text = textOf(fromMarkdown(heading.replace(HEADING_ID, ''))).trim();
  return text || undefined;
}
