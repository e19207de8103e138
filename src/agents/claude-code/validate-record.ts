import type { FileContext, PendingIssue, ValidationSink } from '../../reader/validation-sink.js';
import { isObject } from '../../schemas/common/is-object.js';
import { unknownKeys } from '../../schemas/common/unknown-keys.js';
import { decodeClaudeCodeRecord } from './decode-record.js';
import { claudeCodeRecordSchemas } from './schemas/records/index.js';
import { lookupClaudeCodeTool, validateToolInput, validateToolResult } from './tools/index.js';

/** Full validation of one Claude Code record: the record, its tool calls' inputs and its structured tool result. */
export function validateClaudeCodeLine(
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const decoded = decodeClaudeCodeRecord(value, 'full');
  const type = decoded.type ?? '(no type)';
  sink.record(type);
  if (typeof value.version === 'string') {
    context.currentVersion = value.version;
    sink.version(value.version);
  }
  if (decoded.kind === 'unknown') {
    sink.unknownRecordType(type);
    return;
  }
  const subject = `record:${type}`;
  for (const issue of decoded.issues) sink.issue(subject, issue.path, issue.message, line);
  const schema = claudeCodeRecordSchemas[type];
  if (schema) for (const path of unknownKeys(schema, value)) sink.unknownField(subject, path, line);

  const message = value.message as { content?: unknown } | undefined;
  const content = Array.isArray(message?.content) ? (message.content as unknown[]) : [];
  if (type === 'assistant') {
    for (const block of content) validateToolUse(block, line, context, sink);
  } else if (type === 'user') {
    validateToolUseResult(value, content, line, context, sink);
  }
}

function validateToolUse(block: unknown, line: number, context: FileContext, sink: ValidationSink): void {
  if (!isObject(block) || block.type !== 'tool_use' || typeof block.name !== 'string') return;
  const name = block.name;
  if (typeof block.id === 'string') context.toolNamesById.set(block.id, name);
  sink.toolCall(name);
  const lookup = lookupClaudeCodeTool(name);
  if (lookup.kind === 'unknown') {
    sink.unknownTool(name);
    return;
  }
  const subject = `tool:${lookup.kind === 'mcp' ? 'mcp' : name}:input`;
  const issues = validateToolInput(name, block.input).map(
    (issue): PendingIssue => ({ subject, path: [...issue.path], message: issue.message, line }),
  );
  // Held until the result shows whether the agent itself rejected the input (see settleInputIssues).
  if (issues.length > 0 && typeof block.id === 'string') context.pendingInputIssues.set(block.id, issues);
  else reportIssues(issues, sink);
  if (lookup.kind === 'builtin')
    for (const path of unknownKeys(lookup.spec.input, block.input)) sink.unknownField(subject, path, line);
}

function validateToolUseResult(
  value: Record<string, unknown>,
  content: unknown[],
  line: number,
  context: FileContext,
  sink: ValidationSink,
): void {
  const results = content.filter(
    (b): b is Record<string, unknown> => isObject(b) && b.type === 'tool_result',
  );
  for (const block of results) settleInputIssues(block, context, sink);
  if (!('toolUseResult' in value)) return;
  // toolUseResult belongs to the record's single tool_result; with several, it cannot be attributed.
  if (results.length !== 1) return;
  const id = (results[0] as { tool_use_id?: unknown }).tool_use_id;
  const name = typeof id === 'string' ? context.toolNamesById.get(id) : undefined;
  if (name === undefined) return;
  const lookup = lookupClaudeCodeTool(name);
  if (lookup.kind === 'unknown') return;
  const subject = `tool:${lookup.kind === 'mcp' ? 'mcp' : name}:result`;
  const result = value.toolUseResult;
  for (const issue of validateToolResult(name, result)) sink.issue(subject, issue.path, issue.message, line);
  if (lookup.kind === 'builtin' && typeof result !== 'string')
    for (const path of unknownKeys(lookup.spec.result, result)) sink.unknownField(subject, path, line);
}

/**
 * An input that fails its schema and that Claude Code answered with `InputValidationError` is the model's
 * mistake, not schema drift: it is counted as a rejected input. Any other failing input is a schema issue.
 */
function settleInputIssues(block: Record<string, unknown>, context: FileContext, sink: ValidationSink): void {
  const id = block.tool_use_id;
  if (typeof id !== 'string') return;
  const pending = context.pendingInputIssues.get(id);
  if (!pending) return;
  context.pendingInputIssues.delete(id);
  const text = typeof block.content === 'string' ? block.content : JSON.stringify(block.content ?? '');
  if (block.is_error === true && text.includes('InputValidationError')) sink.rejectedInput();
  else reportIssues(pending, sink);
}

/** Reports held issues. */
export function reportIssues(issues: readonly PendingIssue[], sink: ValidationSink): void {
  for (const issue of issues) sink.issue(issue.subject, issue.path, issue.message, issue.line);
}
