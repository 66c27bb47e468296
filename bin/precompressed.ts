// Built scripts and styles compressed once at build time (scripts/precompress.ts), sent as they are
// to browsers that accept brotli; other clients get the file compressed on the fly, as before.
import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Serves `{dir}/{file}.br` for `/{file}` when the browser accepts brotli; a fingerprinted file never changes, so it is cached forever. */
export function precompressed(dir: string): (req: Request, res: Response, next: NextFunction) => void {
  // Read once: the build does not change under a running server.
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.br')) : []);
  return (req, res, next) => {
    const name = `${req.path.slice(1)}.br`;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !files.has(name) || req.acceptsEncodings('br', 'identity') !== 'br') return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', 'br');
    res.type(path.extname(req.path));
    res.sendFile(name, { root: dir, immutable: true, maxAge: '1y' }, (error) => error && next(error));
  };
}
