// Hostile code on many branches of the real repository (issue 44), and what readers feel meanwhile.
// Every branch's sidebars/general.js differs (so no result is reused) and never ends, allocates
// without end or recurses; clients open each branch's preview once, one after another (each a new
// evaluation in the sandbox), while a reader reads cached pages of the published site. Prints reader latency before and during, the sandbox's counters and the
// largest RSS of the server (node's process, the sandbox's thread included). Never fails on a number.
//
//   npx tsx bench/sandbox-attack.ts   (BRANCHES=40 BASE_SECONDS=15 ATTACK_SECONDS=40 CLIENTS=4 READER_MS=150 MEMORY_MB=768)
import fs from 'node:fs';
import path from 'node:path';
import { metrics, pacedRead, percentile, request, statusCounts } from '../tests/support/attack.js';
import { startApp } from '../tests/support/app-server.js';
import { cloneBundle, gitIn } from '../tests/support/bundle.js';
import { removeTempDirs, tempDir } from '../tests/support/repos.js';

const BRANCHES = Number(process.env.BRANCHES ?? 40);
const BASE_MS = Number(process.env.BASE_SECONDS ?? 15) * 1000;
const ATTACK_MS = Number(process.env.ATTACK_SECONDS ?? 40) * 1000;
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const READER_MS = Number(process.env.READER_MS ?? 150);
const MEMORY_MB = Number(process.env.MEMORY_MB ?? 768);
const HOSTILE = ['while (true) {}', 'const a = []; for (;;) a.push({ n: a.length, list: [1, 2, 3] });', 'const f = (n) => f(n + 1) + 1; f(0);'];

/** Resident memory of a process, in MiB. */
function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

const dir = cloneBundle(path.join(tempDir('docsite-sandbox-attack-'), 'devdocs'));
for (let i = 0; i < BRANCHES; i++) {
  gitIn(dir, 'checkout', '-q', '-b', `hostile-${i}`, 'main');
  fs.writeFileSync(path.join(dir, 'sidebars/general.js'), `// attempt ${i}\n${HOSTILE[i % HOSTILE.length]}\n`);
  gitIn(dir, 'commit', '-q', '-am', `hostile ${i}`);
}
gitIn(dir, 'checkout', '-q', 'main');
const app = await startApp({ CONTENT_REPO: dir, MEMORY_MB: String(MEMORY_MB), PREVIEW_BRANCHES: '*' }, { timeoutMs: 600_000 });
const pid = app.nodePid();
let maxRss = 0;
const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMiB(pid))), 250);
try {
  const cached = ['/general/community', '/general/development/process', '/docs/5.3/apis/subsystems/access', '/general/releases'];
  for (const page of cached) await (await fetch(app.url + page)).arrayBuffer();
  let turn = 0;
  const phase = (ms: number) => pacedRead(app.url, () => cached[turn++ % cached.length], ms, READER_MS);
  const before = await phase(BASE_MS);
  const rssBefore = maxRss;
  const attackEnd = Date.now() + ATTACK_MS;
  let opened = 0;
  const attackers = Array.from({ length: CLIENTS }, async () => {
    const outcomes = [];
    while (Date.now() < attackEnd && opened < BRANCHES) outcomes.push(await request(`${app.url}/general/~hostile-${opened++}/community`, 120_000));
    return outcomes;
  });
  const during = await phase(ATTACK_MS);
  const answers = (await Promise.all(attackers)).flat();
  const sample = await metrics(app.url);
  const line = (name: string, outcomes: typeof before) => {
    const ms = outcomes.map((outcome) => outcome.ms);
    const ratio =
      name === 'during'
        ? ` (${(
            percentile(ms, 95) /
              percentile(
                before.map((o) => o.ms),
                95,
              )
          ).toFixed(2)}x)`
        : '';
    console.log(
      `reader ${name}: n=${ms.length} p50 ${percentile(ms, 50).toFixed(0)} ms p95 ${percentile(ms, 95).toFixed(0)} ms${ratio} statuses ${JSON.stringify(statusCounts(outcomes))}`,
    );
  };
  line('before', before);
  line('during', during);
  console.log(
    `hostile previews: ${answers.length} answered, statuses ${JSON.stringify(statusCounts(answers))}, p50 ${percentile(
      answers.map((o) => o.ms),
      50,
    ).toFixed(0)} ms`,
  );
  console.log(
    `sandbox: ${sample('docsite_sandbox_evaluations_total')} evaluations, ${sample('docsite_sandbox_failures_total')} failed, ${sample('docsite_sandbox_restarts_total')} threads ended, ${sample('docsite_sandbox_reused_total')} reused`,
  );
  console.log(`RSS: largest ${maxRss.toFixed(0)} MiB (${rssBefore.toFixed(0)} MiB before the attack; MEMORY_MB=${MEMORY_MB})`);
} finally {
  clearInterval(sampler);
  await app.stop();
  removeTempDirs();
}
