import { createHash } from 'node:crypto';
import type { Session } from '../../model/session.js';
import type { OtlpSender } from './otlp-sender.js';
import type { SentLog } from './sent-log.js';
import { countPoints, metricsDigest, sessionMetrics } from './session-metrics.js';
import { type SpanOptions, type SpanSpec, sessionKey, sessionSpans, spanDigest } from './session-spans.js';

export interface SendOptions extends SpanOptions {
  /** The key what was sent is remembered under (the endpoint URL). */
  endpoint: string;
  /** The full session for a listed one (the list may hold reduced report models); undefined to skip it. */
  readFull?: (session: Session) => Promise<Session | undefined>;
  /** Redacts what leaves the machine (applied to spans after their digests are taken). */
  redact?: <T>(value: T) => Promise<T>;
  /** Send everything again, whatever was sent before. */
  resend?: boolean;
  /** Compute but do not send or record. */
  dryRun?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** What a run did. */
export interface SendStats {
  sessions: number;
  /** Sessions with something new sent. */
  sentSessions: number;
  /** Sessions skipped because nothing changed since they were sent. */
  unchangedSessions: number;
  /** Sessions without any timestamp (no place in a trace). */
  untimedSessions: number;
  spans: number;
  /** Spans not sent again because they were sent before as they are. */
  skippedSpans: number;
  metricPoints: number;
}

/**
 * Sends sessions as traces and metrics, only what the sent log does not have: per session, its new and
 * changed spans (same ids as before) and its metrics when they changed. Each session is recorded as sent
 * only after the collector accepted it, so a failed run sends the rest again next time.
 */
export async function sendSessions(
  sessions: readonly Session[],
  sender: OtlpSender | undefined,
  log: SentLog,
  options: SendOptions,
): Promise<SendStats> {
  const stats: SendStats = {
    sessions: sessions.length,
    sentSessions: 0,
    unchangedSessions: 0,
    untimedSessions: 0,
    spans: 0,
    skippedSpans: 0,
    metricPoints: 0,
  };
  const settings = JSON.stringify({
    content: options.content ?? false,
    max: options.maxContentLength ?? 4096,
  });
  // Digests are of the content before redaction; turning redaction on (or off) sends everything again.
  const mark = options.redact ? 'redacted:' : '';
  let done = 0;
  for (const listed of sessions) {
    options.onProgress?.(done++, sessions.length);
    const signature = createHash('sha1')
      .update(settings + mark)
      .update(JSON.stringify(shape(listed)))
      .digest('hex');
    const key = sessionKey(listed);
    const sent = options.resend ? new Map<string, string>() : log.sent(options.endpoint, key);
    if (sent.get('session') === signature) {
      stats.unchangedSessions += 1;
      continue;
    }
    const session = options.readFull ? await options.readFull(listed) : listed;
    if (session === undefined) continue;
    const spans = sessionSpans(session, options);
    if (spans.length === 0) {
      stats.untimedSessions += 1;
      continue;
    }
    const fresh: [number, SpanSpec, string][] = [];
    spans.forEach((span, i) => {
      const digest = mark + spanDigest(span);
      if (sent.get(`${span.traceId}/${span.spanId}`) === digest) stats.skippedSpans += 1;
      else fresh.push([i, span, digest]);
    });
    const metrics = sessionMetrics(session, options);
    const digest = mark + metricsDigest(metrics);
    const newMetrics = sent.get('metrics') === digest ? [] : metrics;
    if (fresh.length === 0 && newMetrics.length === 0) {
      stats.unchangedSessions += 1;
      if (!options.dryRun) log.record(options.endpoint, key, [['session', signature]]);
      continue;
    }
    if (!options.dryRun && sender) {
      // Redaction works on the session model (secrets are found in structured inputs, not only in text),
      // then the same spans are built from it: same structure and order, so the ids are taken from the
      // unredacted spans, whatever the redactor did to the strings they derive from.
      const redacted = options.redact ? await options.redact(session) : undefined;
      const sendable = redacted ? sessionSpans(redacted, options) : spans;
      if (sendable.length !== spans.length) throw new Error(`Redaction changed the spans of "${key}".`);
      await sender.sendSpans(
        fresh.map(([i, span]) => ({
          ...(sendable[i] as SpanSpec),
          traceId: span.traceId,
          spanId: span.spanId,
          ...(span.parentSpanId === undefined ? {} : { parentSpanId: span.parentSpanId }),
        })),
      );
      const outgoingMetrics =
        redacted && newMetrics.length > 0
          ? await options.redact!(sessionMetrics(redacted, options))
          : newMetrics;
      await sender.sendMetrics(session.agent, outgoingMetrics);
      log.record(options.endpoint, key, [
        ...fresh.map(([, span, d]) => [`${span.traceId}/${span.spanId}`, d] as const),
        ...(newMetrics.length > 0 ? [['metrics', digest] as const] : []),
        ['session', signature],
      ]);
    }
    stats.sentSessions += 1;
    stats.spans += fresh.length;
    stats.metricPoints += countPoints(newMetrics);
  }
  options.onProgress?.(done, sessions.length);
  return stats;
}

/** What a session's spans and metrics depend on, in a form that does not depend on how it was loaded. */
function shape(session: Session): unknown {
  return [
    session.id,
    session.files,
    session.startTime,
    session.endTime,
    session.title,
    session.messages.length,
    session.usageEntries.length,
    session.toolCalls.map((c) => [c.id, c.status, c.endTime, c.durationMs]),
    session.subagents.map((s) => [s.agentId, s.toolCallId, shape(s.session)]),
  ];
}
