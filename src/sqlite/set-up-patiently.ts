// Setting up a new SQLite file that another process may be setting up at the same moment (the index, the
// archive's catalogue).

/**
 * Runs `open` (which opens and sets up a database), again after a pause while SQLite answers SQLITE_BUSY at
 * once. A new database that another process is setting up is still in SQLite's rollback journal (until WAL is
 * on): there a connection that reads and then needs to write while another holds the write lock gets
 * SQLITE_BUSY without waiting for its busy timeout (waiting could deadlock both). The other process commits in
 * milliseconds; this waits up to `patienceMs`.
 */
export function setUpPatiently<T>(open: () => T, patienceMs = 5_000): T {
  const start = Date.now();
  for (let pauseMs = 10; ; pauseMs = Math.min(pauseMs * 2, 250)) {
    try {
      return open();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== 'SQLITE_BUSY' || Date.now() - start > patienceMs)
        throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs);
    }
  }
}
