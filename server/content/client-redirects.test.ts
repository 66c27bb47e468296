// The client-redirects plugin's table, on the cases of its own tests (collectRedirects.test.ts of
// @docusaurus/plugin-client-redirects): each expected value below is the `from` → `to` that test
// expects, checked against the plugin's 3.10.2 code (lib/collectRedirects.js, extensionRedirects.js,
// writeRedirectFiles.js `createToUrl`). The package itself is not installed: it needs
// @docusaurus/core (webpack and the rest of a build) for a few pure functions.
import { describe, expect, it } from 'vitest';
import type { ClientRedirectsOptions } from '../config/docusaurus/client-redirects.js';
import { clientRedirectTable, type ClientRedirectInput } from './client-redirects.js';

const FILE = 'docusaurus.config.js';

/** One instance at `plugins[0]` with these options. */
function options(partial: Partial<ClientRedirectsOptions>): ClientRedirectsOptions {
  return { at: 'plugins[0]', fromExtensions: [], toExtensions: [], redirects: [], ...partial };
}

/** The table of one instance as an object (path → target), and its problems' messages. */
function table(instance: Partial<ClientRedirectsOptions>, routes: string[], rest: Partial<ClientRedirectInput> = {}) {
  const result = clientRedirectTable({ options: [options(instance)], routes, created: [], baseUrl: '/', trailingSlash: undefined, file: FILE, ...rest });
  return { redirects: Object.fromEntries(result.byPath), problems: result.problems.map((problem) => problem.message) };
}

/** `redirects` option entries, as the config reader gives them. */
const redirect = (from: string, to: string, index: number) => ({ from, to, at: `plugins[0].redirects[${index}]` });

describe('the client-redirects table (as @docusaurus/plugin-client-redirects computes it)', () => {
  it('redirects each route from its extensions, never `/` nor a route that has one already', () => {
    expect(table({ fromExtensions: ['html', 'exe'] }, ['/', '/somePath', '/otherPath.html'])).toEqual({
      redirects: { '/somePath.html': '/somePath', '/somePath.exe': '/somePath' },
      problems: [],
    });
    // `/path/` from `/path.html/` (extensionRedirects.ts); both forms are asked for with or without the slash.
    expect(table({ fromExtensions: ['html'] }, ['/docs/', '/docs/intro'])).toEqual({ redirects: { '/docs.html': '/docs/', '/docs/intro.html': '/docs/intro' }, problems: [] });
  });

  it('redirects to a route with an extension from the route without it', () => {
    expect(table({ toExtensions: ['html', 'exe'] }, ['/', '/somePath', '/otherPath.html']).redirects).toEqual({ '/otherPath': '/otherPath.html' });
  });

  it('follows the `redirects` option, `from` a list too, `to` given the trailingSlash of the site', () => {
    const redirects = [redirect('/someLegacyPath', '/somePath', 0), redirect('/someLegacyPathArray1', '/', 1), redirect('/someLegacyPathArray2', '/', 1)];
    const expected = (to: string) => ({ '/someLegacyPath': to, '/someLegacyPathArray1': '/', '/someLegacyPathArray2': '/' });
    expect(table({ redirects }, ['/', '/somePath']).redirects).toEqual(expected('/somePath'));
    expect(table({ redirects }, ['/', '/somePath/'], { trailingSlash: true }).redirects).toEqual(expected('/somePath/'));
    const slashed = [redirect('/someLegacyPath', '/somePath/', 0), ...redirects.slice(1)];
    expect(table({ redirects: slashed }, ['/', '/somePath'], { trailingSlash: false }).redirects).toEqual(expected('/somePath'));
  });

  it('leaves out a redirect to no page, naming its key, where Docusaurus stops the build; keeps a fragment and other sites', () => {
    const redirects = [redirect('/a', '/', 0), redirect('/b', '/this/path/does/not/exist2', 1), redirect('/c', '/somePath#part', 2), redirect('/d', 'https://example.org/x', 3)];
    const { redirects: found, problems } = table({ redirects }, ['/', '/somePath']);
    expect(found).toEqual({ '/a': '/', '/c': '/somePath#part', '/d': 'https://example.org/x' });
    expect(problems).toEqual([
      'plugins[0].redirects[1].to: "/this/path/does/not/exist2" is no page of the site: the redirect from /b is left out (Docusaurus\'s build stops here)',
    ]);
  });

  it('redirects what createRedirects returned for each route to it, and refuses what is not a pathname', () => {
    const routes = ['/', '/testpath', '/otherPath.html'];
    // The plugin test's function: `${removeTrailingSlash(routePath)}/some/path/suffix1` and `.../some/other/path/suffix2`.
    const created = [routes.map((route) => [`${route.replace(/\/$/, '')}/some/path/suffix1`, `${route.replace(/\/$/, '')}/some/other/path/suffix2`])];
    expect(table({ createRedirects: 0 }, routes, { created }).redirects).toEqual({
      '/some/path/suffix1': '/',
      '/some/other/path/suffix2': '/',
      '/testpath/some/path/suffix1': '/testpath',
      '/testpath/some/other/path/suffix2': '/testpath',
      '/otherPath.html/some/path/suffix1': '/otherPath.html',
      '/otherPath.html/some/other/path/suffix2': '/otherPath.html',
    });
    const invalid = table({ createRedirects: 0 }, ['/'], { created: [[['https://google.com/', '//abc', '/def?queryString=toto']]] });
    expect(invalid.redirects).toEqual({});
    expect(invalid.problems).toHaveLength(3);
    expect(invalid.problems[0]).toBe('plugins[0].createRedirects: "https://google.com/" (to /) is not a pathname: left out');
    const nested = table({ createRedirects: 0 }, ['/'], { created: [[[['/fromPath']]]] });
    expect([nested.redirects, nested.problems.length]).toEqual([{}, 1]);
  });

  it('never redirects a route: only the new paths of fromExtensions and toExtensions', () => {
    const routes = ['/', '/somePath', '/somePath.html', '/somePath.exe', '/fromShouldWork.html', '/toShouldWork'];
    expect(table({ fromExtensions: ['html', 'exe'], toExtensions: ['html', 'exe'] }, routes).redirects).toEqual({
      '/toShouldWork.html': '/toShouldWork',
      '/toShouldWork.exe': '/toShouldWork',
      '/fromShouldWork': '/fromShouldWork.html',
    });
  });

  it('puts the base URL before both sides, as the redirect files are written below it', () => {
    const redirects = [redirect('/old', '/intro#usage', 0)];
    expect(table({ fromExtensions: ['html'], redirects }, ['/base/', '/base/intro'], { baseUrl: '/base/' }).redirects).toEqual({
      '/base/intro.html': '/base/intro',
      '/base/old': '/base/intro#usage',
    });
  });
});
