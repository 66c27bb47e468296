// CodeBlock: a code block whose content is a prop or a raw-loaded repository file, plus `details`.
import type { Element } from 'hast';
import { h, stringProp, text } from './hast.js';
import type { Component } from './types.js';
import { codeBlock, parseCodeMeta } from '../highlight.js';
import { evaluateProgram } from '../expressions.js';

/** A highlighted code block; children may be `{ImportedRawFile}`, which is read from the repository. */
export const CodeBlock: Component = ({ props, node, context, state }) => {
  let source = '';
  let missing: string | undefined;
  for (const child of node.children) {
    if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') {
      const name = child.value.trim();
      const raw = context.rawFiles.get(`name:${name}`);
      if (raw !== undefined) source += raw;
      else {
        try {
          const value = evaluateProgram(child.data?.estree, { frontMatter: context.frontMatter, cssModules: new Set(), rawText: new Map() });
          if (typeof value === 'string') source += value;
          else missing = name;
        } catch {
          missing = name;
        }
      }
    } else if ('value' in child && typeof child.value === 'string') source += child.value;
    else if ('children' in child) source += child.children.map((c) => ('value' in c ? c.value : '')).join('');
  }
  const meta = parseCodeMeta(stringProp(props.language), stringProp(props.title) ? `title="${stringProp(props.title).replace(/"/g, "'")}"` : undefined);
  if (props.showLineNumbers) meta.showLineNumbers = true;
  const block: Element = codeBlock(source, meta);
  if (missing !== undefined) {
    state.warnings.push({ code: 'missing-file', file: context.file, line: node.position?.start.line, message: `CodeBlock: the file imported as ${missing} could not be read` });
    return [h('div', { className: ['mdx-missing-file'], role: 'note' }, [text(`The file imported as ${missing} is missing from the repository.`)]), block];
  }
  return [block];
};

/** Native `<details>`, with `<summary>` kept first. */
export const Details: Component = ({ children, props }) => [h('details', { open: props.open === true }, children())];
