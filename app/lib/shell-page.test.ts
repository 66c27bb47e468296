import { describe, expect, it } from 'vitest';
import { type PageBoundShell, shellForPage } from './shell-page.js';

/** A preview's shell made for `mission`, as server/site/views/shell.ts writes it. */
const shell: PageBoundShell = {
  prefix: '/general/~feature%2Fx',
  page: '/general/~feature%2Fx/community/mission',
  versions: [
    { name: 'current', prefix: '/general/next', href: '/general/next/community/mission?switch', missing: false },
    { name: '5.0', prefix: '/general', href: '/general/community/mission?switch', missing: true },
  ],
  lastVersion: { prefix: '/general', href: '/general/community/mission' },
  canonical: '/general/community/mission',
  missing: null,
};

describe('shellForPage', () => {
  it('leaves the shell of the page on screen as it is', () => {
    expect(shellForPage(shell, shell.page)).toBe(shell);
  });

  it('moves every link to the page to the page on screen, keeping their queries', () => {
    const moved = shellForPage(shell, '/general/~feature%2Fx/community/roadmap');
    expect(moved.page).toBe('/general/~feature%2Fx/community/roadmap');
    expect(moved.versions.map((version) => version.href)).toEqual(['/general/next/community/roadmap?switch', '/general/community/roadmap?switch']);
    expect(moved.lastVersion.href).toBe('/general/community/roadmap');
    expect(moved.canonical).toBe('/general/community/roadmap');
  });

  it("takes which versions lack the page from the page's own data, and says none does without it", () => {
    const holding = [
      { name: 'current', has: false },
      { name: '5.0', has: true },
    ];
    expect(shellForPage(shell, '/general/~feature%2Fx/community/roadmap', holding).versions.map((version) => version.missing)).toEqual([true, false]);
    expect(shellForPage(shell, '/general/~feature%2Fx/community/roadmap').versions.map((version) => version.missing)).toEqual([false, false]);
  });

  it("moves a missing version's link to its main doc, naming the page on screen", () => {
    const withMain = { ...shell, versions: shell.versions.map((version) => ({ ...version, mainHref: `${version.prefix}?missing=community%2Fmission` })) };
    const moved = shellForPage(withMain, '/general/~feature%2Fx/community/road%20map');
    expect(moved.versions.map((version) => version.mainHref)).toEqual(['/general/next?missing=community%2Froad%20map', '/general?missing=community%2Froad%20map']);
  });

  it("drops the version home's note about a missing page once the reader moves on", () => {
    const home = { ...shell, page: shell.prefix, missing: 'no/such/page' };
    expect(shellForPage(home, '/general/~feature%2Fx/community/roadmap').missing).toBeNull();
  });

  it('moves links to the version home, and from it', () => {
    const home = { ...shell, page: shell.prefix, versions: [{ name: '5.0', prefix: '/general', href: '/general?switch' }], lastVersion: { prefix: '/general', href: '/general' } };
    const moved = shellForPage(home, '/general/~feature%2Fx/community/roadmap');
    expect(moved.versions[0].href).toBe('/general/community/roadmap?switch');
    expect(shellForPage(moved, shell.prefix).lastVersion.href).toBe('/general');
  });

  it('leaves a shell of another ref as it is, and a link that is not to its page', () => {
    expect(shellForPage(shell, '/general/community/roadmap')).toBe(shell);
    expect(shellForPage(shell, '/general/~feature%2Fxy/community/roadmap')).toBe(shell);
    const search = { ...shell, versions: [{ name: '5.0', prefix: '/general', href: '/general/search?q=cache' }] };
    expect(shellForPage(search, '/general/~feature%2Fx/community/roadmap').versions[0].href).toBe('/general/search?q=cache');
  });

  it('does not take a longer page for the shell page', () => {
    const longer = { ...shell, lastVersion: { prefix: '/general', href: '/general/community/mission-statement' } };
    expect(shellForPage(longer, '/general/~feature%2Fx/community/roadmap').lastVersion.href).toBe('/general/community/mission-statement');
  });
});
