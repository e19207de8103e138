import { createHash } from 'node:crypto';
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_AGENT_ID,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  ATTR_GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ATTR_GEN_AI_USAGE_REASONING_OUTPUT_TOKENS,
} from '@opentelemetry/semantic-conventions/incubating';
import { clip, summarizeToolInput } from '../../analytics/summarize-tool-input.js';
import type { Message } from '../../model/message.js';
import type { Session, Turn } from '../../model/session.js';
import type { ToolCall, ToolCallStatus } from '../../model/tool-call.js';
import { addUsage, emptyUsage, type TokenUsage } from '../../model/usage.js';
import { agentInfo } from '../../schemas/common/agent.js';
import { spanIdOf, traceIdOf } from './otlp-ids.js';
import { projectAttributes } from './project-attributes.js';

/** An attribute value as OTLP carries it. */
export type AttributeValue = string | number | boolean | string[];

/** One span to send, as plain data: ids, times, attributes and status, derived from the session only. */
export interface SpanSpec {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** Epoch milliseconds. */
  startMs: number;
  endMs: number;
  attributes: Record<string, AttributeValue>;
  status: { code: 'unset' | 'ok' | 'error'; message?: string };
  /** The top-level session the span belongs to (its trace). */
  rootSessionId: string;
  /** The agent that wrote the session, for the resource's `service.name`. */
  agent: Session['agent'];
}

export interface SpanOptions {
  /**
   * Also send free text: the session's title, project path, folder, branch and files, the prompt of each
   * turn, each call's input summary, full arguments, result and failure reason (each cut to
   * `maxContentLength`). Off by default: spans then carry only ids, names (agents, tools, models),
   * counts, tokens, times, statuses and exit codes, and the project as a digest.
   */
  content?: boolean;
  maxContentLength?: number;
}

const failedStatuses: ReadonlySet<ToolCallStatus> = new Set([
  'error',
  'denied',
  'interrupted',
  'hook_blocked',
]);

/** GenAI `gen_ai.provider.name` of each agent's models. */

/**
 * The spans of a session tree: the session (`invoke_agent`), one span per turn (prompt to next prompt),
 * one per tool call (`execute_tool`) under its turn, and each subagent as an `invoke_agent` span under the
 * call that started it, with its own turns and calls. Attribute names follow the OpenTelemetry GenAI
 * semantic conventions where one exists (`gen_ai.*`), agentlog's own under `agentlog.*`. Ids come from
 * {@link traceIdOf} and {@link spanIdOf}, so the same session always gives the same spans.
 * A session without any timestamp has no place in time and gives no spans.
 */
export function sessionSpans(session: Session, options: SpanOptions = {}): SpanSpec[] {
  const spans: SpanSpec[] = [];
  const start = time(session.startTime);
  if (start === undefined) return spans;
  const context: TreeContext = {
    root: session,
    traceId: traceIdOf(session.id),
    spans,
    content: options.content ?? false,
    maxContent: options.maxContentLength ?? 4096,
  };
  addSession(context, session, undefined, start);
  return spans;
}

/**
 * What tells a session apart from every other: its id, and for a subagent file read on its own (its
 * session's main file is absent) the agent id too, since such files carry their parent session's id.
 */
export function sessionKey(session: Session): string {
  return session.isSubagent && session.agentId !== undefined
    ? `${session.id}/${session.agentId}`
    : session.id;
}

/** A digest of a span's content: a span whose digest was sent before is not sent again. */
export function spanDigest(span: SpanSpec): string {
  return createHash('sha1').update(JSON.stringify(span)).digest('hex');
}

interface TreeContext {
  root: Session;
  traceId: string;
  spans: SpanSpec[];
  content: boolean;
  maxContent: number;
}

