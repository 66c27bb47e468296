// A blog of POSTS posts (about 600 words each, tags and authors, half with a truncation marker)
// served by the built server: the first answer of each kind of blog page after a start (cold: the
// blog read from git, posts rendered; then a branch that edits one post), then warm throughput with autocannon beside a Node static
// server answering the same bytes from memory (the peer: on a shared machine only ratios hold), and
// the server's peak resident memory (VmHWM), which an operator sizes the container for.
// Prints figures; never fails on a number.
//
//   npm run build && npx tsx bench/blog.ts   (POSTS=300 BENCH_SECONDS=5)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { startApp } from '../tests/support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from '../tests/support/repos.js';

const POSTS = Number(process.env.POSTS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WORDS = 'release plugin configuration docs search version branch preview feed reader author tag build page site theme'.split(' ');

/** A post's Markdown: a paragraph, maybe a marker, sections with code. */
function post(index: number): string {
  const words = (count: number) => Array.from({ length: count }, (_, word) => WORDS[(index * 7 + word * 3) % WORDS.length]).join(' ');
  const tags = [`t${index % 12}`, `t${index % 5}`];
  const sections = Array.from({ length: 5 }, (_, n) => `## Part ${n + 1}\n\n${words(110)}.\n\n\`\`\`js\nconst part${n} = ${index};\n\`\`\`\n`).join('\n');
  return `---\ntitle: Post number ${index}\nauthors: [a${index % 4}]\ntags: [${tags.join(', ')}]\n---\n\n${words(40)}.\n\n${index % 2 ? '<!-- truncate -->\n\n' : ''}${sections}`;
}

/** The peak resident memory of a process, in MiB. */
function peakMiB(pid: number): number {
  return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** Requests per second of GET url for SECONDS, 10 connections. */
async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: SECONDS });
  return result.requests.average;
}

async function main() {
  const dir = path.join(tempDir('bench-blog-'), 'site');
  const repo = await TestRepo.create(dir);
  const files: Record<string, string> = {
    'docsite.yaml': 'title: Bench\ndocs: { path: docs, base: docs }\nblog: { feedOptions: { type: all } }\n',
    'docs/intro.md': '# Intro\n',
    'blog/authors.yml': Array.from({ length: 4 }, (_, n) => `a${n}:\n  name: Author ${n}\n  page: true\n`).join(''),
  };
  for (let index = 0; index < POSTS; index++) {
    const day = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
    files[`blog/${day}-post-${index}.md`] = post(index);
  }
  await repo.commit(files);
  // A branch that edits one post: its blog is read again, each unchanged post's source kept by blob.
  await repo.branch('edit');
  const edited = Object.keys(files).find((name) => name.endsWith('-post-0.md'))!;
  await repo.commit({ [edited]: `${files[edited]}\nOne more line.\n` });
  await repo.checkout('main');
  const app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', PREVIEW_BRANCHES: '*' });
  const newest = new Date(Date.UTC(2020, 0, 1) + (POSTS - 1) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '/');
  const pages = {
    list: '/blog',
    'branch list': '/blog/~edit',
    post: `/blog/${newest}/post-${POSTS - 1}`,
    'last list page': `/blog/page/${Math.ceil(POSTS / 10)}`,
    tag: '/blog/tags/t-3',
    rss: '/blog/rss.xml',
    search: '/api/search?q=plugin',
  };
  console.log(`blog of ${POSTS} posts`);
  const bodies = new Map<string, Buffer>();
  for (const [name, pathname] of Object.entries(pages)) {
    const started = performance.now();
    const response = await fetch(app.url + pathname);
    const body = Buffer.from(await response.arrayBuffer());
    bodies.set(pathname, body);
    console.log(`cold ${name.padEnd(15)} ${response.status} ${(performance.now() - started).toFixed(0).padStart(6)} ms  ${(body.length / 1024).toFixed(1)} KiB`);
  }
  // The peer: the same bytes from memory, as a static server would send a built site's files.
  const peer = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  const peerUrl = `http://127.0.0.1:${(peer.address() as { port: number }).port}`;
  for (const name of ['list', 'post', 'rss'] as const) {
    const ours = await throughput(app.url + pages[name]);
    const theirs = await throughput(peerUrl + pages[name]);
    console.log(`warm ${name.padEnd(15)} docsite ${ours.toFixed(0).padStart(6)} req/s   static peer ${theirs.toFixed(0).padStart(6)} req/s   ratio ${(ours / theirs).toFixed(2)}`);
  }
  console.log(`peak RSS of the server: ${peakMiB(app.nodePid()).toFixed(0)} MiB`);
  peer.close();
  await app.stop();
  removeTempDirs();
}

void main();
