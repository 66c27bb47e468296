// Warnings and errors once per kind per minute (decision 030): a flood writes one line a minute and
// then says how many it left out.
import { describe, expect, it } from 'vitest';
import { oncePerKind } from './log-limit.js';

describe('oncePerKind', () => {
  it('writes the first warning of a kind in a minute, counts the rest, and passes other levels through', () => {
    let now = 0;
    const written: unknown[][] = [];
    const hook = oncePerKind(() => now);
    const log = (level: number, ...args: unknown[]) => hook.call(undefined, args, (...line: unknown[]) => written.push(line), level);
    for (let i = 0; i < 40; i++) log(40, { code: 'mdx', file: `page-${i}.md` }, 'render');
    log(40, { code: 'import', file: 'other.md' }, 'render');
    log(50, { err: new TypeError('x') }, 'request failed');
    log(50, { err: new TypeError('y') }, 'request failed');
    for (let i = 0; i < 3; i++) log(30, { status: 200 }, 'request');
    expect(written).toHaveLength(6);
    now += 60_000;
    log(40, { code: 'mdx', file: 'late.md' }, 'render');
    expect(written.at(-1)).toEqual([{ code: 'mdx', file: 'late.md', repeated: 39 }, 'render']);
  });
});
