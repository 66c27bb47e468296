import { afterAll, describe, expect, it, vi } from 'vitest';
import { IslandRenderer, STOPPED_RETRY_MS, stoppedRetryMs, type IslandSpec } from './islands.js';
import { Sandbox } from './sandbox.js';
import { filesOf } from './test-files.js';

const sandbox = new Sandbox({ idleMs: 0, limits: { cpuMs: 1500 } });
afterAll(() => sandbox.close());
const islands = new IslandRenderer(sandbox);
const now = new Date('2026-11-22T00:00:00Z');
const site = { baseUrl: '/', title: 'Site', url: 'https://example.org', permalink: '/docs/page' };

/** A spec for `name` of `specifier` imported by docs/page.md. */
const spec = (specifier: string, props: Record<string, unknown> = {}, opts: Partial<IslandSpec> = {}): IslandSpec => ({
  key: `${specifier}:${JSON.stringify(props)}:${opts.name ?? 'default'}:${opts.children ?? false}`,
  from: 'docs/page.md',
  specifier,
  name: 'default',
  props,
  children: false,
  ...opts,
});

describe('a page’s own React components, rendered in the sandbox', () => {
  it('renders TSX with docsite’s React, the Docusaurus shims and the page’s props', async () => {
    const files = filesOf({
      'docs/page.md': '',
      'src/components/Card.tsx': `import React from 'react';
import Link from '@docusaurus/Link';
import Admonition from '@theme/Admonition';
import CodeBlock from '@theme/CodeBlock';
import Details from '@theme/Details';
import useBaseUrl from '@docusaurus/useBaseUrl';
import BrowserOnly from '@docusaurus/BrowserOnly';
import Head from '@docusaurus/Head';
import clsx from 'clsx';
export default function Card({ title, items }: { title: string; items: string[] }) {
  return <div className={clsx('card', { wide: true })}><Head><title>x</title></Head><h3>{title}</h3>
    <Link to="./other.md">other</Link> <img src={useBaseUrl('/img/a.png')} />
    <Admonition type="tip" title="Hint">{items.join(', ')}</Admonition>
    <Details summary="More"><CodeBlock language="php" title="a.php">{'<?php echo 1;'}</CodeBlock></Details>
    <BrowserOnly fallback={<span>no js</span>}>{() => <span>js</span>}</BrowserOnly></div>;
}`,
    });
    const { islands: out } = await islands.render(files, [spec('@site/src/components/Card', { title: 'Hello', items: ['a', 'b'] })], site, now);
    const html = Object.values(out)[0].html!;
    // <Head>'s elements are kept in a placeholder the host reads for the document's head (page-layout.ts), never shown in the page.
    expect(html).toContain('<div class="card wide"><docsite-head><title>x</title></docsite-head><h3>Hello</h3><a href="./other.md">other</a> <img src="/img/a.png"/>');
    expect(html).toContain(
      '<div class="admonition admonition-tip theme-admonition theme-admonition-tip"><div class="admonition-heading">Hint</div><div class="admonition-content">a, b</div></div>',
    );
    expect(html).toContain('<details><summary>More</summary><docsite-code data-language="php" data-title="a.php">&lt;?php echo 1;</docsite-code></details>');
    expect(html).toContain('<span>no js</span>');
    expect(html.replace(/<docsite-head>.*?<\/docsite-head>/, '')).not.toContain('<title>');
  });

  it('passes children and other imports of the page, renders .md modules as placeholders with their text, and named exports of an index file', async () => {
    const files = filesOf({
      'docs/page.md': '',
      'docs/_files/index.tsx': "export { default as Summary } from './summary';",
      'docs/_files/summary.tsx':
        "import Description from './summary.mdx';\nimport Chip from '@mui/material/Chip';\nimport Grid from '@mui/material/Grid';\nexport default ({ extra: Extra, children }) => <Grid container><Chip label=\"x\" /><h4>Summary</h4>{children ?? <Description />}{Extra && <Extra />}</Grid>;",
      'docs/_files/summary.mdx': 'The **summary**.',
      'docs/_files/extra.md': 'Extra text.',
    });
    const bare = spec('./_files', {}, { name: 'Summary' });
    const withChildren = spec('./_files', { extra: { $import: { specifier: './_files/extra.md', name: 'default' } } }, { name: 'Summary', children: true });
    const rendered = await islands.render(files, [bare, withChildren], site, now);
    expect(rendered.islands[bare.key].html).toBe('<h4>Summary</h4><docsite-markdown data-path="docs/_files/summary.mdx"></docsite-markdown>');
    expect(rendered.islands[withChildren.key].html).toBe(
      '<h4>Summary</h4><docsite-children></docsite-children><docsite-markdown data-path="docs/_files/extra.md"></docsite-markdown>',
    );
    expect(rendered.markdown).toEqual({ 'docs/_files/summary.mdx': 'The **summary**.', 'docs/_files/extra.md': 'Extra text.' });
    expect(rendered.clock).toBe(false);
  });

  it('remembers an island by the files it read: a commit that changes none of them evaluates nothing', async () => {
    const tree = { 'docs/page.md': '', 'src/A.jsx': 'export default () => <p>{new Date().getFullYear()}</p>;', 'docs/other.md': 'x' };
    const a = spec('@site/src/A');
    const first = await islands.render(filesOf(tree), [a], site, now);
    expect(first.islands[a.key].html).toBe('<p>2026</p>');
    expect(first.clock).toBe(true);
    const before = islands.counts.evaluated;
    await islands.render(filesOf({ ...tree, 'docs/other.md': 'changed' }), [a], site, now);
    expect(islands.counts.evaluated).toBe(before);
    const changed = await islands.render(filesOf({ ...tree, 'src/A.jsx': 'export default () => <p>new</p>;' }), [a], site, now);
    expect(changed.islands[a.key].html).toBe('<p>new</p>');
    expect(islands.counts.evaluated).toBe(before + 1);
  });

  it('renders Tabs, DocCardList, the site context, colour mode, internal URLs and any other @theme component as docsite does', async () => {
    const files = filesOf({
      'docs/page.md': '',
      'src/Kit.jsx': `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import DocCardList from '@theme/DocCardList';
import Unknown from '@theme/SomethingElse';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import isInternalUrl from '@docusaurus/isInternalUrl';
import { useColorMode } from '@docusaurus/theme-common';
import { useLocation } from '@docusaurus/router';
import { useMDXComponents } from '@mdx-js/react';
export default () => {
  const { siteConfig } = useDocusaurusContext();
  const components = useMDXComponents({ x: 1 });
  return <section title={siteConfig.title + ' ' + useColorMode().colorMode + ' ' + useLocation().pathname + ' ' + components.x}>
    <Tabs groupId="os"><TabItem value="linux" label="Linux">L</TabItem><TabItem value="mac" label="macOS" default>M</TabItem></Tabs>
    <DocCardList /><Unknown>kept</Unknown>{String(isInternalUrl('/docs/a'))}{String(isInternalUrl('https://x.org'))}</section>;
};`,
    });
    const { islands: out } = await islands.render(files, [spec('@site/src/Kit')], site, now);
    expect(Object.values(out)[0].html).toBe(
      '<section title="Site light /docs/page 1"><div class="tabs" data-group-id="os">' +
        '<input type="radio" name="tabs-island-0-1" id="tabs-island-0-1-0" class="tabs__radio" value="linux"/><label for="tabs-island-0-1-0" class="tabs__label">Linux</label><div class="tabs__panel">L</div>' +
        '<input type="radio" name="tabs-island-0-1" id="tabs-island-0-1-1" class="tabs__radio" checked="" value="mac"/><label for="tabs-island-0-1-1" class="tabs__label">macOS</label><div class="tabs__panel">M</div>' +
        '</div><docsite-doc-cards></docsite-doc-cards>kept<!-- -->true<!-- -->false</section>',
    );
  });

  it("answers useColorMode, useThemeConfig and ThemedImage with the config's defaultMode, as Docusaurus's server render", async () => {
    const files = filesOf({
      'docs/page.md': '',
      'src/Logo.jsx': `import ThemedImage from '@theme/ThemedImage';
import { useColorMode, useThemeConfig } from '@docusaurus/theme-common';
export default () => <p title={useColorMode().colorMode + ' ' + String(useColorMode().isDarkTheme) + ' ' + useThemeConfig().colorMode.defaultMode}><ThemedImage alt="logo" sources={{ light: '/light.svg', dark: '/dark.svg' }} /></p>;`,
    });
    const dark = { ...site, siteConfig: { themeConfig: { colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false } } } };
    expect(Object.values((await islands.render(files, [spec('@site/src/Logo')], dark, now)).islands)[0].html).toBe(
      '<p title="dark true dark"><img src="/dark.svg" alt="logo"/></p>',
    );
    const light = { ...site, siteConfig: { themeConfig: { colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false } } } };
    expect(Object.values((await islands.render(files, [spec('@site/src/Logo')], light, now)).islands)[0].html).toBe(
      '<p title="light false light"><img src="/light.svg" alt="logo"/></p>',
    );
  });

  it('loads React only for code that asks for it: a sidebars file does not pay for it', async () => {
    const before = sandbox.counts.shimLoads;
    const outcome = await sandbox.evaluate(filesOf({ 'sidebars.js': "module.exports = { docs: ['a'] };" }), { entry: 'sidebars.js', now });
    expect(outcome.values?.[0]).toEqual({ docs: ['a'] });
    expect(sandbox.counts.shimLoads).toBe(before);
    await islands.render(filesOf({ 'docs/page.md': '', 'src/B.jsx': 'export default () => <i>b</i>;' }), [spec('@site/src/B')], site, now);
    expect(sandbox.counts.shimLoads).toBe(before + 1);
  });

  it('gives a positioned problem for a component that throws, renders forever or is missing, and renders the others', async () => {
    const files = filesOf({
      'docs/page.md': '',
      'src/Throws.jsx': "export default () => {\n  throw new Error('broken component');\n};",
      'src/Forever.jsx': 'export default () => { for (;;) {} };',
      'src/Fine.jsx': 'export default () => <b>fine</b>;',
    });
    const specs = [spec('@site/src/Throws'), spec('@site/src/Forever'), spec('@site/src/Missing'), spec('@site/src/Fine')];
    const before = sandbox.counts.evaluations;
    const { islands: out } = await islands.render(files, specs, site, now);
    // Two evaluations: the one the endless loop stopped (the island before it kept), then the rest.
    expect(sandbox.counts.evaluations - before).toBe(2);
    // The line of the file as written, not of esbuild's CommonJS output.
    expect(out[specs[0].key].problem).toMatchObject({ message: 'broken component', file: 'src/Throws.jsx', line: 2 });
    expect(out[specs[1].key].problem?.message).toMatch(/budget|stopped/);
    expect(out[specs[2].key].problem?.message).toMatch(/Cannot find module/);
    expect(out[specs[3].key].html).toBe('<b>fine</b>');
  });

  it('pays the CPU budget of a component that renders forever once a while, not once per page that uses it, and says when to try again', async () => {
    const files = filesOf({ 'docs/a.md': '', 'docs/b.md': '', 'src/Loop.jsx': 'export default () => { for (;;) {} };' });
    const first = { ...spec('@site/src/Loop'), key: 'a', from: 'docs/a.md' };
    const second = { ...spec('../src/Loop'), key: 'b', from: 'docs/b.md' };
    const before = sandbox.counts.evaluations;
    const stopped = await islands.render(files, [first], { ...site, permalink: '/docs/a' }, now);
    expect(stopped.islands.a.problem?.message).toMatch(/budget|stopped/);
    // A busy moment may have stopped it: the page is to be tried again, once the while has passed.
    expect(stopped.retryAt).toBeGreaterThan(Date.now());
    // The first time for a short while: a heavy component on a busy machine renders once the moment passes.
    expect(stopped.retryAt).toBeLessThanOrEqual(Date.now() + stoppedRetryMs(1));
    expect(stoppedRetryMs(1)).toBeLessThan(STOPPED_RETRY_MS);
    // Another page, the same module by another path: the same problem, with no evaluation.
    const again = await islands.render(files, [second], { ...site, permalink: '/docs/b' }, now);
    expect(again.islands.b.problem?.message).toMatch(/budget|stopped/);
    expect(again.retryAt).toBe(stopped.retryAt);
    expect(sandbox.counts.evaluations - before).toBe(1);
    // Once the file changes, it is tried again; and once the while has passed.
    const fixed = filesOf({ 'docs/b.md': '', 'src/Loop.jsx': 'export default () => <i>fixed</i>;' });
    expect((await islands.render(fixed, [second], { ...site, permalink: '/docs/b' }, now)).islands.b.html).toBe('<i>fixed</i>');
    // The fix rendered, so the loop starts again from one stop; stopped again once its while has passed, a longer while.
    const retries: (number | undefined)[] = [];
    let at = Date.now();
    for (const strikes of [1, 2]) {
      at += stoppedRetryMs(strikes) + 1000;
      const clock = vi.spyOn(Date, 'now').mockReturnValue(at);
      try {
        retries.push((await islands.render(files, [second], { ...site, permalink: '/docs/b' }, now)).retryAt);
      } finally {
        clock.mockRestore();
      }
    }
    expect(sandbox.counts.evaluations - before).toBe(4);
    expect(retries).toEqual([at - stoppedRetryMs(2) - 1000 + stoppedRetryMs(1), at + stoppedRetryMs(2)]);
    expect(stoppedRetryMs(2)).toBeGreaterThan(stoppedRetryMs(1));
    expect(stoppedRetryMs(9)).toBe(STOPPED_RETRY_MS);
  });
});
