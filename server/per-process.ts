// State that must exist once per process, whichever bundle asks for it (decision 001). The
// production server is two bundles, the host's (`build/docsite.js`) and Remix's (`build/server/`),
// and each holds its own copy of every module both import. A module whose state is the process's
// (the work context, the main thread's line) keeps it here, under a name in the global symbol
// registry, so both copies share one.

/** The one value of `name` in this process: made by the first caller, in any bundle, and shared by all. */
export function perProcess<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`docsite.${name}`);
  registry[key] ??= create();
  return registry[key];
}
