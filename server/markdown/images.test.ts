// Images keep a working src, by Docusaurus's rules: Markdown images as its transformImage resolves
// them, JSX `require('…').default` and imported images as webpack resolves them.
import { describe, expect, it } from 'vitest';
import { renderTest, testOid } from './test-support.js';

const opts = {
  files: {
    'static/img/x.png': 'png',
    'static2/img/y.png': 'png',
    'general/img/local.png': 'png',
    'general/img/with space.png': 'png',
    'secret/x.png': 'png',
  },
  config: 'staticDirectories: [static, static2]\n',
};
const url = (path: string, name = path.split('/').pop()!) => `/_assets/${testOid(opts, path)}/${name}`;
const srcs = (html: string) => [...html.matchAll(/<img [^>]*?src="([^"]*)"/g)].map((match) => match[1]);

describe('image sources', () => {
  it('resolves Markdown images: @site/ from the repository, /x from the static folders, others from the page folder', async () => {
    const page = await renderTest(
      '![](@site/static/img/x.png) ![](/img/x.png) ![](/img/y.png#dark) ![](./img/local.png) ![](img/local.png?w=1) ![](<./img/with space.png>) ![](img/with%20space.png)',
      opts,
    );
    expect(srcs(page.html)).toEqual([
      url('static/img/x.png'),
      url('static/img/x.png'),
      `${url('static2/img/y.png')}#dark`,
      url('general/img/local.png'),
      url('general/img/local.png'),
      url('general/img/with space.png', 'with%20space.png'),
      url('general/img/with space.png', 'with%20space.png'),
    ]);
  });

  it('leaves external, pathname:// and unknown images as written, and never serves files outside the docs and static folders', async () => {
    const page = await renderTest('![](https://example.org/a.png) ![](pathname:///img/raw.png) ![](/img/missing.png) ![](@site/secret/x.png)', opts);
    expect(srcs(page.html)).toEqual(['https://example.org/a.png', '/img/raw.png', '/img/missing.png', '@site/secret/x.png']);
  });

  it("keeps a JSX image's src written with require('…').default, from the repository root or the page folder", async () => {
    const source = [
      '<img src={require(\'/static/img/x.png\').default} alt="a" />',
      "<img src={require('@site/static/img/x.png').default} />",
      "<img src={require('./img/local.png').default} />",
      "<img src={require('./img/none.png').default} />",
    ].join('\n\n');
    const page = await renderTest(source, opts);
    expect(srcs(page.html)).toEqual([url('static/img/x.png'), url('static/img/x.png'), url('general/img/local.png')]);
    expect(page.html).toContain('alt="a"');
    expect(page.warnings.map((warning) => warning.message)).toEqual([expect.stringContaining('require("./img/none.png") names no file')]);
  });

  it('binds an imported image to its URL', async () => {
    const page = await renderTest("import logo from '@site/static/img/x.png';\nimport gone from './gone.png';\n\n<img src={logo} />", opts);
    expect(srcs(page.html)).toEqual([url('static/img/x.png')]);
    expect(page.warnings.map((warning) => warning.message)).toEqual(['import of "./gone.png": no file this site serves']);
  });
});

describe('image dimensions', () => {
  it('writes the width and height of Markdown images, as Docusaurus does, not of others', async () => {
    const imageSizes = { 'static/img/x.png': { width: 200, height: 82 } };
    const page = await renderTest("![a](/img/x.png 'Title') ![b](img/local.png)\n\n<img src={require('@site/static/img/x.png').default} />", { ...opts, imageSizes });
    expect(page.html).toContain(`<img src="${url('static/img/x.png')}" alt="a" title="Title" width="200" height="82">`);
    expect(page.html).toContain(`<img src="${url('general/img/local.png')}" alt="b">`);
    expect(page.html).toContain(`<img src="${url('static/img/x.png')}">`);
  });

  it('finds the images a source names without parsing it', async () => {
    const { markdownImageUrls } = await import('./images.js');
    expect(markdownImageUrls('![a](./x.png "t") ![b [c]](<./with space.png>) [not](y.png)\n\n[ref]: ./z.png\n')).toEqual([
      { url: './x.png', line: 1 },
      { url: './with space.png', line: 1 },
      { url: './z.png', line: 3 },
    ]);
  });
});
