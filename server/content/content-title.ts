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

/** A fence that opens a code block (its text cannot hold a heading). */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** An ATX heading of any depth, with its text. */
const ANY_ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
/** A thematic break (`---`, `***`, `___`), or a setext h2's underline: either ends the search for a title. */
const BREAK = /^ {0,3}([-*_])[ \t]*(?:\1[ \t]*){2,}$/;
/** A setext h1's underline. */
const SETEXT_H1 = /^ {0,3}=+[ \t]*$/;

/**
 * The h1 a page shows itself, as the mdx-loader's contentTitle plugin finds it: its first heading
 * anywhere (after a component, a paragraph, inside a JSX block), when that is an h1 and no thematic
 * break comes before it. Such a page gets no title of the theme's above it. Read from the text
 * without parsing it; code blocks are skipped.
 */
export function shownTitleOf(body: string): string | undefined {
  const lines = body.split(/\r?\n/);
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (fence) {
      if (line.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = open[1];
      continue;
    }
    const atx = ANY_ATX.exec(line);
    if (atx) return atx[1].length === 1 ? textOfHeading(atx[2] ?? '') : undefined;
    if (BREAK.test(line)) return undefined;
    if (line.trim() && SETEXT_H1.test(lines[index + 1] ?? '')) return textOfHeading(line.trim());
  }
  return undefined;
}

/** A heading's text as Markdown reads it: code unwrapped, emphasis and links reduced to their text; undefined when empty. */
function textOfHeading(heading: string): string | undefined {
  return textOf(fromMarkdown(heading.replace(HEADING_ID, ''))).trim() || undefined;
}

/** The contentTitle of a page's Markdown (its front matter removed), or undefined when it does not start with an h1. */
export function contentTitleOf(body: string): string | undefined {
  let rest = body;
  for (;;) {
    const skipped = IMPORT.exec(rest) ?? BLANK.exec(rest);
    if (!skipped) break;
    rest = rest.slice(skipped[0].length);
  }
  const heading = ATX.exec(rest)?.[1] ?? SETEXT.exec(rest)?.[1];
  return heading === undefined ? undefined : textOfHeading(heading);
}
