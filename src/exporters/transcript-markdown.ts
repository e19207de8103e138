import { clip, summarizeToolInput } from '../analytics/summarize-tool-input.js';
import type { Message } from '../model/message.js';
import type { Session, Subagent } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';
import { totalTokens } from '../model/usage.js';

/**
 * How much of a session the transcript shows.
 * - `user`: prompts and answers, with one line per answer naming the tools it used (for reading).
 * - `minimal`: plus one line per tool call: tool, input summary, status, duration, and the error of a failed call.
 * - `full`: plus every input and result in full, thinking, harness messages, rewound branches, and subagent
 *   conversations under the call that started them.
 */
export const transcriptDetails = ['user', 'minimal', 'full'] as const;
export type TranscriptDetail = (typeof transcriptDetails)[number];

/** A session as a Markdown transcript, line by line (for reading, or for feeding a session to a model). */
export function* transcriptMarkdown(
  session: Session,
  detail: TranscriptDetail = 'minimal',
): Generator<string> {
  yield `# ${oneLine(session.title ?? '(untitled session)')}`;
  yield '';
  const facts: [string, string | undefined][] = [
    ['Session', code(session.id)],
    ['Agent', `${session.agent}${session.versions.length > 0 ? ` ${session.versions.join(', ')}` : ''}`],
    ['Project', session.cwd === undefined ? undefined : code(session.cwd)],
    ['Branch', session.gitBranch === undefined ? undefined : code(session.gitBranch)],
    ['Started', session.startTime],
    ['Duration', session.durationMs === undefined ? undefined : duration(session.durationMs)],
    ['Models', session.models.length > 0 ? session.models.join(', ') : undefined],
    ['Tokens', tokenLine(session)],
    ['Tools', toolSummary(session)],
  ];
  for (const [name, value] of facts) if (value !== undefined && value !== '') yield `- **${name}:** ${value}`;
  yield* conversation(session, detail, 2);
}

function* conversation(session: Session, detail: TranscriptDetail, level: number): Generator<string> {
  const calls = new Map(session.toolCalls.map((c) => [c.id, c]));
  const subagents = new Map(session.subagents.map((s) => [s.toolCallId, s]));
  const heading = '#'.repeat(Math.min(level, 6));
  for (const message of session.messages) {
    if (message.offBranch && detail !== 'full') continue;
    const rewound = message.offBranch ? ' (rewound branch)' : '';
    const text = textOf(message);
    switch (message.kind) {
      case 'prompt':
        yield '';
        yield `${heading} User${rewound}${stamp(message)}`;
        yield '';
        yield nestHeadings(text, level);
        break;
      case 'response': {
        if (detail === 'full') {
          for (const part of message.parts)
            if (part.type === 'thinking' && part.text.trim() !== '') {
              yield '';
              yield quoteBlock(`Thinking: ${part.text}`);
            }
        }
        if (text.trim() !== '') {
          yield '';
          yield `${heading} Assistant${rewound}${stamp(message)}`;
          yield '';
          yield nestHeadings(text, level);
        }
        const made = message.parts.flatMap((p) => {
          const call = p.type === 'tool_call' ? calls.get(p.callId) : undefined;
          return call ? [call] : [];
        });
        if (made.length === 0) break;
        if (detail === 'user') {
          yield '';
          yield `_${toolCounts(made)}_`;
          break;
        }
        yield '';
        for (const call of made) yield* callLines(call, subagents.get(call.id), detail, level);
        break;
      }
      case 'api_error':
        yield '';
        yield `> **API error**${stamp(message)}: ${oneLine(text)}`;
        break;
      case 'interrupt':
        yield '';
        yield '_Interrupted by the user._';
        break;
      case 'compact_boundary':
        yield '';
        yield '---';
        yield '';
        yield '_Conversation compacted._';
        break;
      case 'compact_summary':
        if (detail === 'full') {
          yield '';
          yield `${heading} Compaction summary${stamp(message)}`;
          yield '';
          yield nestHeadings(text, level);
        }
        break;
      case 'meta':
      case 'system':
        if (detail === 'full' && text.trim() !== '') {
          yield '';
          yield quoteBlock(
            `${message.kind === 'meta' ? 'Harness' : `System${message.subtype ? ` ${message.subtype}` : ''}`}: ${text}`,
          );
        }
        break;
      case 'tool_results':
        break;
      default:
        message.kind satisfies never;
    }
  }
  const orphans = session.toolCalls.filter((c) => c.status === 'orphan_result');
  if (orphans.length > 0 && detail !== 'user') {
    yield '';
    yield `${heading} Results without a call`;
    yield '';
    for (const call of orphans) yield* callLines(call, undefined, detail, level);
  }
  for (const sub of session.subagents.filter((s) => s.toolCallId === undefined)) {
    if (detail === 'user') continue;
    yield '';
    yield `${heading} Subagent ${code(sub.agentId)} (not linked to a call)`;
    yield* conversation(sub.session, detail, level + 1);
  }
}

