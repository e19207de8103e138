import type { Command } from 'commander';
import { clip, summarizeToolInput } from '../../analytics/summarize-tool-input.js';
import { terminalText } from '../../analytics/terminal-text.js';
import { localTimeText } from '../../analytics/time-zone.js';
import type { Message } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { ToolCall } from '../../model/tool-call.js';
import { totalTokens } from '../../model/usage.js';
import type { ArchiveFlags } from '../archive-source.js';
import { addAgentOption, addArchiveOptions, parseAgentOption } from '../filter-options.js';
import { findSession } from '../find-session.js';
import {
  colorsFor,
  formatDuration,
  formatNumber,
  type Io,
  plural,
  terminalWidth,
  writeJson,
  writeLine,
} from '../output.js';
import { addRedactOptions, printRedactionSummary, type RedactFlags, redactorFor } from '../redact-options.js';
import { parseTimeZone } from '../time-zone-option.js';

interface ShowFlags extends RedactFlags, ArchiveFlags {
  json?: boolean;
  in?: string[];
  thinking?: boolean;
  full?: boolean;
  timezone?: string;
  agent?: string;
}

export function registerShowCommand(program: Command, io: Io): void {
  addRedactOptions(
    addArchiveOptions(
      addAgentOption(
        program
          .command('show')
          .description(
            'Print one session as a transcript: prompts, answers, tool calls with status and duration',
          )
          .argument(
            '<session>',
            'a transcript file, or a session id (or id prefix) found in the log folders; ID@N picks the Nth file when several hold that id',
          )
          .option(
            '--in <paths...>',
            'look for the session id in these files or folders instead of the log folders',
          )
          .option('--thinking', 'include thinking blocks')
          .option('--full', 'do not shorten texts and results')
          .option('--timezone <zone>', 'the time zone of the start time shown (default: the system zone)')
          .option('--json', 'print the session model as JSON (times as the logs give them)'),
      ),
    ),
  ).action(async (target: string, flags: ShowFlags) => {
    const timeZone = parseTimeZone(flags.timezone);
    const agent = flags.agent === undefined ? undefined : parseAgentOption(flags.agent);
    // A bad patterns file fails before any log is read.
    const redactor = await redactorFor(flags, io);
    const found = await findSession(target, flags.in ?? [], io, { ...flags, agent });
    const session = redactor ? await redactor.redact(found) : found;
    if (flags.json) writeJson(io, session);
    else
      printSession(io, session, {
        thinking: flags.thinking ?? false,
        full: flags.full ?? false,
        timeZone,
      });
    if (redactor) printRedactionSummary(redactor, io);
  });
}

interface PrintOptions {
  thinking: boolean;
  full: boolean;
  timeZone: string;
}

function printSession(io: Io, session: Session, options: PrintOptions): void {
  const c = colorsFor(io);
  writeLine(io, c.bold(terminalText(session.title ?? '(untitled)')));
  const facts = [
    session.id,
    session.agent,
    session.cwd,
    session.gitBranch && `branch ${session.gitBranch}`,
    session.startTime && `${localTimeText(session.startTime, options.timeZone, true)} ${options.timeZone}`,
    session.durationMs !== undefined && formatDuration(session.durationMs),
    session.models.join(', '),
    session.versions.length > 0 && `v${session.versions.join(', v')}`,
  ].filter(Boolean);
  writeLine(io, c.dim(terminalText(facts.join(' · '))));
  const u = session.usage;
  // An agent that records no usage (Cursor) has no usage entries: say so rather than print zeros.
  const noUsage = session.usageEntries.length === 0 && totalTokens(u) === 0;
  writeLine(
    io,
    c.dim(
      noUsage
        ? 'tokens: no usage recorded'
        : `tokens: ${formatNumber(u.inputTokens)} in, ${formatNumber(u.outputTokens)} out, ${formatNumber(
            u.cacheWriteTokens,
          )} cache write, ${formatNumber(u.cacheReadTokens)} cache read`,
    ),
  );
  printConversation(io, session, '', options);
}

