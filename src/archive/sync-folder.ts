import { open } from 'node:fs/promises';

/** Makes a rename or a new file's name durable: syncs the folder holding it (not possible everywhere; then skipped). */
export async function syncFolder(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Windows and some file systems cannot sync a folder.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