function* callLines(
  call: ToolCall,
  sub: Subagent | undefined,
  detail: TranscriptDetail,
  level: number,
): Generator<string> {
  const summary = summarizeToolInput(call, 160);
  const took = call.durationMs === undefined ? '' : `, ${duration(call.durationMs)}`;
  yield `- **${call.name}**${summary ? ` ${code(summary)}` : ''}: ${call.status}${took}`;
  if (detail !== 'full') {
    if (call.result && call.status !== 'ok' && call.result.text.trim() !== '')
      yield `  - ${oneLine(clip(call.result.text, 300))}`;
    if (sub)
      yield `  - subagent ${code(sub.agentId)}: ${sub.session.toolCalls.length} calls${subagentTools(sub)}`;
    return;
  }
  const input = call.rawInput ?? JSON.stringify(call.input, null, 2);
  yield '';
  yield* indent(fenced(input ?? '', call.rawInput === undefined ? 'json' : ''), '  ');
  if (call.result) {
    yield '';
    yield* indent(fenced(call.result.text, ''), '  ');
  }
  if (sub) {
    yield '';
    yield `${'#'.repeat(Math.min(level + 1, 6))} Subagent ${code(sub.agentId)}${sub.agentType ? ` (${sub.agentType})` : ''}`;
    yield* conversation(sub.session, detail, level + 1);
    yield '';
  }
}

function subagentTools(sub: Subagent): string {
  return sub.session.toolCalls.length > 0 ? ` (${toolCounts(sub.session.toolCalls)})` : '';
}

/** `Bash ×3 (1 error), Read ×2`: calls per tool, most used first. */
function toolCounts(calls: readonly ToolCall[]): string {
  const byTool = new Map<string, { calls: number; failed: number }>();
  for (const call of calls) {
    const entry = byTool.get(call.name) ?? { calls: 0, failed: 0 };
    entry.calls += 1;
    if (call.status !== 'ok') entry.failed += 1;
    byTool.set(call.name, entry);
  }
  return [...byTool]
    .sort((a, b) => b[1].calls - a[1].calls || a[0].localeCompare(b[0]))
    .map(([name, e]) => `${name} ×${e.calls}${e.failed > 0 ? ` (${e.failed} not ok)` : ''}`)
    .join(', ');
}

function toolSummary(session: Session): string | undefined {
  const all: ToolCall[] = [];
  const visit = (s: Session) => {
    all.push(...s.toolCalls);
    for (const sub of s.subagents) visit(sub.session);
  };
  visit(session);
  return all.length === 0
    ? undefined
    : `${all.length} call${all.length === 1 ? '' : 's'}: ${toolCounts(all)}`;
}

function tokenLine(session: Session): string | undefined {
  const u = session.usage;
  if (totalTokens(u) === 0) return undefined;
  const n = (v: number) => v.toLocaleString('en-US');
  return `${n(u.inputTokens)} in, ${n(u.outputTokens)} out, ${n(u.cacheWriteTokens)} cache write, ${n(u.cacheReadTokens)} cache read`;
}

function textOf(message: Message): string {
  return message.parts
    .flatMap((p) => (p.type === 'text' ? [p.text] : p.type === 'image' ? ['[image]'] : []))
    .join('\n\n')
    .trim();
}

function stamp(message: Message): string {
  return message.timestamp ? ` · ${message.timestamp.replace('T', ' ').slice(0, 19)}` : '';
}

/**
 * Headings inside a message moved below the transcript's own (`## Summary` under `## Assistant` becomes
 * `### Summary`), so that the outline stays the conversation's; fenced code is left alone.
 */
function nestHeadings(text: string, level: number): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (opening !== undefined) {
        if (fence === undefined) fence = opening;
        else if (opening.startsWith(fence)) fence = undefined;
        return line;
      }
      if (fence !== undefined) return line;
      const heading = /^(#{1,6})(\s)/.exec(line);
      if (!heading?.[1]) return line;
      const depth = Math.min(6, heading[1].length + level);
      return `${'#'.repeat(depth)}${line.slice(heading[1].length)}`;
    })
    .join('\n');
}

/** Inline code that survives backticks inside. */
function code(text: string): string {
  const flat = oneLine(text);
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return longest > 0 ? `${ticks} ${flat} ${ticks}` : `${ticks}${flat}${ticks}`;
}

/** A fenced block whose fence is longer than any backtick run inside. */
function fenced(text: string, language: string): string[] {
  const longest = Math.max(0, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${language}`, ...text.split('\n'), fence];
}

function quoteBlock(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function* indent(lines: readonly string[], prefix: string): Generator<string> {
  for (const line of lines) yield line === '' ? '' : `${prefix}${line}`;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${Math.round(s % 60)}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}
