import { describe, expect, it } from 'vitest';
import GithubSlugger from 'github-slugger';
import { postProcess } from './post-process.js';
import type { DraftItem, SidebarItem } from './types.js';

// Docusaurus's post-processing of categories, rule by rule.
describe('post-processing of categories', () => {
  const doc = { type: 'doc' as const, id: 'a' };
  const cases: { rule: string; input: DraftItem[]; output: SidebarItem[] }[] = [
    {
      rule: 'collapsed and collapsible default to true',
      input: [{ type: 'category', label: 'C', items: [doc] }],
      output: [{ type: 'category', label: 'C', items: [doc], collapsed: true, collapsible: true }],
    },
    {
      rule: 'collapsed: false is kept (an expanded group)',
      input: [{ type: 'category', label: 'C', items: [doc], collapsed: false }],
      output: [{ type: 'category', label: 'C', items: [doc], collapsed: false, collapsible: true }],
    },
    {
      rule: 'a category that cannot collapse is never collapsed',
      input: [{ type: 'category', label: 'C', items: [doc], collapsible: false, collapsed: true }],
      output: [{ type: 'category', label: 'C', items: [doc], collapsed: false, collapsible: false }],
    },
    {
      rule: 'an empty category linked to a doc becomes that doc, labelled like the category',
      input: [{ type: 'category', label: 'Moodle 5.3', items: [], link: { type: 'doc', id: 'releases/5.3' } }],
      output: [{ type: 'doc', id: 'releases/5.3', label: 'Moodle 5.3' }],
    },
    {
      rule: 'an empty category with a generated index is dropped',
      input: [{ type: 'category', label: 'C', items: [], link: { type: 'generated-index' } }],
      output: [],
    },
    {
      rule: 'an empty category with no link is dropped',
      input: [{ type: 'category', label: 'C', items: [] }],
      output: [],
    },
    {
      rule: 'emptiness is judged after the children: a category of empty categories is dropped',
      input: [{ type: 'category', label: 'Outer', items: [{ type: 'category', label: 'Inner', items: [] }] }],
      output: [],
    },
    {
      rule: 'a generated index gets its slug from the label, and a permalink under the base',
      input: [{ type: 'category', label: 'Voice and tone', items: [doc], link: { type: 'generated-index' } }],
      output: [
        {
          type: 'category',
          label: 'Voice and tone',
          items: [doc],
          collapsed: true,
          collapsible: true,
          link: { type: 'generated-index', slug: '/category/voice-and-tone', permalink: '/general/category/voice-and-tone' },
        },
      ],
    },
    {
      rule: 'a generated index keeps a slug given in the file',
      input: [{ type: 'category', label: 'C', items: [doc], link: { type: 'generated-index', slug: '/my/index' } }],
      output: [
        { type: 'category', label: 'C', items: [doc], collapsed: true, collapsible: true, link: { type: 'generated-index', slug: '/my/index', permalink: '/general/my/index' } },
      ],
    },
  ];
  for (const { rule, input, output } of cases) {
    it(rule, () => {
      expect(postProcess(input, 'general', new GithubSlugger())).toEqual(output);
    });
  }
});
