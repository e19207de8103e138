/** The agents agentlog reads. Every switch on an agent ends with `agent satisfies never`. */
export const agents = ['claude-code', 'codex'] as const;
export type Agent = (typeof agents)[number];

export function isAgent(value: string): value is Agent {
  return (agents as readonly string[]).includes(value);
}
