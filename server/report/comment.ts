// The pull request's comment, in Markdown every forge renders: the preview, the pages the branch
// changes grouped by what happened to them (each with its rendered diff), the broken links it
// introduces, and the commit it describes. A hidden marker finds it again, so each push edits it.
import type { BrokenLinkFact, ChangedPageFact, PreviewFacts } from './types.js';

/** The hidden line that marks docsite's comment on a pull request. */
export const COMMENT_MARKER = '<!-- docsite-preview -->';

/** The order and heading of each group. */
const GROUPS: [ChangedPageFact['status'], string][] = [
  ['added', 'Added'],
  ['modified', 'Changed'],
  ['renamed', 'Renamed'],
  ['removed', 'Removed'],
];

/** Text safe inside a Markdown link's label or a list item: no brackets, HTML or line breaks. */
function plain(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[[\]<>*_`|\\]/g, (char) => `\\${char}`);
}

/** Text as inline code, whatever backticks it holds. */
function code(text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  return clean.includes('`') ? `\`\` ${clean} \`\`` : `\`${clean}\``;
}

/** The comment for a branch's facts; `origin` makes the site's paths absolute, `maxListed` caps each list. */
export function commentBody(facts: PreviewFacts, origin: string, maxListed: number): string {
  const url = (path: string) => origin + path;
  const lines = [COMMENT_MARKER, `### Docs preview`, '', `**Preview:** ${url(facts.previewPath)}`, ''];
  const count = facts.pages.length;
  const navigation = facts.navigationChanges ? ` (and ${facts.navigationChanges} navigation ${facts.navigationChanges === 1 ? 'file' : 'files'})` : '';
  lines.push(`**${count} ${count === 1 ? 'page' : 'pages'} changed**${navigation} compared with ${plain(facts.baseLabel)} ([all changes](${url(facts.changesPath)}))`);
  const listed = facts.pages.slice(0, maxListed);
  for (const [status, heading] of GROUPS) {
    const group = listed.filter((page) => page.status === status);
    if (!group.length) continue;
    lines.push('', `${heading}:`);
    for (const page of group) lines.push(pageLine(page, url));
  }
  if (count > listed.length) lines.push('', `…and ${count - listed.length} more: see [all changes](${url(facts.changesPath)}).`);
  lines.push('', ...brokenSection(facts.broken, url, maxListed));
  lines.push('', `<sub>For commit ${code(facts.commit.slice(0, 12))} of branch ${code(facts.branch)}. This comment is edited at each push.</sub>`);
  return lines.join('\n');
}

/** One page of the list: its title linked to the page, and its diff. */
function pageLine(page: ChangedPageFact, url: (path: string) => string): string {
  const title = plain(page.title);
  if (page.status === 'removed') return `- ${title} (${code(page.file)}) · [diff](${url(page.diffPath)})`;
  const from = page.status === 'renamed' && page.oldFile ? ` (from ${code(page.oldFile)})` : '';
  return `- [${title}](${url(page.path)})${from} · [diff](${url(page.diffPath)})`;
}

/** The broken links this branch introduces, or a line saying there are none. */
function brokenSection(broken: readonly BrokenLinkFact[], url: (path: string) => string, maxListed: number): string[] {
  if (!broken.length) return ['**No broken links** introduced by this branch.'];
  const lines = [`**${broken.length} broken ${broken.length === 1 ? 'link' : 'links'}** introduced by this branch:`, ''];
  for (const link of broken.slice(0, maxListed)) {
    lines.push(`- [${code(link.file)}](${url(link.pagePath)}) line ${link.line}: ${code(link.url)}: ${plain(link.reason)}`);
  }
  if (broken.length > maxListed) lines.push(`- …and ${broken.length - maxListed} more.`);
  return lines;
}

/** The status line: what the report found, in at most one short sentence. */
export function statusDescription(facts: PreviewFacts): string {
  const pages = `${facts.pages.length} ${facts.pages.length === 1 ? 'page' : 'pages'} changed`;
  const broken = facts.broken.length ? `${facts.broken.length} broken ${facts.broken.length === 1 ? 'link' : 'links'}` : 'no broken links';
  return `${pages}, ${broken}`;
}
