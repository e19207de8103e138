// Hand-made sessions for the tests of stored forms: a session with empty totals, and tool calls.
import type { Session } from '../src/model/session.js';
import type { ToolCall } from '../src/model/tool-call.js';
import { emptyUsage } from '../src/model/usage.js';

/** A Claude Code session `s` of file `/f` with nothing in it but `fields` (which may be of any shape). */
export function sessionOf(fields: Record<string, unknown>): Session {
  return {
    id: 's',
    agent: 'claude-code',
    files: ['/f'],
    cwds: [],
    versions: [],
    models: [],
    messages: [],
    turns: [],
    toolCalls: [],
    subagents: [],
    usage: emptyUsage(),
    usageByModel: {},
    usageEntries: [],
    counts: { lines: 2, blankLines: 0, records: 2, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
    problems: [],
    meta: {},
    isSubagent: false,
    ...fields,
  } as Session;
}

/** A Bash call of session `s` at line `line` of `/f`, with `fields` besides. */
export function bashCall(
  id: string,
  status: string,
  line = 1,
  fields: Record<string, unknown> = {},
): ToolCall {
  return {
    id,
    name: 'Bash',
    canonicalName: 'Bash',
    kind: 'builtin',
    status,
    sessionId: 's',
    input: undefined,
    location: { file: '/f', line },
    ...fields,
  } as ToolCall;
}
