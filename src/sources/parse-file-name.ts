const uuidSource = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const uuidExact = new RegExp(`^${uuidSource}$`, 'i');
const orphanedName = /\.jsonl\.orphaned-\d+$/;

/** True when `value` is a hex UUID (any case), the shape of Claude Code session ids and Codex thread ids. */
export function isUuid(value: string): boolean {
  return uuidExact.test(value);
}

/** The last UUID inside `value`, or undefined. Codex fork files carry two (`<rootId>_<threadId>`). */
export function lastUuid(value: string): string | undefined {
  const matches = value.match(new RegExp(uuidSource, 'gi'));
  return matches?.at(-1);
}

/** What a file name alone says about a transcript file. */
export type FileNameKind =
  /** `agent-<agentId>.jsonl`: a Claude Code subagent transcript. */
  | { kind: 'agent'; stem: string; agentId: string }
  /** `rollout-*.jsonl`: a Codex rollout; `threadId` is the last UUID of the name. */
  | { kind: 'rollout'; stem: string; threadId?: string }
  /** `*.jsonl.orphaned-N`: a Claude Code copy that is not a live transcript. */
  | { kind: 'orphaned' }
  /** Any other `*.jsonl`; `uuid` is set when the stem is a UUID. */
  | { kind: 'jsonl'; stem: string; uuid?: string }
  | { kind: 'other' };

/** Classifies a file name (no folder part). */
export function parseFileName(name: string): FileNameKind {
  if (orphanedName.test(name)) return { kind: 'orphaned' };
  if (!name.endsWith('.jsonl')) return { kind: 'other' };
  const stem = name.slice(0, -'.jsonl'.length);
  if (stem.startsWith('agent-') && stem.length > 'agent-'.length) {
    return { kind: 'agent', stem, agentId: stem.slice('agent-'.length) };
  }
  if (stem.startsWith('rollout-')) {
    const threadId = lastUuid(stem);
    return threadId === undefined ? { kind: 'rollout', stem } : { kind: 'rollout', stem, threadId };
  }
  return isUuid(stem) ? { kind: 'jsonl', stem, uuid: stem } : { kind: 'jsonl', stem };
}

/** True for names discovery collects while walking: `*.jsonl` and orphaned copies. */
export function isCollectedName(name: string): boolean {
  return name.endsWith('.jsonl') || orphanedName.test(name);
}

/**
 * True for names a walk of user-given paths collects: those of {@link isCollectedName}, `*.json` files
 * other than Claude Code's `*.meta.json` sidecars (whole-document sessions; see `classify-file.ts`), and
 * Cursor's chat stores (`store.db`).
 */
export function isCollectedPathName(name: string): boolean {
  return (
    isCollectedName(name) || (name.endsWith('.json') && !name.endsWith('.meta.json')) || name === 'store.db'
  );
}
