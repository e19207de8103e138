import { buildTurns } from '../../model/build-turns.js';
import type { ReadCounts, Session, Subagent } from '../../model/session.js';
import type { ToolCall } from '../../model/tool-call.js';
import { baseName, optional } from '../../schemas/common/value-access.js';
import type { AdapterFile } from '../agent-adapter.js';
import type { CopilotConversation } from './copilot-conversation.js';

/** What `buildCopilotSession` gathered from a file, to assemble into sessions. */
export interface CopilotSessionInputs {
  file: AdapterFile;
  sessionId: string;
  main: CopilotConversation;
  subagents: ReadonlyMap<string, CopilotConversation>;
  starts: ReadonlyMap<string, { toolCallId?: string; agentType?: string; description?: string }>;
  orphans: readonly ToolCall[];
  cwds: string[];
  versions: string[];
  gitBranch: string | undefined;
  meta: Record<string, unknown>;
}

function emptyCounts(): ReadCounts {
  return { lines: 0, blankLines: 0, records: 0, errors: 0, recordsByType: {}, unknownRecordTypes: {} };
}

/**
 * The session of a Copilot CLI file with its inline subagents as subagent sessions (no files and no counts
 * of their own: the file's lines are the parent's), each linked to its `task` call.
 */
export function sessionOfConversation(inputs: CopilotSessionInputs): Session {
  const { file, sessionId, main } = inputs;
  const session = sessionOf(main, inputs, [...main.calls, ...inputs.orphans]);
  session.files = [file.file];
  session.counts = file.counts;
  session.problems = [...file.problems];
  session.meta = inputs.meta;
  const callsById = new Map<string, ToolCall>();
  for (const conversation of [main, ...inputs.subagents.values()])
    for (const call of conversation.calls) callsById.set(call.id, call);
  for (const [agentId, conversation] of inputs.subagents) {
    const start = inputs.starts.get(agentId);
    const child = sessionOf(conversation, inputs, conversation.calls);
    child.id = agentId;
    child.agentId = agentId;
    child.isSubagent = true;
    child.parentSessionId = sessionId;
    child.title = conversation.firstPrompt ? shorten(conversation.firstPrompt) : `Subagent ${agentId}`;
    child.titleSource = 'first-prompt';
    const subagent: Subagent = {
      agentId,
      session: child,
      ...optional('agentType', start?.agentType),
      ...optional('description', start?.description),
    };
    const call = start?.toolCallId === undefined ? undefined : callsById.get(start.toolCallId);
    if (call) {
      call.subagentId = agentId;
      subagent.toolCallId = call.id;
      child.parentToolCallId = call.id;
    }
    session.subagents.push(subagent);
  }
  return session;
}

function sessionOf(
  conversation: CopilotConversation,
  inputs: CopilotSessionInputs,
  calls: ToolCall[],
): Session {
  const totals = conversation.usage.totals();
  const cwd = inputs.cwds[0];
  const session: Session = {
    id: inputs.sessionId,
    agent: 'copilot-cli',
    files: [],
    cwds: [...inputs.cwds],
    versions: [...inputs.versions],
    models: [...conversation.models],
    messages: conversation.messages,
    turns: buildTurns(conversation.messages, calls),
    toolCalls: calls,
    subagents: [],
    usage: totals.usage,
    usageByModel: totals.byModel,
    usageEntries: totals.entries,
    counts: emptyCounts(),
    problems: [],
    meta: {},
    isSubagent: false,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
    ...optional('gitBranch', inputs.gitBranch),
  };
  if (conversation.firstPrompt !== undefined && conversation.agentId === undefined) {
    session.title = shorten(conversation.firstPrompt);
    session.titleSource = 'first-prompt';
  }
  if (conversation.first !== undefined && conversation.last !== undefined) {
    session.startTime = new Date(conversation.first).toISOString();
    session.endTime = new Date(conversation.last).toISOString();
    session.durationMs = conversation.last - conversation.first;
  }
  return session;
}

function shorten(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 100);
}
