#!/usr/bin/env node
// The `docsite` command (package.json "bin"; `npx docsite …` in a checkout of this project, after
// `npm run build`). With no arguments it runs the server as the environment configures it (as
// `npm start` does, without bin/start.sh's heap sizing). `docsite preview <folder>` serves a local
// checkout of a content repository, uncommitted changes included, and reloads open pages when a
// file is saved. `docsite check-links` reports a ref's broken links (exit 1 when there are any);
// `docsite config --print` the configuration a ref is served with. Plain JavaScript, so the
// environment is set before the server and React load.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE = `Usage:
  docsite                    run the server (configured by environment variables, see README)
  docsite preview <folder>   serve a local checkout, uncommitted changes included, with live reload (PORT, default 3000)
  docsite check-links [--ref <ref>] [--repo <path or URL>] [--json]
                             report the broken links and anchors of a ref; exits 1 when there are any
  docsite config --print [--ref <ref>] [--repo <path or URL>]
                             print the configuration a ref is served with, and where each value came from`;

const [command, folder, ...rest] = process.argv.slice(2);
if (command === 'preview') {
  if (!folder || rest.length) fail(USAGE);
  const dir = path.resolve(folder);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) fail(`docsite preview: "${folder}" is not a folder`);
  const id = crypto.createHash('sha256').update(dir).digest('hex').slice(0, 12);
  Object.assign(process.env, {
    CONTENT_DIR: dir,
    CONTENT_REPO: '',
    WATCH_CONTENT: 'on',
    SYNC_INTERVAL: '0',
    // The commits of the working tree live outside the author's repository.
    DATA_DIR: process.env.DATA_DIR || path.join(os.tmpdir(), `docsite-preview-${id}`),
  });
} else if (command === 'check-links' || command === 'config') {
  // build/docsite.js runs the command itself (bin/check-links.ts, bin/config-print.ts), with these arguments.
} else if (command === '--help' || command === '-h') {
  console.log(USAGE);
  process.exit(0);
} else if (command !== undefined) {
  fail(`docsite: unknown command "${command}"\n${USAGE}`);
}

process.env.NODE_ENV ||= 'production';
const server = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'docsite.js');
if (!fs.existsSync(server)) fail('docsite: the server is not built yet; run `npm run build` first');
await import(server);

/** Prints a message and exits with the usage error status. */
function fail(message) {
  console.error(message);
  process.exit(2);
}
