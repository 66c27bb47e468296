import { describe, expect, it } from 'vitest';
import { forcedRulesEnd, isRuleTarget, matchRedirect, parseRedirects } from './redirects.js';

const FILE = [
  '# comments and blank lines are skipped',
  '',
  '/license /general/license',
  '/general/community/meetings/202403 /general/community/meetings/2024/03',
  '/old/:year/:month /news/:year/:month 302',
  '/translation https://docs.example.org/en/Translation',
  '/releases/* /general/releases/:splat',
  '/pinned /elsewhere 301!',
  '/docs/* /docs/5.3/:splat',
].join('\n');

describe('_redirects (Netlify syntax)', () => {
  const redirects = parseRedirects(FILE, 'static/_redirects');

  it('reads every rule with its line, and has no problem with a valid file', () => {
    expect(redirects.problems).toEqual([]);
    expect(redirects.rules.map((rule) => rule.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('matches exact paths, placeholders and splats; 301 by default; first match wins', () => {
    expect(matchRedirect(redirects, '/license', false)).toMatchObject({ location: '/general/license', status: 301 });
    expect(matchRedirect(redirects, '/license/', false)).toMatchObject({ location: '/general/license' });
    expect(matchRedirect(redirects, '/old/2024/03', false)).toMatchObject({ location: '/news/2024/03', status: 302 });
    expect(matchRedirect(redirects, '/translation', false)).toMatchObject({ location: 'https://docs.example.org/en/Translation' });
    expect(matchRedirect(redirects, '/releases/4.0/4.0.1', false)).toMatchObject({ location: '/general/releases/4.0/4.0.1' });
    expect(matchRedirect(redirects, '/releases', false)).toMatchObject({ location: '/general/releases' });
    expect(matchRedirect(redirects, '/docs/apis/x', false)).toMatchObject({ location: '/docs/5.3/apis/x' });
    expect(matchRedirect(redirects, '/docs', false)).toMatchObject({ location: '/docs/5.3' });
    expect(matchRedirect(redirects, '/licensed', false)).toBeUndefined();
    expect(matchRedirect(redirects, '/old/2024', false)).toBeUndefined();
  });

  it('keeps forced rules apart: they apply even where a page exists', () => {
    expect(matchRedirect(redirects, '/pinned', false)).toBeUndefined();
    expect(matchRedirect(redirects, '/pinned', true)).toMatchObject({ location: '/elsewhere', status: 301 });
    expect(matchRedirect(redirects, '/license', true)).toBeUndefined();
  });

  it('says which line it cannot use and why, and keeps the others', () => {
    const { rules, problems } = parseRedirects(
      ['/a /b', '/only-one-field', '/c /d 200', 'relative /x', '/e?x=1 /f', '/g /h 301 Country=au', '/i/*/j /k', '/l javascript:alert(1)', '/m /n'].join('\n'),
      'static/_redirects',
    );
    expect(rules.map((rule) => rule.line)).toEqual([1, 9]);
    expect(problems.map((problem) => [problem.line, problem.code])).toEqual([
      [2, 'redirects'],
      [3, 'redirects'],
      [4, 'redirects'],
      [5, 'redirects'],
      [6, 'redirects'],
      [7, 'redirects'],
      [8, 'redirects'],
    ]);
    expect(problems[1].message).toMatch(/only redirects .* are supported/);
  });

  it('never lets a placeholder value build a target on another site', () => {
    expect(parseRedirects('/go/:where :where', 'static/_redirects').rules).toEqual([]);
    const open = parseRedirects('/go/* /:splat', 'static/_redirects');
    expect(matchRedirect(open, '/go/\\evil.example', false)).toBeUndefined();
    expect(matchRedirect(open, '/go/docs', false)).toMatchObject({ location: '/docs' });
  });

  it('gives up a target too long for a Location header (a splat used thrice on a long address)', () => {
    const thrice = parseRedirects('/a/* /b/:splat/:splat/:splat', 'static/_redirects');
    expect(matchRedirect(thrice, '/a/short', false)).toMatchObject({ location: '/b/short/short/short' });
    expect(matchRedirect(thrice, `/a/${'x'.repeat(2000)}`, false)).toBeUndefined();
  });

  it('knows the addresses rules send to, which are redirected once and then answer their own 404', () => {
    expect(isRuleTarget(redirects, '/docs/5.3/nosuchpage')).toBe(true);
    expect(isRuleTarget(redirects, '/docs/5.3')).toBe(true);
    expect(isRuleTarget(redirects, '/news/2024/03')).toBe(true);
    expect(isRuleTarget(redirects, '/general/license/')).toBe(true);
    expect(isRuleTarget(redirects, '/docs/5.2/nosuchpage')).toBe(false);
    expect(isRuleTarget(redirects, '/docs/5x3/a')).toBe(false);
    expect(isRuleTarget(redirects, '/news/2024')).toBe(false);
  });

  it('puts a rule set that would loop in its problems, at its first line, and not a splat that only grows its target', () => {
    const loop = parseRedirects(['/a /b', '/b /a', '/c/* /c/:splat', '/x /y 301!', '/y /x 301!', '/p /q 301!'].join('\n'), 'static/_redirects');
    expect(loop.problems.map((problem) => [problem.line, problem.message.replace(/:.*/, '')])).toEqual([
      [1, 'rules (lines 1, 2) send /a back to itself'],
      [3, 'rules (lines 3) send /c/x back to itself'],
      [4, 'forced rules (lines 4, 5) keep redirecting /x'],
    ]);
    expect(redirects.problems).toEqual([]);
    expect(forcedRulesEnd(loop, '/y')).toBe(false);
    expect(forcedRulesEnd(loop, '/q')).toBe(true);
    expect(forcedRulesEnd(loop, '/a')).toBe(true);
  });
});
