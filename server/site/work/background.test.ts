import { describe, expect, it } from 'vitest';
import { Background } from './background.js';

/** A job that records when it starts and ends when told to. */
function gatedJob(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish,
    job: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
  };
}

describe('Background', () => {
  it('runs one job at a time, in order, each key once', async () => {
    const background = new Background(16);
    const log: string[] = [];
    const a = gatedJob(log, 'a');
    const b = gatedJob(log, 'b');
    const first = background.run('a', a.job);
    const second = background.run('b', b.job);
    expect(background.run('a', a.job)).toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a']);
    a.finish();
    b.finish();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'start b']);
    expect(background.size).toBe(0);
  });

  it('starts a hurried job at once, beside the running one, and only once', async () => {
    const background = new Background(16);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gatedJob(log, name));
    const results = [background.run('a', a.job), background.run('b', b.job), background.run('c', c.job)];
    background.hurry('c');
    background.hurry('c');
    await new Promise((resolve) => setImmediate(resolve));
    expect([...log].sort()).toEqual(['start a', 'start c']);
    c.finish();
    expect(await results[2]).toBe('c');
    expect(log).toHaveLength(2);
    a.finish();
    b.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log.at(-1)).toBe('start b');
    expect(log).toHaveLength(3);
  });

  it('starts urgent jobs (search indexes) before queued ones that are not, in the order they came', async () => {
    const background = new Background(16);
    const log: string[] = [];
    const [running, check, index1, index2] = ['running', 'check', 'index1', 'index2'].map((name) => gatedJob(log, name));
    const results = [
      background.run('running', running.job),
      background.run('check', check.job),
      background.run('index1', index1.job, { urgent: true }),
      background.run('index2', index2.job, { urgent: true }),
    ];
    for (const job of [running, index1, index2, check]) {
      job.finish();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(results);
    expect(log).toEqual(['start running', 'start index1', 'start index2', 'start check']);
  });

  it('holds jobs that are not urgent until told, starting urgent ones meanwhile', async () => {
    const background = new Background(16);
    const log: string[] = [];
    const release = background.hold();
    const [check, index] = ['check', 'index'].map((name) => gatedJob(log, name));
    const results = [background.run('check', check.job)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([]);
    results.push(background.run('index', index.job, { urgent: true }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start index']);
    release();
    index.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start index', 'start check']);
    check.finish();
    await Promise.all(results);
  });
});
