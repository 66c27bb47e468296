import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import remixOptions from './remix.config.js';

export default defineConfig({
  plugins: [remix(remixOptions)],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: { target: 'es2022' },
});
