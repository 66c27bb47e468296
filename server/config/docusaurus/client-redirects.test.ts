// The client-redirects plugin's options read from a docusaurus.config as the plugin's options.ts
// validates them: what it would refuse is left out alone, with its key path.
import { describe, expect, it } from 'vitest';
import { clientRedirectsOf } from './client-redirects.js';

describe("the client-redirects plugin's options", () => {
  it('reads each instance by any name Docusaurus resolves to it, with its key path', () => {
    const problems: string[] = [];
    const config = {
      plugins: [
        '@docusaurus/plugin-sitemap',
        [
          '@docusaurus/plugin-client-redirects',
          { fromExtensions: ['html'], toExtensions: ['htm'], redirects: [{ from: ['/a', '/b'], to: '/x#y' }], createRedirects: { $function: 4 } },
        ],
        ['client-redirects', { redirects: [{ from: '/c', to: '/z' }] }],
      ],
    };
    expect(clientRedirectsOf(config, (message) => problems.push(message))).toEqual([
      {
        at: 'plugins[1]',
        fromExtensions: ['html'],
        toExtensions: ['htm'],
        redirects: [
          { from: '/a', to: '/x#y', at: 'plugins[1].redirects[0]' },
          { from: '/b', to: '/x#y', at: 'plugins[1].redirects[0]' },
        ],
        createRedirects: 4,
      },
      { at: 'plugins[2]', fromExtensions: [], toExtensions: [], redirects: [{ from: '/c', to: '/z', at: 'plugins[2].redirects[0]' }] },
    ]);
    expect(problems).toEqual([]);
  });

  it('leaves out what the plugin refuses, value by value', () => {
    const problems: string[] = [];
    const config = {
      plugins: [
        [
          '@docusaurus/plugin-client-redirects',
          { fromExtensions: ['html', '.htm', 'a/b'], redirects: [{ from: 'no-slash', to: '/x' }, { from: '/q?x=1', to: '/x' }, { from: '/ok' }, { from: '/fine', to: '/x' }] },
        ],
      ],
    };
    const [read] = clientRedirectsOf(config, (message) => problems.push(message));
    expect(read.fromExtensions).toEqual(['html']);
    expect(read.redirects).toEqual([{ from: '/fine', to: '/x', at: 'plugins[0].redirects[3]' }]);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'plugins[0].fromExtensions[1]',
      'plugins[0].fromExtensions[2]',
      'plugins[0].redirects[0].from',
      'plugins[0].redirects[1].from',
      'plugins[0].redirects[2]',
    ]);
  });
});
