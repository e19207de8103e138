/**
 * A Claude Code hook written with `agentlog/hooks`: it refuses recursive `rm` of the root or home
 * folder in Bash, and logs every tool call (before and after it runs) as one NDJSON line.
 *
 * Register it for PreToolUse and PostToolUse in `~/.claude/settings.json` (see examples/hooks/README.md):
 *   { "hooks": { "PreToolUse": [{ "matcher": "*", "hooks": [{ "type": "command", "command": "node /path/to/guard-bash.js" }] }],
 *                "PostToolUse": [{ "matcher": "*", "hooks": [{ "type": "command", "command": "node /path/to/guard-bash.js" }] }] } }
 * The log goes to `$AGENTLOG_HOOK_LOG`, else `$XDG_STATE_HOME/agentlog-hooks/tool-calls.ndjson`
 * (`~/.local/state/...` without XDG_STATE_HOME).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deny, type HookInput, type HookOutput, isToolEvent, isToolInput, runHook } from 'agentlog/hooks';

/** Why a shell command must not run, or undefined when it may. */
export function dangerousCommand(command: string): string | undefined {
  // Each simple command of a list or pipeline: `cd / && rm -rf *` is two commands.
  for (const segment of command.split(/&&|\|\||[;|&\n]/)) {
    const words = segment.trim().split(/\s+/).filter(Boolean);
    // Skip what runs the command: sudo, env, VAR=value, nice, command, doas.
    while (
      words.length > 0 &&
      /^(sudo|doas|env|nice|command|exec|[A-Za-z_][A-Za-z0-9_]*=.*)$/.test(words[0] ?? '')
    )
      words.shift();
    if (!/^(\S*\/)?rm$/.test(words[0] ?? '')) continue;
    const args = words.slice(1);
    const recursive = args.some((a) => a === '--recursive' || /^-[a-zA-Z]*[rR][a-zA-Z]*$/.test(a));
    const targets = args.filter((a) => !a.startsWith('-')).map((a) => a.replace(/^["']|["']$/g, ''));
    const root = targets.find((t) => /^(\/+\*?|\/\*|~\/?\*?|\$HOME\/?\*?|\$\{HOME\}\/?\*?)$/.test(t));
    if (recursive && root !== undefined) return `recursive rm of "${root}"`;
  }
  return undefined;
}

/** Where the NDJSON log goes. */
export function logFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AGENTLOG_HOOK_LOG) return env.AGENTLOG_HOOK_LOG;
  const state = env.XDG_STATE_HOME || path.join(homedir(), '.local', 'state');
  return path.join(state, 'agentlog-hooks', 'tool-calls.ndjson');
}

/** The hook: one log line per tool event, and a denial for the commands above. */
export function handle(input: HookInput): HookOutput | undefined {
  if (!isToolEvent(input)) return undefined;
  const danger = isToolInput(input, 'Bash') ? dangerousCommand(input.tool_input.command) : undefined;
  const line = {
    time: new Date().toISOString(),
    event: input.hook_event_name,
    session: input.session_id,
    call: input.tool_use_id,
    tool: input.tool_name,
    input: input.tool_input,
    ...(input.hook_event_name === 'PreToolUse' ? { decision: danger ? 'deny' : 'pass' } : {}),
    ...(input.hook_event_name === 'PostToolUseFailure' ? { error: input.error } : {}),
  };
  const file = logFile();
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(line)}\n`);
  if (danger !== undefined && input.hook_event_name === 'PreToolUse')
    return deny(`Blocked by guard-bash: ${danger} would delete far more than this task needs.`);
  return undefined;
}

// Run as a hook when executed directly (not when imported by a test). Fail closed: a guard that
// cannot read its input blocks the call rather than let it through.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await runHook(handle, { failClosed: true });
