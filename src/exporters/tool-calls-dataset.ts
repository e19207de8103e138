import { summarizeToolInput } from '../analytics/summarize-tool-input.js';
import { allSessions } from '../model/all-sessions.js';
import { sessionColumns as S, toolCallColumns as T } from '../model/row-columns.js';
import { type ExportDataset, exportColumns, isoTime, orNull } from './dataset.js';

/** One row per tool call, paired with its result: typed input and full result. */
export const toolCallsDataset: ExportDataset = {
  name: 'tool_calls',
  description: 'tool calls paired with their results, subagent calls included',
  columns: [
    ...exportColumns(T.id, T.session_id, T.root_session_id, S.agent),
    { name: 'agent_id', type: 'VARCHAR', description: 'subagent id, for calls made inside a subagent' },
    ...exportColumns(T.tool, T.canonical, T.kind, T.mcp_server),
    { name: 'mcp_tool', type: 'VARCHAR', description: 'MCP tool name on its server' },
    ...exportColumns(T.status, T.status_reason, T.start_time, T.end_time, T.duration_ms, T.model),
    { name: 'message_id', type: 'VARCHAR', description: 'the assistant message that made the call' },
    ...exportColumns(T.subagent_id, T.input_summary),
    { name: 'input', type: 'JSON', description: 'the input as the agent sent it' },
    { name: 'raw_input', type: 'VARCHAR', description: 'argument text that did not parse as JSON (Codex)' },
    { name: 'result_text', type: 'VARCHAR', description: 'the model-facing result as text' },
    {
      name: 'result_content',
      type: 'JSON',
      description: 'the model-facing result as written (string or blocks)',
    },
    {
      name: 'result_structured',
      type: 'JSON',
      description: 'structured result: Claude Code `toolUseResult`, or the parsed Codex output',
    },
    { name: 'is_error', type: 'BOOLEAN', description: 'the wire `is_error` flag, where there is one' },
    ...exportColumns(T.exit_code, T.file, T.line),
    { name: 'result_file', type: 'VARCHAR', description: 'source file of the result' },
    { name: 'result_line', type: 'BIGINT', description: 'line of the result' },
  ],
  *rows(root) {
    for (const session of allSessions([root])) {
      for (const call of session.toolCalls) {
        const result = call.result;
        yield {
          id: call.id,
          session_id: session.id,
          root_session_id: root.id,
          agent: session.agent,
          agent_id: orNull(call.agentId),
          tool: call.name,
          canonical: call.canonicalName,
          kind: call.kind,
          mcp_server: orNull(call.mcpServer),
          mcp_tool: orNull(call.mcpTool),
          status: call.status,
          status_reason: orNull(call.statusReason),
          start_time: isoTime(call.startTime),
          end_time: isoTime(call.endTime),
          duration_ms: orNull(call.durationMs),
          model: orNull(call.model),
          message_id: orNull(call.messageId),
          subagent_id: orNull(call.subagentId),
          input_summary: summarizeToolInput(call, 200),
          input: orNull(call.input),
          raw_input: orNull(call.rawInput),
          result_text: orNull(result?.text),
          result_content: orNull(result?.content),
          result_structured: orNull(result?.structured),
          is_error: orNull(result?.isError),
          exit_code: orNull(result?.exitCode),
          file: call.location.file,
          line: call.location.line,
          result_file: orNull(result?.location.file),
          result_line: orNull(result?.location.line),
        };
      }
    }
  },
};
