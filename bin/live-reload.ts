// `docsite preview`'s live reload: open pages listen on an event stream (`/_live`) that names the
// working tree's commit, and reload when a save makes a new one (app/components/VersionBanner.tsx).
import type { Request, Response } from 'express';

/** The open event streams, and how to tell them all of a new commit. */
export class LiveReload {
  private readonly listeners = new Set<Response>();

  /** Answers `/_live`: the current commit now, then every new one. */
  listen(req: Request, res: Response, commit: string): void {
    // `no-transform` keeps compression() from buffering the stream.
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store, no-transform', Connection: 'keep-alive' });
    res.write(`data: ${commit}\n\n`);
    this.listeners.add(res);
    req.on('close', () => this.listeners.delete(res));
  }

  /** Sends a new commit to every open page. */
  announce(commit: string): void {
    for (const res of this.listeners) res.write(`data: ${commit}\n\n`);
  }

  /** Ends every stream (at shutdown: an open stream would keep the server from closing). */
  close(): void {
    for (const res of this.listeners) res.end();
    this.listeners.clear();
  }
}
