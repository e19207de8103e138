import { decodeCodexLine } from '../schemas/codex/decode-line.js';
import { parseCodexArguments } from '../schemas/codex/parse-tool-io.js';
import { lookupCodexTool } from '../schemas/codex/tools/index.js';
import type { FileContext, ValidationSink } from './validation-sink.js';

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

  const payload = decoded.payload;
  const itemType = decoded.subtype;
  if (decoded.type !== 'response_item') return;
  if (itemType !== 'function_call' && itemType !== 'custom_tool_call' && itemType !== 'local_shell_call') return;
  const name =
    itemType === 'local_shell_call' ? 'local_shell' : typeof payload.name === 'string' ? payload.name : undefined;
  if (name === undefined) return;
  sink.toolCall(name);
  const namespace = typeof payload.namespace === 'string' ? payload.namespace : undefined;
  const lookup = lookupCodexTool(name, namespace);
  if (lookup.kind === 'unknown') {
    sink.unknownTool(name);
    return;
  }
  let input: unknown;
  if (itemType === 'function_call') {
    const parsed = parseCodexArguments(payload.arguments);
    if (!parsed.ok) {
      sink.issue(`codex-tool:${name}:input`, ['arguments'], `Arguments are not JSON: ${parsed.error}`, line);
      return;
    }
    input = parsed.value;
  } else if (itemType === 'custom_tool_call') {
    input = { input: payload.input };
  } else {
    input = payload.action;
  }
  const checked = lookup.spec.input.safeParse(input);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      sink.issue(`codex-tool:${lookup.kind === 'mcp' ? 'mcp' : name}:input`, issue.path as (string | number)[], issue.message, line);
  }
}
