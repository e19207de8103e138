import { allSessions } from '../model/all-sessions.js';
import type { MessagePart } from '../model/message.js';
import { messageColumns as M } from '../model/row-columns.js';
import { type ExportDataset, exportColumns, isoTime, orNull } from './dataset.js';

/** One row per message, in conversation order, with its full text. */
export const messagesDataset: ExportDataset = {
  name: 'messages',
  description: 'messages in conversation order, subagent messages included',
  columns: [
    ...exportColumns(M.id, M.session_id, M.root_session_id),
    { name: 'seq', type: 'BIGINT', description: 'position in the session, from 0 (conversation order)' },
    ...exportColumns(M.parent_id, M.role, M.kind, M.subtype, M.timestamp, M.model),
    { name: 'api_message_id', type: 'VARCHAR', description: 'API message id of an assistant message' },
    { name: 'agent_id', type: 'VARCHAR', description: 'subagent id, for subagent messages' },
    ...exportColumns(M.off_branch),
    { name: 'text', type: 'VARCHAR', description: 'the text parts, joined by a blank line' },
    { name: 'thinking', type: 'VARCHAR', description: 'the thinking parts, joined by a blank line' },
    { name: 'tool_call_ids', type: 'JSON', description: 'ids of the tool calls the message makes' },
    { name: 'tool_result_ids', type: 'JSON', description: 'ids of the tool calls whose results it carries' },
    {
      name: 'parts',
      type: 'JSON',
      description: 'every part as in the model (`text`, `thinking`, `tool_call`...); image bytes left out',
    },
    { name: 'input_tokens', type: 'BIGINT', description: 'usage counted for this message: input tokens' },
    { name: 'output_tokens', type: 'BIGINT', description: 'output tokens' },
    { name: 'cache_write_tokens', type: 'BIGINT', description: 'cache write tokens' },
    { name: 'cache_read_tokens', type: 'BIGINT', description: 'cache read tokens' },
    ...exportColumns(M.file, M.line),
  ],
  *rows(root) {
    for (const session of allSessions([root])) {
      let seq = 0;
      for (const message of session.messages) {
        const texts: string[] = [];
        const thinking: string[] = [];
        const calls: string[] = [];
        const results: string[] = [];
        for (const part of message.parts) {
          if (part.type === 'text') texts.push(part.text);
          else if (part.type === 'thinking') thinking.push(part.text);
          else if (part.type === 'tool_call') calls.push(part.callId);
          else if (part.type === 'tool_result') results.push(part.callId);
        }
        const u = message.usage;
        yield {
          id: message.id,
          session_id: session.id,
          root_session_id: root.id,
          seq: seq++,
          parent_id: orNull(message.parentId),
          role: message.role,
          kind: message.kind,
          subtype: orNull(message.subtype),
          timestamp: isoTime(message.timestamp),
          model: orNull(message.model),
          api_message_id: orNull(message.apiMessageId),
          agent_id: orNull(message.agentId),
          off_branch: message.offBranch === true,
          text: texts.length === 0 ? null : texts.join('\n\n'),
          thinking: thinking.length === 0 ? null : thinking.join('\n\n'),
          tool_call_ids: calls,
          tool_result_ids: results,
          parts: message.parts.map(withoutImageData),
          input_tokens: u ? u.inputTokens : null,
          output_tokens: u ? u.outputTokens : null,
          cache_write_tokens: u ? u.cacheWriteTokens : null,
          cache_read_tokens: u ? u.cacheReadTokens : null,
          file: message.location.file,
          line: message.location.line,
        };
      }
    }
  },
};

/** Image parts without their base64 bytes (their size instead): rows stay readable. */
function withoutImageData(part: MessagePart): unknown {
  if (part.type !== 'image' || part.data === undefined) return part;
  const { data, ...rest } = part;
  return { ...rest, dataLength: data.length };
}
