/**
 * The API requests a Claude Code record reports: an `assistant` record its own response's usage, an
 * `agent_progress` record (2.1.x) a subagent's response streamed into the parent. Each copy carries the key
 * that deduplicates it (message id and request id; copies of one request count once, with the per-field
 * maximum). The fold (`message-fold.ts`, `build-conversation.ts`) and the status line's reading of appended
 * lines (`cli/statusline-overlay.ts`) take requests from here, so both count the same ones. No zod: the
 * status line loads this without the schemas.
 */

import type { TokenUsage } from '../../model/usage.js';
import { type JsonObject, obj, str } from '../../schemas/common/value-access.js';
import { usageFromAnthropic } from './usage.js';

/** The key that merges copies of one API response: message id and request id, else the record's uuid. */
export function apiMessageKey(value: JsonObject, uuid: string): string {
  const apiId = str(obj(value.message)?.id);
  return apiId === undefined ? `uuid:${uuid}` : `${apiId}|${str(value.requestId) ?? ''}`;
}

/** One copy of a request's usage. */
export interface RequestCopy {
  key: string;
  usage: TokenUsage;
  model: string | undefined;
}

/** The usage of an `assistant` record's response (none for `<synthetic>` messages, which no API served). */
export function responseUsage(value: JsonObject, uuid: string): RequestCopy | undefined {
  if (value.type !== 'assistant') return undefined;
  const message = obj(value.message);
  const model = str(message?.model);
  const usage = usageFromAnthropic(message?.usage);
  if (!usage || model === '<synthetic>') return undefined;
  return { key: apiMessageKey(value, uuid), usage, model };
}

/** A subagent's response streamed into its parent as an `agent_progress` record. */
export interface ProgressCopy extends RequestCopy {
  agentId: string;
  /** The call that started the subagent. */
  toolUseId: string | undefined;
  /** The subagent record's uuid, when it has one. */
  innerUuid: string | undefined;
  apiId: string;
  timestamp: string | undefined;
}

/** The usage an `agent_progress` record streams from a subagent's response, if any. */
export function progressUsage(value: JsonObject): ProgressCopy | undefined {
  if (value.type !== 'progress') return undefined;
  const data = obj(value.data);
  const inner = obj(data?.message);
  const agentId = str(data?.agentId);
  if (data?.type !== 'agent_progress' || inner?.type !== 'assistant' || agentId === undefined)
    return undefined;
  const message = obj(inner.message);
  const usage = usageFromAnthropic(message?.usage);
  const model = str(message?.model);
  const apiId = str(message?.id);
  if (!usage || model === '<synthetic>' || apiId === undefined) return undefined;
  return {
    key: `${apiId}|${str(inner.requestId) ?? ''}`,
    usage,
    model,
    agentId,
    toolUseId: str(value.parentToolUseID) ?? str(value.toolUseID),
    innerUuid: str(inner.uuid),
    apiId,
    timestamp: str(inner.timestamp) ?? str(value.timestamp),
  };
}
