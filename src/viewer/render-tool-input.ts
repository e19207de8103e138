import { arr, isObject, num, str } from '../lifecycle/value-access.js';
import type { ToolCall } from '../model/tool-call.js';
import { escapeHtml, safeHref } from './escape-html.js';
import {
  type FileDiff,
  hunkFromStrings,
  hunksFromStructuredPatch,
  parseApplyPatch,
  renderDiff,
} from './render-diff.js';
import { collapsibleText } from './text-block.js';

/** A labelled value in a tool card. */
function field(label: string, html: string): string {
  return `<div class="field"><span class="label">${escapeHtml(label)}</span><span class="value">${html}</span></div>`;
}

function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

function link(url: string): string {
  const href = safeHref(url);
  return href === undefined
    ? code(url)
    : `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">${escapeHtml(url)}</a>`;
}

/** Pretty JSON of any value (cycles and non-JSON values cannot occur in decoded logs, but are survived). */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function jsonBlock(value: unknown): string {
  return collapsibleText(prettyJson(value), { cls: 'json' });
}

/** Shell words as one command line (`bash -lc "<script>"` shows the script). */
function shellCommand(value: unknown): string | undefined {
  const text = str(value);
  if (text !== undefined) return text;
  if (!Array.isArray(value)) return undefined;
  const words = value.map(String);
  if (words.length === 3 && /(^|\/)(ba|z)?sh$/.test(words[0] ?? '') && /^-l?c$/.test(words[1] ?? ''))
    return words[2];
  return words.map((w) => (/^[\w./:=@%+-]+$/.test(w) ? w : JSON.stringify(w))).join(' ');
}

function todoList(items: unknown[], textKeys: string[]): string {
  const rows = items.map((item) => {
    const o = isObject(item) ? item : {};
    const status = str(o.status) ?? 'pending';
    const text = textKeys.map((k) => str(o[k])).find((t) => t !== undefined) ?? prettyJson(item);
    const mark = status === 'completed' ? '☑' : status === 'in_progress' ? '◐' : '☐';
    return `<li class="todo todo-${escapeHtml(status.replace(/[^a-z_]/gi, ''))}"><span class="mark">${mark}</span> ${escapeHtml(text)}</li>`;
  });
  return `<ul class="todos">${rows.join('')}</ul>`;
}

function editDiff(call: ToolCall, input: Record<string, unknown>): string {
  const structured = isObject(call.result?.structured) ? call.result.structured : undefined;
  const path = str(input.file_path) ?? str(input.notebook_path);
  const fromPatch = hunksFromStructuredPatch(structured?.structuredPatch);
  if (fromPatch) return renderDiff({ ...(path === undefined ? {} : { path }), hunks: fromPatch });
  const edits =
    call.canonicalName === 'MultiEdit'
      ? arr(input.edits).filter(isObject)
      : [{ old_string: input.old_string, new_string: input.new_string }];
  const hunks = edits
    .map((e) => ({ old: str(e.old_string), new: str(e.new_string) }))
    .filter((e) => e.old !== undefined || e.new !== undefined)
    .map((e) => hunkFromStrings(e.old ?? '', e.new ?? ''));
  if (hunks.length === 0) return '';
  return renderDiff({ ...(path === undefined ? {} : { path }), hunks });
}

function patchDiffs(patch: string): string {
  const files: FileDiff[] = parseApplyPatch(patch);
  return files.length > 0 ? files.map(renderDiff).join('') : collapsibleText(patch);
}

/**
 * The input of a call, in a view made for its tool: a command, a diff, a checklist, a path with its
 * range... Unknown tools (and values a view does not expect) show as formatted JSON.
 */
