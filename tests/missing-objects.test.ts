// One git object that cannot be read never breaks a page (issue 55): a clone whose pack lacks an
// image's blob and a partial's (a snapshot made without big media, a partial clone), holds a damaged
// entry, or has a Git LFS pointer committed in place of an image, still answers every page with
// 200. The one file shows as missing, and the link report names the page, the line and why.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { removeTempDirs, tempDir } from './support/repos.js';

/** A PNG of `width` × 1 pixels of one grey: each width is a distinct blob. */
function png(width: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const pixels = zlib.deflateSync(Buffer.concat([Buffer.from([0]), Buffer.alloc(width, width * 7)]));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';

const FILES: Record<string, string | Buffer> = {
  'general/intro.md': '---\ntitle: Introduction\n---\n\nNothing is missing here.\n',
  'general/diagram.md': '---\ntitle: Diagram\n---\n\nBefore the images.\n\n![A lost diagram](./img/lost.png)\n\n![A kept diagram](./img/kept.png)\n\nAfter the images.\n',
  'general/damaged.md': '---\ntitle: Damaged\n---\n\n![A damaged photo](./img/damaged.png)\n\nText under a damaged image.\n',
  'general/lfs.md': '---\ntitle: In LFS\n---\n\n![A photo kept in LFS](./img/lfs.png)\n\nText under an LFS image.\n',
  'general/with-partial.mdx': "---\ntitle: With a partial\n---\n\nimport Part from './_part.mdx';\n\nAbove the partial.\n\n<Part />\n\nBelow the partial.\n",
  'general/_part.mdx': 'The text of the partial.\n',
  'general/img/lost.png': png(3),
  'general/img/kept.png': png(5),
  'general/img/damaged.png': png(9),
  'general/img/lfs.png': LFS_POINTER,
};

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd, stdio: 'pipe', maxBuffer: 64 << 20 }).toString();

/** Repacks a git directory with every object but `omit`, uncompressed deltas off, and no loose objects: the pack a snapshot without those blobs has. */
function repackWithout(gitdir: string, omit: readonly string[]): string {
  const objects = git(gitdir, 'rev-list', '--objects', '--all')
    .split('\n')
    .map((line) => line.split(' ')[0])
    .filter((oid) => oid && !omit.includes(oid));
  const packDir = path.join(gitdir, 'objects', 'pack');
  const old = fs.readdirSync(packDir);
  const name = execFileSync('git', ['pack-objects', '-q', '--window=0', path.join(packDir, 'pack')], { cwd: gitdir, input: `${objects.join('\n')}\n` })
    .toString()
    .trim();
  for (const file of old) fs.rmSync(path.join(packDir, file));
  for (const folder of fs.readdirSync(path.join(gitdir, 'objects'))) {
    if (/^[0-9a-f]{2}$/.test(folder)) fs.rmSync(path.join(gitdir, 'objects', folder), { recursive: true });
  }
  return path.join(packDir, `pack-${name}`);
}

/** Overwrites bytes inside one object's pack entry, so it no longer inflates. */
function damageEntry(pack: string, oid: string): void {
  const offset = git(path.dirname(pack), 'verify-pack', '-v', `${pack}.idx`)
    .split('\n')
    .find((line) => line.startsWith(oid))!
    .split(/\s+/)[4];
  const fd = fs.openSync(`${pack}.pack`, 'r+');
  fs.writeSync(fd, Buffer.alloc(12, 0xa5), 0, 12, Number(offset) + 6);
  fs.closeSync(fd);
}

