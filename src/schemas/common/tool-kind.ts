/**
 * The canonical kinds a tool of any agent belongs to, so that inventories compare agents: Claude Code's
 * `Bash`, Codex's `shell` and Gemini's `run_shell_command` are all `shell`. Each registry entry keeps its own
 * name and typed input; the kind is what `tools --by kind` groups by.
 */
export const toolKinds = [
  'shell',
  'read',
  'write',
  'edit',
  'search',
  'web',
  'subagent',
  'plan',
  'mcp',
  'other',
] as const;
export type ToolKind = (typeof toolKinds)[number];

export function isToolKind(value: string): value is ToolKind {
  return (toolKinds as readonly string[]).includes(value);
}
