/**
 * `probeUnitKeyFacts` from a file's first line alone where that is what decides: a Codex rollout starts with
 * its `session_meta` (in every rollout of the corpora), which names the thread and its parent; a Claude Code
 * subagent file outside a session folder names its session in its first record. One small read of the
 * file's head decides its unit. Anything else (another first record, a line longer than the head, a
 * line that does not parse) goes to `probeUnitKeyFacts`, which reads on until it finds one.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { decodeCodexLine } from '../agents/codex/decode-record.js';
import { agentOfRecord } from '../agents/registry.js';
import { readPathOf } from '../reader/read-path.js';
import type { Agent } from '../schemas/common/agent.js';
import type { SessionFileRef } from '../sources/index.js';
import { codexFacts, probeUnitKeyFacts, type UnitKeyFacts } from './session-unit.js';
import { isObject } from './value-access.js';

const headBytes = 256 * 1024;
/** Read into synchronously, so one buffer serves every file. */
let head: Buffer | undefined;

export async function probeUnitFirstLine(ref: SessionFileRef): Promise<UnitKeyFacts> {
  const codex = ref.agent === 'codex' && ref.role === 'session';
  // A subagent file whose folder does not name its session: its first record does.
  const subagent =
    ref.agent === 'claude-code' && ref.role === 'subagent' && ref.parentSessionId === undefined;
  if (!codex && !subagent) return probeUnitKeyFacts(ref);
  const first = firstLine(await readPathOf(ref.path));
  const agent = first === undefined ? undefined : agentOfRecord(first);
  if (first !== undefined && codex && agent === 'codex') {
    const line = decodeCodexLine(first, 'envelope', { lineIndex: 0 });
    if (line.type === 'session_meta') return codexFacts(ref, line.payload);
  }
  if (first !== undefined && subagent && agent === 'claude-code' && typeof first.sessionId === 'string')
    return { agent: 'claude-code', sessionKey: first.sessionId };
  return probeUnitKeyFacts(ref);
}

/**
 * The agent the reader takes a file for, from its first line (undefined when that line does not end within
 * the head or is not a JSON object: a JSON document, a broken or very long first line).
 */
export function firstLineAgent(path: string): Agent | undefined {
  const first = firstLine(path);
  return first === undefined ? undefined : agentOfRecord(first);
}

/** The file's first line as a JSON object, when it ends within the head and parses to one. */
function firstLine(path: string): Record<string, unknown> | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    head ??= Buffer.allocUnsafe(headBytes);
    const bytesRead = readSync(fd, head, 0, headBytes, 0);
    const end = head.indexOf(10);
    if (end === -1 || end >= bytesRead) return undefined;
    const value: unknown = JSON.parse(head.toString('utf8', 0, end));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