describe('a clone whose pack lacks, damages or replaces a file', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  const oids: Record<string, string> = {};

  beforeAll(async () => {
    const root = tempDir('docsite-missing-');
    const work = path.join(root, 'work');
    for (const [file, content] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      fs.writeFileSync(path.join(work, file), content);
    }
    git(root, 'init', '-q', '-b', 'main', work);
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'Pages with images and a partial');
    for (const file of ['lost.png', 'kept.png', 'damaged.png', 'lfs.png']) oids[file] = git(work, 'rev-parse', `HEAD:general/img/${file}`).trim();
    oids.part = git(work, 'rev-parse', 'HEAD:general/_part.mdx').trim();
    git(root, 'clone', '-q', '--bare', work, path.join(root, 'site.git'));
    gitServer = await startGitHttpServer(root);

    // The server clones the whole repository over HTTP, then its clone loses two blobs and one is damaged.
    const dataDir = tempDir('docsite-missing-data-');
    const env = { CONTENT_REPO: `${gitServer.url}/site.git`, DATA_DIR: dataDir, SYNC_INTERVAL: '0' };
    const first = await startApp(env);
    await first.stop();
    const clone = path.join(dataDir, 'repos', fs.readdirSync(path.join(dataDir, 'repos')).find((name) => name.endsWith('.git'))!);
    const pack = repackWithout(clone, [oids['lost.png'], oids.part]);
    damageEntry(pack, oids['damaged.png']);
    // What the first start rendered is not kept: every page is read from the damaged clone.
    fs.rmSync(path.join(dataDir, 'cache'), { recursive: true, force: true });
    app = await startApp(env);
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
    removeTempDirs();
  });

  const get = async (url: string) => {
    const res = await fetch(app.url + url);
    return { status: res.status, text: await res.text() };
  };

  it('answers a page whose image blob is missing, with its text, its other image, and the lost one shown as missing', async () => {
    const { status, text } = await get('/general/diagram');
    expect(status).toBe(200);
    expect(text).toContain('Before the images.');
    expect(text).toContain('After the images.');
    expect(text).toContain(`/_assets/${oids['kept.png']}/kept.png`);
    expect(text).toMatch(/<img[^>]*alt="A lost diagram"/);
    expect(text).not.toContain(oids['lost.png']);
    expect((await get(`/_assets/${oids['lost.png']}/lost.png`)).status).toBe(404);
    expect((await get(`/_assets/${oids['kept.png']}/kept.png`)).status).toBe(200);
  });

  it('answers a page whose partial blob is missing, saying the partial is missing where it would be', async () => {
    const { status, text } = await get('/general/with-partial');
    expect(status).toBe(200);
    expect(text).toMatch(/Above the partial\.[\s\S]*The file general\/_part\.mdx is missing from the repository\.[\s\S]*Below the partial\./);
    expect(text).not.toContain('The text of the partial.');
  });

  it('answers pages whose image is damaged in the pack or a Git LFS pointer, never sending the pointer as the image', async () => {
    for (const [page, alt, below, file] of [
      ['/general/damaged', 'A damaged photo', 'Text under a damaged image.', 'damaged.png'],
      ['/general/lfs', 'A photo kept in LFS', 'Text under an LFS image.', 'lfs.png'],
    ]) {
      const { status, text } = await get(page);
      expect(status, page).toBe(200);
      expect(text).toContain(below);
      expect(text).toMatch(new RegExp(`<img[^>]*alt="${alt}"`));
      expect(text).not.toContain(oids[file]);
      expect((await get(`/_assets/${oids[file]}/${file}`)).status, file).toBe(404);
    }
    expect((await get('/general/intro')).text).toContain('Nothing is missing here.');
  });

  it('lists each unreadable file in the link report at the page and line that name it, with why', async () => {
    const report = (await (await fetch(`${app.url}/api/links`)).json()) as { broken: { source: string; line: number; url: string; reason: string }[] };
    const broken = (source: string) => report.broken.filter((link) => link.source === source).map(({ line, url, reason }) => ({ line, url, reason }));
    expect(broken('general/diagram.md')).toEqual([
      { line: 7, url: './img/lost.png', reason: expect.stringMatching(/^the file general\/img\/lost\.png is missing from the repository/) },
    ]);
    expect(broken('general/with-partial.mdx')).toEqual([
      { line: 5, url: 'general/_part.mdx', reason: expect.stringMatching(/^the file general\/_part\.mdx is missing from the repository/) },
    ]);
    expect(broken('general/damaged.md')).toEqual([
      { line: 5, url: './img/damaged.png', reason: expect.stringMatching(/^the file general\/img\/damaged\.png is damaged in the repository/) },
    ]);
    expect(broken('general/lfs.md')).toEqual([{ line: 5, url: './img/lfs.png', reason: expect.stringMatching(/^the file general\/img\/lfs\.png is a Git LFS pointer/) }]);
    expect(broken('general/intro.md')).toEqual([]);
  });
});
