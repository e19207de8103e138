/**
 * The agents agentlog knows by name. Each one that agentlog reads has an adapter in `src/agents/` (listed in
 * `src/agents/registry.ts`); a name without an adapter yet is accepted by `--agent` and simply matches nothing.
 * Code that needs to tell agents apart asks the adapter (`adapterFor`) or {@link agentInfo}, never a switch.
 */
export const agents = [
  'claude-code',
  'codex',
  'gemini-cli',
  'copilot-cli',
  'pi',
  'qwen-code',
  'opencode',
  'cursor',
] as const;
export type Agent = (typeof agents)[number];

export function isAgent(value: string): value is Agent {
  return (agents as readonly string[]).includes(value);
}

/** What every layer may know about an agent without its wire format: how to name it and whose models it runs. */
export interface AgentInfo {
  /** The product's name for messages and pages: `Claude Code`, `Gemini CLI`. */
  readonly name: string;
  /** The model provider as OpenTelemetry's `gen_ai.system` names it (`anthropic`, `openai`, `gcp.gemini`...). */
  readonly provider: string;
}

export const agentInfo: Readonly<Record<Agent, AgentInfo>> = {
  'claude-code': { name: 'Claude Code', provider: 'anthropic' },
  codex: { name: 'Codex', provider: 'openai' },
  'gemini-cli': { name: 'Gemini CLI', provider: 'gcp.gemini' },
  'copilot-cli': { name: 'Copilot CLI', provider: 'github' },
  pi: { name: 'Pi', provider: 'pi' },
  'qwen-code': { name: 'Qwen Code', provider: 'qwen' },
  opencode: { name: 'OpenCode', provider: 'opencode' },
  cursor: { name: 'Cursor', provider: 'cursor' },
};
