export { spanIdOf, traceIdOf } from './otlp-ids.js';
export { OtlpSendError, OtlpSender, type OtlpTarget } from './otlp-sender.js';
export { type SendOptions, type SendStats, sendSessions } from './send-sessions.js';
export { SentLog } from './sent-log.js';
export { countPoints, metricsDigest, sessionMetrics, tokenBuckets } from './session-metrics.js';
export {
  type AttributeValue,
  type SpanOptions,
  type SpanSpec,
  sessionSpans,
  spanDigest,
} from './session-spans.js';
