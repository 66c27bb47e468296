// What a tool of the site's MCP server is (decision 037), and what it reads the site through.
import type { z } from 'zod';
import type { RequestContext, Snapshot } from '../site/index.js';

/** How a tool reads the site: a view run on the URL a reader would ask for, with that URL's rules. */
export interface Reading {
  /** The snapshot pinned for this call: every read of one call sees the same commits. */
  snapshot: Snapshot;
  /** The site's origin, for absolute URLs in answers. */
  origin: string;
  /** Runs `view` on `url` (a path and query of this site) as a request for it would: its lane, its admission, its errors. */
  read<T>(url: string, view: (context: RequestContext, origin: string) => T | Promise<T>): Promise<T>;
}

/** One tool: its name, what it is for (read by the agent), its input and what it does. */
export interface Tool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  run(args: z.objectOutputType<Shape, z.ZodTypeAny>, reading: Reading): Promise<unknown>;
}

/** A tool, typed by its input. */
export function tool<Shape extends z.ZodRawShape>(definition: Tool<Shape>): Tool {
  return definition as unknown as Tool;
}
