/**
 * GitHub Copilot CLI's adapter: `~/.copilot/session-state/<id>/events.jsonl` (current), the older bare
 * `session-state/<id>.jsonl`, and the 2025 whole documents of `history-session-state/<id>.json`.
 */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildCopilotCliSession } from './build-session.js';
import { copilotRecordType, looksLikeCopilotRecord } from './decode-record.js';
import { copilotCliReading } from './read.js';
import { copilotCliRoots } from './roots.js';
import { copilotRecordSchemas } from './schemas/copilot-event.js';
import { copilotCliTools } from './tools/index.js';
import { copilotCliUsage } from './usage.js';
import { copilotSubject, validateCopilotRecord } from './validate-record.js';

export const copilotCliAdapter: AgentAdapter = {
  agent: 'copilot-cli',
  roots: copilotCliRoots,
  read: copilotCliReading,
  decode: {
    looksLike: looksLikeCopilotRecord,
    recordType: (value) => copilotRecordType(value),
    validate: validateCopilotRecord,
    subject: copilotSubject,
    schemas: copilotRecordSchemas,
  },
  tools: copilotCliTools,
  build: { kind: 'file', buildSession: buildCopilotCliSession },
  usage: copilotCliUsage,
};
