import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import remixOptions from './remix.config.js';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixOptions)],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    // In the browser: React and Remix in one chunk (it changes only with them, so it stays cached
    // across deploys), and the small app modules several routes share in one more, rather than a
    // chunk each: on a phone every request costs a round trip and its headers (decision 024).
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks(id, { getModuleInfo }) {
              if (/\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//.test(id)) return 'framework';
              // Vite's helper for on-demand chunks, tiny and needed by every page.
              if (id.includes('vite/preload-helper')) return 'shared';
              if (!id.includes('/app/') || id.includes('/app/routes/')) return undefined;
              const info = getModuleInfo(id);
              return info && info.dynamicImporters.length === 0 && info.importers.length > 1 ? 'shared' : undefined;
            },
          },
        },
  },
}));
