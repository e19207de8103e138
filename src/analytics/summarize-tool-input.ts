import type { ToolCall } from '../model/tool-call.js';

/** One line saying what a call was asked to do: the command, the path, the pattern... */
export function summarizeToolInput(call: ToolCall, max = 100): string {
  const input = call.input;
  if (input === null || typeof input !== 'object') return clip(call.rawInput ?? stringify(input), max);
  const i = input as Record<string, unknown>;
  const pick = (...keys: string[]) =>
    keys.map((k) => i[k]).find((v) => typeof v === 'string' && v.length > 0) as string | undefined;
  let text: string | undefined;
  switch (call.canonicalName) {
    case 'Bash':
    case 'PowerShell':
    case 'shell_command':
    case 'exec_command':
      text = pick('command', 'cmd');
      break;
    case 'shell':
    case 'local_shell':
    case 'container.exec':
      if (Array.isArray(i.command) && i.command[0] === 'apply_patch' && typeof i.command[1] === 'string')
        text = `apply_patch ${patchFiles(i.command[1])}`;
      else text = Array.isArray(i.command) ? shellJoin(i.command) : pick('command');
      break;
    case 'Read':
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit':
    case 'NotebookRead':
      text = pick('file_path', 'notebook_path');
      if (typeof i.offset === 'number' || typeof i.limit === 'number')
        text = `${text ?? ''} (${i.offset ?? 1}${typeof i.limit === 'number' ? `+${i.limit}` : ''})`;
      break;
    case 'Grep':
    case 'Glob':
      text = [pick('pattern'), pick('path', 'glob', 'include')].filter(Boolean).join(' in ');
      break;
    case 'WebFetch':
      text = pick('url');
      break;
    case 'WebSearch':
      text = pick('query');
      break;
    case 'Agent':
      text = [pick('subagent_type'), pick('description')].filter(Boolean).join(': ');
      break;
    case 'TodoWrite':
      text = Array.isArray(i.todos) ? `${i.todos.length} todo${i.todos.length === 1 ? '' : 's'}` : undefined;
      break;
    case 'apply_patch':
      text = patchFiles(pick('input', 'patch') ?? call.rawInput ?? '');
      break;
    case 'update_plan':
      text = Array.isArray(i.plan) ? `${i.plan.length} step${i.plan.length === 1 ? '' : 's'}` : undefined;
      break;
    case 'TaskOutput':
    case 'TaskStop':
      text = pick('bash_id', 'shell_id', 'task_id', 'agentId');
      break;
    default:
      text = pick(
        'task_id',
        'description',
        'command',
        'file_path',
        'path',
        'url',
        'query',
        'pattern',
        'skill',
        'prompt',
      );
  }
  return clip(text ?? stringify(input), max);
}

function patchFiles(patch: string): string {
  const files = [...patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)].map((m) => m[1]);
  return files.length > 0 ? files.join(', ') : (patch.split('\n', 1)[0] ?? '');
}

function shellJoin(parts: unknown[]): string {
  const words = parts.map(String);
  // `bash -lc "<script>"` is how Codex wraps commands: show the script.
  if (words.length === 3 && /(^|\/)(ba|z)?sh$/.test(words[0] ?? '') && /^-l?c$/.test(words[1] ?? ''))
    return words[2] ?? '';
  return words.map((w) => (/^[\w./:=@%+-]+$/.test(w) ? w : JSON.stringify(w))).join(' ');
}

function stringify(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/**
 * One line, at most `max` characters, with an ellipsis when cut. Only a head of the text long enough to
 * give more than `max` characters is flattened: a tool result can be megabytes, and the whole of it was
 * (a fifth of the time the index spends making call rows).
 */
export function clip(text: string, max: number): string {
  for (let head = Math.max(64, max * 4); head < text.length; head *= 4) {
    // A head that flattens to more than `max` characters decides the line: the text's flattened form starts
    // with the head's, but for the head's last character (a cut run of spaces, or half of a pair).
    const flat = text.slice(0, head).replace(/\s+/g, ' ').trim();
    if (flat.length > max) return `${flat.slice(0, Math.max(0, max - 1))}…`;
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
}