function printConversation(io: Io, session: Session, indent: string, options: PrintOptions): void {
  const c = colorsFor(io);
  const calls = new Map(session.toolCalls.map((call) => [call.id, call]));
  const subagents = new Map(session.subagents.map((s) => [s.toolCallId, s]));
  const width = Math.max(40, (terminalWidth(io) ?? 120) - indent.length - 4);
  const limit = options.full ? Number.POSITIVE_INFINITY : width;
  for (const message of session.messages) {
    const mark = message.offBranch ? c.dim(' (rewound branch)') : '';
    for (const part of message.parts) {
      if (part.type === 'text' && part.text.trim()) {
        writeLine(
          io,
          `${indent}${label(io, message)}${mark} ${textBlock(part.text, indent, limit, options.full)}`,
        );
      } else if (part.type === 'thinking' && options.thinking) {
        writeLine(io, `${indent}${c.dim(`thinking: ${oneLine(part.text, limit)}`)}`);
      } else if (part.type === 'image') {
        writeLine(io, `${indent}${label(io, message)} ${c.dim('[image]')}`);
      } else if (part.type === 'tool_call') {
        const call = calls.get(part.callId);
        if (!call) continue;
        writeLine(io, `${indent}  ${callLine(io, call, limit)}`);
        if (call.result && call.status !== 'ok')
          writeLine(io, `${indent}    ${c.dim(`↳ ${oneLine(call.result.text, limit - 4)}`)}`);
        else if (call.result && options.full)
          writeLine(
            io,
            `${indent}    ${c.dim(`↳ ${textBlock(call.result.text, `${indent}    `, limit, true)}`)}`,
          );
        const sub = subagents.get(call.id);
        if (sub) {
          writeLine(
            io,
            `${indent}    ${c.magenta(`subagent ${terminalText(sub.agentId)}`)}${c.dim(` (${plural(sub.session.toolCalls.length, 'call')})`)}`,
          );
          printConversation(io, sub.session, `${indent}    │ `, options);
        }
      }
    }
    if (message.kind === 'compact_boundary')
      writeLine(io, `${indent}${c.yellow('── conversation compacted ──')}`);
  }
  for (const call of session.toolCalls.filter((t) => t.status === 'orphan_result'))
    writeLine(io, `${indent}  ${callLine(io, call, limit)}`);
  for (const sub of session.subagents.filter((s) => s.toolCallId === undefined)) {
    writeLine(io, `${indent}${c.magenta(`subagent ${terminalText(sub.agentId)} (not linked to a call)`)}`);
    printConversation(io, sub.session, `${indent}│ `, options);
  }
}

function label(io: Io, message: Message): string {
  const c = colorsFor(io);
  const time = message.timestamp ? c.dim(terminalText(message.timestamp.slice(11, 19))) : '';
  switch (message.role) {
    case 'user':
      return `${time} ${message.kind === 'prompt' ? c.bold(c.cyan('user')) : c.dim(message.kind)}:`;
    case 'assistant':
      return `${time} ${message.kind === 'api_error' ? c.red('api error') : c.green('assistant')}:`;
    case 'system':
      return `${time} ${c.dim(terminalText(`system${message.subtype ? ` ${message.subtype}` : ''}`))}:`;
    default:
      return message.role satisfies never;
  }
}

function callLine(io: Io, call: ToolCall, limit: number): string {
  const c = colorsFor(io);
  const statusColor = call.status === 'ok' ? c.green : call.status === 'missing' ? c.yellow : c.red;
  const name = call.name === call.canonicalName ? call.name : `${call.name}`;
  const duration = call.durationMs === undefined ? '' : ` ${formatDuration(call.durationMs)}`;
  return `${c.blue('⏺')} ${c.bold(terminalText(name))} ${oneLine(summarizeToolInput(call, limit), Math.max(20, limit - 30))} ${statusColor(call.status)}${c.dim(duration)}`;
}

function textBlock(text: string, indent: string, limit: number, full: boolean): string {
  if (!full) return oneLine(text, limit);
  return terminalText(text, { multiline: true }).replace(/\n/g, `\n${indent}  `);
}

/** Log text on one line: whitespace runs as one space, made safe for the terminal, then cut to `limit`. */
function oneLine(text: string, limit: number): string {
  return clip(terminalText(text.replace(/\s+/g, ' ')), limit);
}
