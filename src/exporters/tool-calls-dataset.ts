import { allSessions } from '../analytics/all-calls.js';
import { summarizeToolInput } from '../analytics/summarize-tool-input.js';
import type { ExportDataset } from './dataset.js';
import { isoTime, orNull } from './dataset.js';

/** One row per tool call, paired with its result: typed input and full result. */
export const toolCallsDataset: ExportDataset = {
  name: 'tool_calls',
  description: 'tool calls paired with their results, subagent calls included',
  columns: [
    { name: 'id', type: 'VARCHAR', description: '`tool_use` id or `call_id`' },
    { name: 'session_id', type: 'VARCHAR', description: 'the session (a subagent id for subagent rows)' },
    { name: 'root_session_id', type: 'VARCHAR', description: 'the top-level session of the tree' },
    { name: 'agent', type: 'VARCHAR', description: '`claude-code` or `codex`' },
    { name: 'agent_id', type: 'VARCHAR', description: 'subagent id, for calls made inside a subagent' },
    { name: 'tool', type: 'VARCHAR', description: 'tool name as written' },
    {
      name: 'canonical',
      type: 'VARCHAR',
      description: 'newest name of the tool lineage (`Task` -> `Agent`)',
    },
    { name: 'kind', type: 'VARCHAR', description: 'builtin, mcp, unknown' },
    { name: 'mcp_server', type: 'VARCHAR', description: 'MCP server' },
    { name: 'mcp_tool', type: 'VARCHAR', description: 'MCP tool name on its server' },
    {
      name: 'status',
      type: 'VARCHAR',
      description: 'ok, error, denied, interrupted, hook_blocked, missing, orphan_result',
    },
    { name: 'status_reason', type: 'VARCHAR', description: 'why the status was chosen' },
    { name: 'start_time', type: 'TIMESTAMP', description: 'time of the call (UTC)' },
    { name: 'end_time', type: 'TIMESTAMP', description: 'time of the result (UTC)' },
    {
      name: 'duration_ms',
      type: 'BIGINT',
      description: 'end - start (Codex: reported duration), milliseconds',
    },
    { name: 'model', type: 'VARCHAR', description: 'model that made the call' },
    { name: 'message_id', type: 'VARCHAR', description: 'the assistant message that made the call' },
    { name: 'subagent_id', type: 'VARCHAR', description: 'for Task/Agent calls: the subagent started' },
    { name: 'input_summary', type: 'VARCHAR', description: 'one line: the command, path, pattern...' },
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
    { name: 'exit_code', type: 'BIGINT', description: 'exit code, where reported' },
    { name: 'file', type: 'VARCHAR', description: 'source file of the call' },
    { name: 'line', type: 'BIGINT', description: 'line of the call (1-based)' },
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
