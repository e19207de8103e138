/**
 * A Claude Code record cut down to what a session build needs for its usage, its order and its tree: the
 * fields the builders read for usage (message id, model and usage, request id, `agent_progress` usage),
 * for the conversation order and the branch rule (uuids, parent links, types, prompt texts), for the
 * session's times, folder and id, and for linking subagents to their calls (Task calls' ids and prompts,
 * `agentId` in results). The bulk (response text, thinking, call inputs, result contents) is left out.
 * `usage` with no index yet (cli/usage-cold.ts) builds sessions from these: the usage rows, their order and
 * the trees they go in are those of a build from the whole records (`usage-cold.test.ts` checks it on the
 * corpora).
 */
import { arr, isObject, type JsonObject, obj, str } from '../../schemas/common/value-access.js';
import { flattenResultContent } from './message-parts.js';

/** Top-level fields copied as they are (ids, links, flags, times, titles: short values). */
export const keptKeys = [
  'type',
  'uuid',
  'parentUuid',
  'logicalParentUuid',
  'isSidechain',
  'timestamp',
  'sessionId',
  'cwd',
  'version',
  'gitBranch',
  'agentId',
  'requestId',
  'isApiErrorMessage',
  'isCompactSummary',
  'subtype',
  'forkedFrom',
  'entrypoint',
  'customTitle',
  'aiTitle',
  'summary',
  'leafUuid',
  'parentToolUseID',
  'toolUseID',
] as const;

/** The record as the usage build reads it (see the module header). */
export function usageProjection(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of keptKeys) if (key in value) out[key] = value[key];
  if (typeof value.content === 'string') out.content = value.content;
  const attachment = obj(value.attachment);
  if (attachment) out.attachment = { type: attachment.type, toolUseID: attachment.toolUseID };
  const agentId = str(obj(value.toolUseResult)?.agentId);
  if (agentId !== undefined) out.toolUseResult = { agentId };
  const message = obj(value.message);
  if (message) out.message = messageProjection(message, value.type !== 'assistant');
  if (value.type === 'progress') {
    const data = obj(value.data);
    if (data) out.data = progressProjection(data);
  }
  return out;
}

/** The message keys kept as they are. */
export const messageKeys = ['id', 'model', 'usage', 'role'] as const;

/** `message`: its id, model, usage and role, and its content blocks cut down (texts only when `texts`). */
function messageProjection(message: JsonObject, texts: boolean): JsonObject {
  const out: JsonObject = {};
  for (const key of messageKeys) if (key in message) out[key] = message[key];
  const content = message.content;
  if (content === undefined) return out;
  out.content = Array.isArray(content) ? content.map((b) => blockProjection(b, texts)) : content;
  return out;
}

/**
 * A content block: its type, and only what usage, order and subagent links read of it. Texts are kept for
 * prompts (user records: prompt kinds, the first prompt that claims a sidechain), not for responses.
 */
export function blockProjection(block: unknown, texts: boolean): unknown {
  if (!isObject(block)) return block;
  switch (block.type) {
    case 'text':
      return texts ? { type: 'text', text: block.text } : { type: 'text' };
    case 'tool_use': {
      const input = obj(block.input);
      return {
        type: 'tool_use',
        id: block.id,
        name: block.name,
        input: input
          ? { prompt: input.prompt, subagent_type: input.subagent_type, description: input.description }
          : block.input,
      };
    }
    case 'tool_result': {
      // The subagent linker reads `agentId: <id>` in the result's text: only that line is kept.
      const found = /agentId: ([\w-]+)/.exec(flattenResultContent(block.content))?.[1];
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        is_error: block.is_error,
        content: found === undefined ? '' : `agentId: ${found}`,
      };
    }
    default:
      return { type: block.type };
  }
}

/** An `agent_progress` record's data: the subagent, and its response's id, model and usage. */
export function progressProjection(data: JsonObject): JsonObject {
  const inner = obj(data.message);
  const message = obj(inner?.message);
  return {
    type: data.type,
    agentId: data.agentId,
    ...(inner
      ? {
          message: {
            type: inner.type,
            uuid: inner.uuid,
            timestamp: inner.timestamp,
            requestId: inner.requestId,
            ...(message
              ? {
                  message: {
                    id: message.id,
                    model: message.model,
                    usage: message.usage,
                    content: arr(message.content).map((b) => blockProjection(b, false)),
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}