export function renderToolInput(call: ToolCall): string {
  const input = call.input;
  if (!isObject(input)) {
    if (call.canonicalName === 'apply_patch' && (str(input) ?? call.rawInput) !== undefined)
      return patchDiffs(str(input) ?? call.rawInput ?? '');
    if (call.rawInput !== undefined) return collapsibleText(call.rawInput);
    return input === undefined ? '' : jsonBlock(input);
  }
  const i = input;
  const parts: string[] = [];
  switch (call.canonicalName) {
    case 'Bash':
    case 'PowerShell':
    case 'shell_command':
    case 'exec_command': {
      const command = str(i.command) ?? str(i.cmd);
      if (str(i.description)) parts.push(`<div class="description">${escapeHtml(str(i.description))}</div>`);
      if (command !== undefined) parts.push(collapsibleText(command, { cls: 'command' }));
      if (str(i.workdir)) parts.push(field('in', code(str(i.workdir) ?? '')));
      if (i.run_in_background === true) parts.push(field('background', 'yes'));
      if (num(i.timeout) !== undefined) parts.push(field('timeout', `${num(i.timeout)} ms`));
      break;
    }
    case 'shell':
    case 'local_shell':
    case 'container.exec': {
      const words = arr(i.command);
      if (words[0] === 'apply_patch' && typeof words[1] === 'string') parts.push(patchDiffs(words[1]));
      else {
        const command = shellCommand(i.command);
        if (command !== undefined) parts.push(collapsibleText(command, { cls: 'command' }));
      }
      if (str(i.workdir)) parts.push(field('in', code(str(i.workdir) ?? '')));
      break;
    }
    case 'apply_patch': {
      const patch = str(i.input) ?? str(i.patch);
      if (patch !== undefined) parts.push(patchDiffs(patch));
      break;
    }
    case 'write_stdin': {
      if (i.session_id !== undefined) parts.push(field('session', code(String(i.session_id))));
      const chars = str(i.chars);
      parts.push(
        field('input', chars ? code(JSON.stringify(chars)) : '<span class="dim">(poll for output)</span>'),
      );
      break;
    }
    case 'Edit':
    case 'MultiEdit': {
      const path = str(i.file_path);
      if (path !== undefined) parts.push(field('file', code(path)));
      if (i.replace_all === true) parts.push(field('replace all', 'yes'));
      parts.push(editDiff(call, i));
      break;
    }
    case 'Write': {
      const path = str(i.file_path);
      if (path !== undefined) parts.push(field('file', code(path)));
      const content = str(i.content);
      if (content !== undefined) parts.push(collapsibleText(content, { cls: 'file-content' }));
      break;
    }
    case 'NotebookEdit': {
      const path = str(i.notebook_path);
      if (path !== undefined) parts.push(field('notebook', code(path)));
      const cell =
        str(i.cell_id) ?? (num(i.cell_number) === undefined ? undefined : String(num(i.cell_number)));
      if (cell !== undefined) parts.push(field('cell', code(cell)));
      if (str(i.edit_mode)) parts.push(field('mode', escapeHtml(str(i.edit_mode))));
      const source = str(i.new_source);
      if (source !== undefined) parts.push(collapsibleText(source, { cls: 'file-content' }));
      break;
    }
    case 'Read':
    case 'NotebookRead': {
      const path = str(i.file_path) ?? str(i.notebook_path);
      if (path !== undefined) parts.push(field('file', code(path)));
      const offset = num(i.offset);
      const limit = num(i.limit);
      if (offset !== undefined || limit !== undefined) {
        const from = offset ?? 1;
        parts.push(
          field('lines', escapeHtml(limit === undefined ? `from ${from}` : `${from}–${from + limit - 1}`)),
        );
      }
      if (str(i.pages)) parts.push(field('pages', escapeHtml(str(i.pages))));
      break;
    }
    case 'Grep':
    case 'Glob':
    case 'LS': {
      const pattern = str(i.pattern);
      if (pattern !== undefined) parts.push(field('pattern', code(pattern)));
      const path = str(i.path);
      parts.push(
        field('in', path === undefined ? '<span class="dim">(working directory)</span>' : code(path)),
      );
      for (const key of [
        'glob',
        'include',
        'type',
        'output_mode',
        '-i',
        '-n',
        '-A',
        '-B',
        '-C',
        'multiline',
        'head_limit',
      ])
        if (i[key] !== undefined) parts.push(field(key, code(String(i[key]))));
      break;
    }
    case 'TodoWrite': {
      parts.push(todoList(arr(i.todos), ['content', 'activeForm', 'subject']));
      break;
    }
    case 'update_plan': {
      if (str(i.explanation)) parts.push(`<div class="description">${escapeHtml(str(i.explanation))}</div>`);
      parts.push(todoList(arr(i.plan), ['step', 'content']));
      break;
    }
    case 'WebFetch': {
      const url = str(i.url);
      if (url !== undefined) parts.push(field('url', link(url)));
      if (str(i.prompt)) parts.push(field('prompt', escapeHtml(str(i.prompt))));
      break;
    }
    case 'WebSearch':
    case 'web_search': {
      const query = str(i.query) ?? str(isObject(i.action) ? i.action.query : undefined);
      if (query !== undefined) parts.push(field('query', code(query)));
      const queries = arr(i.queries).filter((q): q is string => typeof q === 'string' && q !== query);
      if (queries.length > 0) parts.push(field('queries', queries.map(code).join(' ')));
      if (str(i.url)) parts.push(field('url', link(str(i.url) ?? '')));
      for (const key of ['allowed_domains', 'blocked_domains'])
        if (Array.isArray(i[key])) parts.push(field(key.replace('_', ' '), code(arr(i[key]).join(', '))));
      break;
    }
    case 'Agent': {
      const type = str(i.subagent_type);
      if (type !== undefined) parts.push(field('agent', code(type)));
      if (str(i.description)) parts.push(field('task', escapeHtml(str(i.description))));
      if (str(i.model)) parts.push(field('model', code(str(i.model) ?? '')));
      const prompt = str(i.prompt);
      if (prompt !== undefined) parts.push(collapsibleText(prompt, { cls: 'prompt' }));
      break;
    }
    default: {
      if (call.kind === 'mcp') {
        parts.push(field('server', code(call.mcpServer ?? '?')));
        parts.push(field('tool', code(call.mcpTool ?? call.name)));
        const entries = Object.entries(i);
        if (entries.length > 0) parts.push(jsonBlock(i));
        break;
      }
      parts.push(jsonBlock(i));
    }
  }
  return parts.join('');
}
