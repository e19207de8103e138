import type { Session } from '../model/session.js';
import type { ToolCallStatus } from '../model/tool-call.js';
import { sessionCalls } from './all-calls.js';

/** A group of failed calls of one tool with the same normalized message. */
export interface ErrorGroup {
  tool: string;
  status: ToolCallStatus;
  /** The message with numbers, paths, ids and quoted values replaced by placeholders. */
  message: string;
  count: number;
  sessions: number;
  example: { sessionId: string; callId: string; file: string; line: number; text: string };
}

export interface ErrorReport {
  /** Failed calls by tool: `{tool: {error, denied, ...}}`. */
  byTool: {
    tool: string;
    failed: number;
    error: number;
    denied: number;
    interrupted: number;
    hookBlocked: number;
  }[];
  groups: ErrorGroup[];
}

/** The statuses of a failed call. */
export const failedStatuses: ReadonlySet<ToolCallStatus> = new Set([
  'error',
  'denied',
  'interrupted',
  'hook_blocked',
]);
const failed = failedStatuses;

/** Failed calls (error, denied, interrupted, hook_blocked) grouped by tool and by normalized message. */
export function computeErrors(sessions: readonly Session[]): ErrorReport {
  const fold = createErrorsFold();
  for (const { call, root } of sessionCalls(sessions)) {
    if (!failed.has(call.status)) continue;
    const text = firstMeaningfulLine(call.statusReason ?? call.result?.text ?? call.status);
    const location = call.result?.location ?? call.location;
    fold.add({
      id: call.id,
      name: call.name,
      status: call.status,
      message: normalizeErrorMessage(text),
      text: text.slice(0, 300),
      file: location.file,
      line: location.line,
      sessionId: root.id,
    });
  }
  return fold.finish();
}

/** A failed call as the errors report groups it (message normalized, text cut, example location). */
export interface FailedCall {
  id: string;
  name: string;
  status: ToolCallStatus;
  message: string;
  text: string;
  file: string;
  line: number;
  /** The top-level session. */
  sessionId: string;
}

/**
 * The errors report from failed calls added in the order the sessions are walked (the first of a group is
 * its example): shared by `computeErrors` and the index's errors query.
 */
export function createErrorsFold() {
  const groups = new Map<string, ErrorGroup & { sessionIds: Set<string> }>();
  const byTool = new Map<string, ErrorReport['byTool'][number]>();
  return {
    add(call: FailedCall): void {
      const tool = byTool.get(call.name) ?? {
        tool: call.name,
        failed: 0,
        error: 0,
        denied: 0,
        interrupted: 0,
        hookBlocked: 0,
      };
      byTool.set(call.name, tool);
      tool.failed += 1;
      if (call.status === 'error') tool.error += 1;
      else if (call.status === 'denied') tool.denied += 1;
      else if (call.status === 'interrupted') tool.interrupted += 1;
      else tool.hookBlocked += 1;
      const key = `${call.name}\u0000${call.status}\u0000${call.message}`;
      const group = groups.get(key);
      if (group) {
        group.count += 1;
        group.sessionIds.add(call.sessionId);
      } else
        groups.set(key, {
          tool: call.name,
          status: call.status,
          message: call.message,
          count: 1,
          sessions: 0,
          sessionIds: new Set([call.sessionId]),
          example: {
            sessionId: call.sessionId,
            callId: call.id,
            file: call.file,
            line: call.line,
            text: call.text,
          },
        });
    },
    finish(): ErrorReport {
      return {
        byTool: [...byTool.values()].sort((a, b) => b.failed - a.failed || a.tool.localeCompare(b.tool)),
        groups: [...groups.values()]
          .map(({ sessionIds, ...g }) => ({ ...g, sessions: sessionIds.size }))
          .sort(
            (a, b) => b.count - a.count || a.tool.localeCompare(b.tool) || a.message.localeCompare(b.message),
          ),
      };
    },
  };
}

/** The first non-blank line of a failed call's reason, `<tool_use_error>` tags dropped (what errors groups by). */
export function firstMeaningfulLine(text: string): string {
  const stripped = text.replace(/<\/?tool_use_error>/g, '');
  return (
    stripped
      .split('\n')
      .find((l) => l.trim().length > 0)
      ?.trim() ?? ''
  );
}

/**
 * Makes error messages comparable: paths become `<path>`, quoted values `"…"`, long hex or uuid ids `<id>`,
 * numbers `<n>`; whitespace folded; cut at 120 characters.
 */
export function normalizeErrorMessage(text: string): string {
  const normalized = text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/(?:[A-Za-z]:)?(?:[\\/][\w.@~+-]+){2,}[\\/]?/g, '<path>')
    .replace(/"[^"\n]{1,200}"|'[^'\n]{1,200}'|`[^`\n]{1,200}`/g, '"…"')
    .replace(/\b(?:toolu|srvtoolu|call|req|msg)_[A-Za-z0-9]+/g, '<id>')
    .replace(/\b[0-9a-f]{12,}\b/gi, '<id>')
    .replace(/\b\d+(?:\.\d+)?\b/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
  return normalized.length > 120 ? `${normalized.slice(0, 119)}…` : normalized;
}