function addSession(
  context: TreeContext,
  session: Session,
  parentSpanId: string | undefined,
  fallback: number,
) {
  const isRoot = session === context.root;
  const spanId = spanIdOf(context.root.id, `session:${sessionKey(session)}`);
  const startMs = time(session.startTime) ?? fallback;
  const endMs = Math.max(startMs, time(session.endTime) ?? startMs);
  const calls = session.toolCalls.filter((c) => c.status !== 'orphan_result');
  const failed = calls.filter((c) => failedStatuses.has(c.status)).length;
  const subagent = isRoot ? undefined : context.root.subagents.find((s) => s.session === session);
  const agentName = session.agent;
  context.spans.push({
    traceId: context.traceId,
    spanId,
    ...(parentSpanId === undefined ? {} : { parentSpanId }),
    name: `invoke_agent ${subagent?.agentType ?? agentName}`,
    startMs,
    endMs,
    attributes: compact({
      [ATTR_GEN_AI_OPERATION_NAME]: 'invoke_agent',
      [ATTR_GEN_AI_AGENT_NAME]: subagent?.agentType ?? agentName,
      [ATTR_GEN_AI_AGENT_ID]: session.agentId ?? session.id,
      [ATTR_GEN_AI_CONVERSATION_ID]: context.root.id,
      [ATTR_GEN_AI_PROVIDER_NAME]: agentInfo[session.agent].provider,
      [ATTR_GEN_AI_REQUEST_MODEL]: session.models[0],
      ...usageAttributes(session.usage),
      'agentlog.agent': session.agent,
      'agentlog.session.id': session.id,
      'agentlog.session.is_subagent': !isRoot,
      'agentlog.session.forked_from': session.forkedFromId,
      ...projectAttributes(session.project, context.content),
      'agentlog.models': session.models,
      'agentlog.versions': session.versions,
      'agentlog.messages': session.messages.length,
      'agentlog.turns': session.turns.length,
      'agentlog.tool_calls': calls.length,
      'agentlog.failed_tool_calls': failed,
      'agentlog.subagents': session.subagents.length,
      ...(context.content
        ? {
            'agentlog.session.title': session.title,
            'agentlog.cwd': session.cwd,
            'agentlog.git_branch': session.gitBranch,
            'agentlog.file': session.files[0],
            'agentlog.subagent.description': subagent?.description,
          }
        : {}),
    }),
    status: failed > 0 ? { code: 'unset' } : { code: 'ok' },
    rootSessionId: context.root.id,
    agent: session.agent,
  });

  const messages = new Map(session.messages.map((m) => [m.id, m]));
  const callsById = new Map(session.toolCalls.map((c) => [c.id, c]));
  const parentOfCall = new Map<string, string>();
  for (const turn of session.turns) {
    const turnSpanId = addTurn(context, session, turn, spanId, messages, callsById, startMs);
    for (const id of turn.toolCallIds) parentOfCall.set(id, turnSpanId);
  }
  for (const call of session.toolCalls)
    if (!parentOfCall.has(call.id)) addCall(context, session, call, spanId, startMs);

  for (const sub of session.subagents) {
    const callSpan =
      sub.toolCallId !== undefined && callsById.has(sub.toolCallId)
        ? spanIdOf(context.root.id, `call:${sessionKey(session)}:${sub.toolCallId}`)
        : spanId;
    const callStart =
      sub.toolCallId === undefined ? undefined : time(callsById.get(sub.toolCallId)?.startTime);
    addSession(context, sub.session, callSpan, callStart ?? startMs);
  }
}

function addTurn(
  context: TreeContext,
  session: Session,
  turn: Turn,
  parentSpanId: string,
  messages: Map<string, Message>,
  calls: Map<string, ToolCall>,
  fallback: number,
): string {
  const spanId = spanIdOf(context.root.id, `turn:${sessionKey(session)}:${turn.index}`);
  const turnMessages = turn.messageIds.map((id) => messages.get(id)).filter((m): m is Message => !!m);
  const usage = emptyUsage();
  const models: string[] = [];
  for (const message of turnMessages) {
    if (message.usage) addUsage(usage, message.usage);
    if (message.model && !models.includes(message.model)) models.push(message.model);
  }
  const startMs = time(turn.startTime) ?? fallback;
  const endMs = Math.max(startMs, time(turn.endTime) ?? startMs);
  const prompt = turn.promptId === undefined ? undefined : messages.get(turn.promptId);
  const promptText = prompt?.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
  const turnCalls = turn.toolCallIds.map((id) => calls.get(id)).filter((c): c is ToolCall => !!c);
  context.spans.push({
    traceId: context.traceId,
    spanId,
    parentSpanId,
    name: `turn ${turn.index}`,
    startMs,
    endMs,
    attributes: compact({
      [ATTR_GEN_AI_CONVERSATION_ID]: context.root.id,
      [ATTR_GEN_AI_PROVIDER_NAME]: agentInfo[session.agent].provider,
      [ATTR_GEN_AI_REQUEST_MODEL]: models[0],
      ...usageAttributes(usage),
      'agentlog.session.id': session.id,
      'agentlog.turn.index': turn.index,
      'agentlog.turn.requests': turnMessages.filter((m) => m.usage !== undefined).length,
      'agentlog.turn.tool_calls': turnCalls.length,
      'agentlog.turn.failed_tool_calls': turnCalls.filter((c) => failedStatuses.has(c.status)).length,
      'agentlog.models': models.length > 0 ? models : undefined,
      'agentlog.turn.prompt':
        context.content && promptText !== undefined ? clip(promptText, context.maxContent) : undefined,
    }),
    status: { code: 'unset' },
    rootSessionId: context.root.id,
    agent: session.agent,
  });
  for (const call of turnCalls) addCall(context, session, call, spanId, startMs);
  return spanId;
}

