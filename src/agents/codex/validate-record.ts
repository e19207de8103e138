import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { schemaIssuesOf } from '../../schemas/common/surely-valid.js';
import { decodeCodexLine } from './decode-record.js';
import { codexToolCallInput, lookupCodexTool } from './tools/index.js';

/** Full validation of one Codex rollout line, and of the tool call it carries. */
export function validateCodexLine(
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const decoded = decodeCodexLine(value, 'full', { lineIndex: context.lineIndex });
  const type = decoded.subtype === undefined ? decoded.type : `${decoded.type}:${decoded.subtype}`;
  sink.record(type);
  if (decoded.type === 'session_meta' && typeof decoded.payload.cli_version === 'string') {
    context.currentVersion = `codex ${decoded.payload.cli_version}`;
    sink.version(context.currentVersion);
  }
  if (!decoded.known) {
    sink.unknownRecordType(type);
    return;
  }
  for (const issue of decoded.issues) sink.issue(`codex:${type}`, issue.path, issue.message, line);
  if (decoded.type !== 'response_item') return;

  const call = codexToolCallInput(decoded.payload);
  if (call === undefined) return;
  sink.toolCall(call.name);
  const lookup = lookupCodexTool(call.name, call.namespace);
  if (lookup.kind === 'unknown') {
    sink.unknownTool(call.name);
    return;
  }
  const subject = `codex-tool:${lookup.kind === 'mcp' ? 'mcp' : call.name}:input`;
  if (!call.input.ok) {
    sink.issue(subject, ['arguments'], `Arguments are not JSON: ${call.input.error}`, line);
    return;
  }
  for (const issue of schemaIssuesOf(lookup.spec.input, call.input.value))
    sink.issue(subject, issue.path as (string | number)[], issue.message, line);
}
