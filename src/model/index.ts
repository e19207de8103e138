export type { Message, MessageKind, MessagePart } from './message.js';
export type { RateLimitSnapshot, RateLimitWindow } from './rate-limits.js';
export type { ReadCounts, Session, Subagent, Turn } from './session.js';
export type { LocatedProblem, SourceLocation } from './source-location.js';
export type { ToolCall, ToolCallResult, ToolCallStatus } from './tool-call.js';
export { resultWithoutCallName, toolCallStatuses } from './tool-call.js';
export type { TokenUsage, UsageEntry } from './usage.js';
export { addUsage, addUsageTo, emptyUsage, totalTokens, usageFields } from './usage.js';
