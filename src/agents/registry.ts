/**
 * The agents agentlog reads: one line per adapter. An agent named in `schemas/common/agent.ts` without an
 * adapter here is accepted by `--agent` and matches no file.
 */
import type { Agent } from '../schemas/common/agent.js';
import type { AgentAdapter } from './agent-adapter.js';
import { claudeCodeAdapter } from './claude-code/index.js';
import { codexAdapter } from './codex/index.js';
import { copilotCliAdapter } from './copilot-cli/index.js';
import { cursorAdapter } from './cursor/index.js';
import { geminiCliAdapter } from './gemini-cli/index.js';
import { opencodeAdapter } from './opencode/index.js';
import { piAdapter } from './pi/index.js';
import { qwenCodeAdapter } from './qwen-code/index.js';

/** Every registered adapter. Order matters only for content sniffing: Claude Code, the fallback, is last. */
export const adapters: readonly AgentAdapter[] = [
  codexAdapter,
  geminiCliAdapter,
  copilotCliAdapter,
  qwenCodeAdapter,
  piAdapter,
  cursorAdapter,
  opencodeAdapter,
  claudeCodeAdapter,
];

const byAgent = new Map<Agent, AgentAdapter>(adapters.map((adapter) => [adapter.agent, adapter]));

/** The adapter of `agent`, or undefined for an agent known by name only. */
export function adapterFor(agent: Agent): AgentAdapter | undefined {
  return byAgent.get(agent);
}

/**
 * The agent of a JSONL file from its first record: the first adapter whose `looksLike` claims it, else
 * Claude Code (whose records have no single marker).
 */
export function agentOfRecord(first: Record<string, unknown>): Agent {
  for (const adapter of adapters) if (adapter.decode.looksLike?.(first)) return adapter.agent;
  return 'claude-code';
}

/** The adapter that claims a whole JSON document, or undefined when none does. */
export function adapterOfDocument(document: unknown): AgentAdapter | undefined {
  return adapters.find((adapter) => adapter.read.document?.claims(document));
}

/** A record's type as counted in `ReadCounts` (`user`, `response_item:function_call`...); unknown to an agent without an adapter. */
export function recordTypeOf(
  agent: Agent,
  value: Record<string, unknown>,
  lineIndex: number,
): { name: string; known: boolean } {
  const adapter = byAgent.get(agent);
  if (adapter) return adapter.decode.recordType(value, lineIndex);
  return { name: typeof value.type === 'string' ? value.type : '(no type)', known: false };
}
