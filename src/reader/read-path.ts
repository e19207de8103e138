/**
 * Where the bytes of a file are read from. A file gone from disk but kept by agentlog's archive is still
 * known by its original path (locations, the index and every output name it), while its bytes come from a
 * private copy the archive extracts on first use. The CLI registers such files here; every read of a path
 * in this library (`fileChunks`, the agent meta sidecars) goes through {@link readPathOf}.
 */

type Redirect = string | (() => Promise<string>);

const redirects = new Map<string, Redirect>();
const settled = new Map<string, Promise<string>>();

/**
 * Reads of `path` take their bytes from another file: `target` is that file's path, or a function that
 * makes it (called once, on the first read).
 */
export function redirectReads(path: string, target: Redirect): void {
  redirects.set(path, target);
  settled.delete(path);
}

/** Reads of `path` take their bytes from `path` again. */
export function removeRedirect(path: string): void {
  redirects.delete(path);
  settled.delete(path);
}

/** Forgets every redirect (tests, and a server that discovers its files again). */
export function clearRedirects(): void {
  redirects.clear();
  settled.clear();
}

/** Whether reads of `path` are redirected. */
export function isRedirected(path: string): boolean {
  return redirects.has(path);
}

/** The file to open for `path`: `path` itself unless it was redirected (a failed extraction rejects). */
export function readPathOf(path: string): Promise<string> {
  const target = redirects.get(path);
  if (target === undefined) return Promise.resolve(path);
  if (typeof target === 'string') return Promise.resolve(target);
  let pending = settled.get(path);
  if (pending === undefined) {
    pending = target();
    // A failed extraction is tried again by the next read.
    pending.catch(() => settled.delete(path));
    settled.set(path, pending);
  }
  return pending;
}
