import type { Session } from '../../model/session.js';
import type { AdapterFile } from '../agent-adapter.js';
import { buildCopilotSession } from './build-copilot-session.js';
import { buildLegacyCopilotSession } from './build-legacy-copilot-session.js';
import { copilotRecordShape } from './decode-record.js';

/**
 * One Copilot CLI file as a session: a legacy `history-session-state` document (its first record is the
 * document's header) or an `events.jsonl`.
 */
export function buildCopilotCliSession(file: AdapterFile): Session {
  const first = file.records[0]?.value;
  return first !== undefined && copilotRecordShape(first) === 'legacy-header'
    ? buildLegacyCopilotSession(file)
    : buildCopilotSession(file);
}
