import { open } from 'node:fs/promises';

/** The first bytes read to tell a session document from another JSON file. */
const headLimit = 8 * 1024;

/**
 * Whether a `.json` file found in a user-given folder looks like a whole-document session (Gemini CLI's
 * `session-*.json`, Copilot CLI's oldest sessions): a JSON object that names a `sessionId` in its first 8 KiB.
 * Which agent wrote it is decided later, by content (`src/agents/registry.ts`). Reads at most 8 KiB.
 */
export async function looksLikeSessionDocument(file: string): Promise<boolean> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(headLimit);
      const { bytesRead } = await handle.read(buffer, 0, headLimit, 0);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    // Unreadable: offered anyway, so that the read reports why (a located problem, never a silent loss).
    return true;
  }
  return /^\uFEFF?\s*\{/.test(text) && text.includes('"sessionId"');
}
