import { open } from 'node:fs/promises';

/** The first bytes read to find a file's first line (a `session_meta` line with its instructions fits). */
const headLimit = 1 << 20;

/** What the first line of a `.jsonl` file says about it being a Codex rollout. */
export type CodexHeader = { ok: true; sessionId?: string } | { ok: false; reason: string };

/**
 * Reads the first line of a file under a Codex sessions folder and tells whether it is a session header:
 * a `session_meta` record (`{type: "session_meta", payload: {id, ...}}`) or the bare meta object of the
 * early rollouts (`{id, timestamp, instructions}`). Reads at most 1 MiB; never the whole file.
 */
export async function readCodexHeader(file: string): Promise<CodexHeader> {
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
  } catch (error) {
    return {
      ok: false,
      reason: `Cannot read its first line (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  const newline = text.indexOf('\n');
  const first = (newline < 0 ? text : text.slice(0, newline)).replace(/^\uFEFF/, '').trim();
  if (first === '') return { ok: false, reason: 'Not a Codex rollout: its first line is empty' };
  let value: unknown;
  try {
    value = JSON.parse(first);
  } catch {
    return {
      ok: false,
      reason:
        newline < 0 && text.length >= headLimit
          ? 'Not a Codex rollout: no session header in its first 1 MiB'
          : 'Not a Codex rollout: its first line is not JSON',
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'Not a Codex rollout: its first line is not a JSON object' };
  const record = value as Record<string, unknown>;
  const payload = record.payload;
  if (record.type === 'session_meta' && typeof payload === 'object' && payload !== null) {
    const id = (payload as Record<string, unknown>).id;
    return typeof id === 'string' && id !== '' ? { ok: true, sessionId: id } : { ok: true };
  }
  if (typeof record.id === 'string' && 'timestamp' in record && 'instructions' in record)
    return { ok: true, sessionId: record.id };
  return { ok: false, reason: 'Not a Codex rollout: its first line is not a session header (session_meta)' };
}
