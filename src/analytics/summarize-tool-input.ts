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
 * One line, at most `max` characters, with an ellipsis when cut: the text with each run of white space as one
 * space, trimmed (`text.replace(/\s+/g, ' ').trim()`), made word by word only as far as the line goes. A tool
 * result can be megabytes, and flattening even a head of each with a regular expression was a fifth of the
 * time the index spends making call rows.
 */
export function clip(text: string, max: number): string {
  const end = text.length;
  let line = '';
  let i = 0;
  while (i < end && isSpace(text.charCodeAt(i))) i += 1;
  while (i < end) {
    // A word, read no further than the line can take.
    let j = i;
    const stop = Math.min(end, i + max + 1 - line.length);
    while (j < stop && !isSpace(text.charCodeAt(j))) j += 1;
    line += text.slice(i, j);
    if (line.length > max) return `${line.slice(0, Math.max(0, max - 1))}…`;
    while (j < end && isSpace(text.charCodeAt(j))) j += 1;
    if (j < end) line += ' ';
    i = j;
  }
  return line;
}

/** Whether a UTF-16 code unit is white space as `\s` (and `trim`) see it. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