function addCall(
  context: TreeContext,
  session: Session,
  call: ToolCall,
  parentSpanId: string,
  fallback: number,
) {
  const startMs = time(call.startTime) ?? time(call.result?.timestamp) ?? fallback;
  const endMs = Math.max(
    startMs,
    time(call.endTime) ?? (call.durationMs === undefined ? startMs : startMs + call.durationMs),
  );
  const failed = failedStatuses.has(call.status);
  // The reason is the tool's own error text (a path, a command's output): free text, sent only with content.
  const reason =
    failed && context.content ? clip(call.statusReason ?? call.result?.text ?? call.status, 500) : undefined;
  context.spans.push({
    traceId: context.traceId,
    spanId: spanIdOf(context.root.id, `call:${sessionKey(session)}:${call.id}`),
    parentSpanId,
    name: `execute_tool ${call.name}`,
    startMs,
    endMs,
    attributes: compact({
      [ATTR_GEN_AI_OPERATION_NAME]: 'execute_tool',
      [ATTR_GEN_AI_TOOL_NAME]: call.name,
      [ATTR_GEN_AI_TOOL_CALL_ID]: call.id,
      [ATTR_GEN_AI_TOOL_TYPE]: call.kind === 'mcp' ? 'extension' : 'function',
      [ATTR_GEN_AI_REQUEST_MODEL]: call.model,
      [ATTR_GEN_AI_CONVERSATION_ID]: context.root.id,
      [ATTR_ERROR_TYPE]: failed ? call.status : undefined,
      'agentlog.session.id': session.id,
      'agentlog.tool.status': call.status,
      'agentlog.tool.status_reason': reason,
      'agentlog.tool.canonical_name': call.canonicalName === call.name ? undefined : call.canonicalName,
      'agentlog.tool.kind': call.kind,
      'agentlog.tool.mcp_server': call.mcpServer,
      'agentlog.tool.input_summary':
        call.status === 'orphan_result' || !context.content ? undefined : summarizeToolInput(call, 300),
      'agentlog.tool.exit_code': call.result?.exitCode,
      'agentlog.tool.duration_ms': call.durationMs,
      'agentlog.tool.subagent_id': call.subagentId,
      'agentlog.file': context.content ? call.location.file : undefined,
      'agentlog.line': context.content ? call.location.line : undefined,
      [ATTR_GEN_AI_TOOL_CALL_ARGUMENTS]: context.content
        ? clip(argumentsText(call), context.maxContent)
        : undefined,
      [ATTR_GEN_AI_TOOL_CALL_RESULT]:
        context.content && call.result !== undefined ? clip(call.result.text, context.maxContent) : undefined,
    }),
    status: failed
      ? { code: 'error', ...(reason === undefined ? {} : { message: reason }) }
      : call.status === 'ok'
        ? { code: 'ok' }
        : { code: 'unset' },
    rootSessionId: context.root.id,
    agent: session.agent,
  });
}

/** GenAI usage attributes. `gen_ai.usage.input_tokens` counts all input, cached included. */
function usageAttributes(usage: TokenUsage): Record<string, number | undefined> {
  const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  if (input === 0 && usage.outputTokens === 0) return {};
  return {
    [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: input,
    [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: usage.outputTokens,
    [ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: usage.cacheReadTokens,
    [ATTR_GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS]: usage.cacheWriteTokens,
    [ATTR_GEN_AI_USAGE_REASONING_OUTPUT_TOKENS]: usage.reasoningTokens || undefined,
  };
}

function argumentsText(call: ToolCall): string {
  if (call.rawInput !== undefined) return call.rawInput;
  return JSON.stringify(call.input ?? null);
}

function time(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Drops undefined values and empty strings or lists: OTLP has no null. */
function compact(attributes: Record<string, AttributeValue | undefined>): Record<string, AttributeValue> {
  const kept: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    kept[key] = value;
  }
  return kept;
}
