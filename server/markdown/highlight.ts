// Server-side syntax highlighting with lowlight (highlight.js grammars): about half a millisecond a
// block, hast output (so it is sanitized with the rest of the page), no client JavaScript, and the
// grammars Docusaurus's Prism setup covers for this content (php, gherkin, nginx, apacheconf, ...).
import { createLowlight, common } from 'lowlight';
import gherkin from 'highlight.js/lib/languages/gherkin';
import groovy from 'highlight.js/lib/languages/groovy';
import nginx from 'highlight.js/lib/languages/nginx';
import apache from 'highlight.js/lib/languages/apache';
import handlebars from 'highlight.js/lib/languages/handlebars';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import type { Element, ElementContent, Text } from 'hast';

const lowlight = createLowlight({ ...common, gherkin, groovy, nginx, apache, handlebars, dockerfile });

/** Names authors write mapped to grammar names. */
const ALIASES: Record<string, string> = {
  sh: 'bash',
  zsh: 'bash',
  shell: 'bash',
  console: 'shell',
  shellsession: 'shell',
  ts: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  apacheconf: 'apache',
  mustache: 'handlebars',
  hbs: 'handlebars',
  yml: 'yaml',
  feature: 'gherkin',
  patch: 'diff',
  docker: 'dockerfile',
};

/** What a fence's info string says: language, title, highlighted lines, line numbers. */
export interface CodeMeta {
  language?: string;
  title?: string;
  highlightLines: Set<number>;
  showLineNumbers: boolean;
  /** The first line number when line numbers are shown (`showLineNumbers=5`). */
  startLine: number;
}

/** Parses a fence's meta the Docusaurus way: `title="..."`, `{1,3-5}`, `showLineNumbers[=N]`. */
export function parseCodeMeta(lang: string | null | undefined, meta: string | null | undefined): CodeMeta {
  // ``` title="x" with no language: the parser reads the title as the language.
  if (lang?.includes('=')) [lang, meta] = [undefined, `${lang} ${meta ?? ''}`];
  const text = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)')/.exec(text);
  const ranges = /\{([\d,\s-]+)\}/.exec(text);
  const numbers = /\bshowLineNumbers(?:=(\d+))?/.exec(text);
  const highlightLines = new Set<number>();
  for (const part of ranges?.[1].split(',') ?? []) {
    const [from, to] = part.split('-').map((n) => Number(n.trim()));
    if (!Number.isInteger(from)) continue;
    for (let line = from; line <= (Number.isInteger(to) ? Math.min(to, from + 10_000) : from); line++) highlightLines.add(line);
  }
  return {
    language: lang?.toLowerCase() || undefined,
    title: title ? (title[1] ?? title[2]) : undefined,
    highlightLines,
    showLineNumbers: !!numbers,
    startLine: numbers?.[1] ? Number(numbers[1]) : 1,
  };
}

/** The grammar name for an author's language, or undefined to render plain text. */
export function grammarFor(language: string | undefined): string | undefined {
  if (!language) return undefined;
  const name = ALIASES[language] ?? language;
  return lowlight.registered(name) ? name : undefined;
}

/** Whether ```mermaid blocks are diagrams (markdown.mermaid) and in which themes. */
export interface Diagrams {
  mermaid: boolean;
  theme?: { light: string; dark: string };
}

const DIAGRAMS: Diagrams = { mermaid: true };

/**
 * A code block as hast: `<div class="code-block"><div class="code-title">..</div><pre><code>..`.
 * Highlighted when the language is known, plain text otherwise; mermaid stays as its source.
 */
export function codeBlock(value: string, fenceMeta: CodeMeta, diagrams: Diagrams = DIAGRAMS): Element {
  if (fenceMeta.language === 'mermaid' && diagrams.mermaid) {
    // The themes the browser draws it with (app/lib/mermaid.ts), as the site's theme-mermaid sets them.
    const themes = diagrams.theme ? { dataLight: diagrams.theme.light, dataDark: diagrams.theme.dark } : {};
    return el('pre', { className: ['mermaid'], ...themes }, [{ type: 'text', value: value.replace(/\n$/, '') }]);
  }
  const { code, highlighted } = magicComments(value.replace(/\n$/, ''));
  const meta = { ...fenceMeta, highlightLines: new Set([...fenceMeta.highlightLines, ...highlighted]) };
  const grammar = grammarFor(meta.language);
  let children: ElementContent[] = grammar ? (lowlight.highlight(grammar, code).children as ElementContent[]) : [{ type: 'text', value: code }];
  if (meta.highlightLines.size || meta.showLineNumbers) children = splitLines(children, meta);
  const className = ['hljs', ...(grammar ? [`language-${meta.language}`] : [])];
  const pre = el('pre', { className: meta.showLineNumbers ? ['with-line-numbers'] : [] }, [el('code', { className }, children)]);
  const parts: ElementContent[] = [];
  if (meta.title) parts.push(el('div', { className: ['code-title'] }, [{ type: 'text', value: meta.title }]));
  parts.push(pre);
  return el('div', { className: ['code-block'], dataLanguage: meta.language ?? 'text' }, parts);
}

// A line that is only a magic comment, in any comment syntax Docusaurus's defaults cover: // # /* */ <!-- --> -- ; %
const MAGIC_COMMENT = /^\s*(?:\/\/|#|\/\*|<!--|--|;|%)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*\/|-->)?\s*$/;

/**
 * Docusaurus's default magic comments: `highlight-next-line`, and `highlight-start` ...
 * `highlight-end` around lines. The comment lines are removed; returns the code without them and
 * the (1-based) lines to highlight. An unclosed `highlight-start` highlights to the end, as upstream.
 */
export function magicComments(code: string): { code: string; highlighted: number[] } {
  if (!code.includes('highlight-')) return { code, highlighted: [] };
  const kept: string[] = [];
  const highlighted: number[] = [];
  let next = false;
  let inBlock = 0;
  for (const line of code.split('\n')) {
    const magic = MAGIC_COMMENT.exec(line)?.[1];
    if (magic === 'highlight-next-line') next = true;
    else if (magic === 'highlight-start') inBlock++;
    else if (magic === 'highlight-end') inBlock = Math.max(0, inBlock - 1);
    else {
      kept.push(line);
      if (next || inBlock > 0) highlighted.push(kept.length);
      next = false;
    }
  }
  return { code: kept.join('\n'), highlighted };
}

/** Wraps each line in a span so lines can be highlighted and numbered with CSS. */
function splitLines(nodes: ElementContent[], meta: CodeMeta): ElementContent[] {
  const lines: ElementContent[][] = [[]];
  const walk = (node: ElementContent, wrap: (child: ElementContent) => ElementContent) => {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      parts.forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part) lines[lines.length - 1].push(wrap({ type: 'text', value: part } satisfies Text));
      });
    } else if (node.type === 'element') {
      for (const child of node.children) walk(child, (inner) => wrap({ ...node, children: [inner] }));
    }
  };
  for (const node of nodes) walk(node, (child) => child);
  return lines.flatMap((line, index) => {
    const number = index + meta.startLine;
    const className = ['code-line', ...(meta.highlightLines.has(index + 1) ? ['code-line--highlighted'] : [])];
    return [el('span', { className, ...(meta.showLineNumbers ? { dataLine: String(number) } : {}) }, line), { type: 'text', value: '\n' } as Text];
  });
}

function el(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}
