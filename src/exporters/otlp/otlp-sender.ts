import { hostname } from 'node:os';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, type Tracer, trace } from '@opentelemetry/api';
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import type { MetricData } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  type IdGenerator,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_HOST_NAME, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions/incubating';
import type { Session } from '../../model/session.js';
import type { SpanSpec } from './session-spans.js';

/** Where and how to send. */
export interface OtlpTarget {
  /** The collector's base URL (`http://collector:4318`); `/v1/traces` and `/v1/metrics` are added. */
  endpoint: string;
  headers?: Record<string, string>;
  /** Extra resource attributes for every span and metric (e.g. from `OTEL_RESOURCE_ATTRIBUTES`). */
  resource?: Record<string, string>;
  /** agentlog's version, as `agentlog.version` on the resource. */
  agentlogVersion?: string;
  /** Per request, retries included (default 10 s). */
  timeoutMillis?: number;
  /** Spans per request (default 512). */
  batchSize?: number;
}

/** A send that the collector refused or that did not reach it. */
export class OtlpSendError extends Error {
  override readonly name = 'OtlpSendError';
  constructor(
    readonly url: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Sending to "${url}" failed: ${reason}`, options);
  }
}

/**
 * Hands the SDK the ids a span must have. The SDK's tracer asks its IdGenerator for a span id (and, for a
 * root span, a trace id) synchronously inside `startSpan`, once per span, so setting them just before each
 * `startSpan` gives every span the id derived from the session: the spans are the SDK's own (limits,
 * resource, scope, status), only their ids are chosen.
 */
class PresetIds implements IdGenerator {
  traceId = '';
  spanId = '';
  generateTraceId(): string {
    return this.traceId;
  }
  generateSpanId(): string {
    return this.spanId;
  }
}

/** Keeps ended spans for an explicit export (no timer, no background batching). */
class Collector implements SpanProcessor {
  spans: ReadableSpan[] = [];
  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    this.spans.push(span);
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

interface AgentPipeline {
  provider: BasicTracerProvider;
  tracer: Tracer;
  ids: PresetIds;
  collector: Collector;
  resource: Resource;
}

const statusCodes = {
  unset: SpanStatusCode.UNSET,
  ok: SpanStatusCode.OK,
  error: SpanStatusCode.ERROR,
} as const;

/**
 * Sends spans and metrics over OTLP/HTTP (protobuf) with the official OpenTelemetry JS SDK and exporters.
 * One tracer provider per agent (its resource's `service.name` is `claude-code` or `codex`). Every send
 * waits for the collector's answer: a refused or failed request throws {@link OtlpSendError}.
 */
export class OtlpSender {
  private readonly pipelines = new Map<string, AgentPipeline>();
  private readonly traceExporter: OTLPTraceExporter;
  private readonly metricExporter: OTLPMetricExporter;
  readonly tracesUrl: string;
  readonly metricsUrl: string;

  constructor(private readonly target: OtlpTarget) {
    const base = target.endpoint.replace(/\/+$/, '');
    this.tracesUrl = `${base}/v1/traces`;
    this.metricsUrl = `${base}/v1/metrics`;
    const common = {
      headers: target.headers ?? {},
      timeoutMillis: target.timeoutMillis ?? 10_000,
    };
    this.traceExporter = new OTLPTraceExporter({ ...common, url: this.tracesUrl });
    this.metricExporter = new OTLPMetricExporter({ ...common, url: this.metricsUrl });
  }

  /** Builds the spans with the SDK and exports them, `batchSize` per request. */
  async sendSpans(specs: readonly SpanSpec[]): Promise<void> {
    const byAgent = new Map<string, ReadableSpan[]>();
    for (const spec of specs) {
      const pipeline = this.pipeline(spec.agent);
      pipeline.ids.traceId = spec.traceId;
      pipeline.ids.spanId = spec.spanId;
      const parent =
        spec.parentSpanId === undefined
          ? ROOT_CONTEXT
          : trace.setSpanContext(ROOT_CONTEXT, {
              traceId: spec.traceId,
              spanId: spec.parentSpanId,
              traceFlags: TraceFlags.SAMPLED,
            });
      const span = pipeline.tracer.startSpan(
        spec.name,
        {
          kind: SpanKind.INTERNAL,
          startTime: new Date(spec.startMs),
          attributes: spec.attributes,
          root: spec.parentSpanId === undefined,
        },
        parent,
      );
      span.setStatus({
        code: statusCodes[spec.status.code],
        ...(spec.status.message === undefined ? {} : { message: spec.status.message }),
      });
      span.end(new Date(spec.endMs));
      const ended = pipeline.collector.spans.splice(0);
      const list = byAgent.get(spec.agent) ?? [];
      list.push(...ended);
      byAgent.set(spec.agent, list);
    }
    const size = this.target.batchSize ?? 512;
    for (const spans of byAgent.values())
      for (let i = 0; i < spans.length; i += size)
        await this.exportWith(this.traceExporter, spans.slice(i, i + size), this.tracesUrl);
  }

  /** Exports metric data points of one agent's sessions. */
  async sendMetrics(agent: Session['agent'], metrics: MetricData[]): Promise<void> {
    if (metrics.length === 0) return;
    const { resource } = this.pipeline(agent);
    await this.exportWith(
      this.metricExporter,
      {
        resource,
        scopeMetrics: [{ scope: { name: 'agentlog', version: this.target.agentlogVersion ?? '' }, metrics }],
      },
      this.metricsUrl,
    );
  }

  /** Flushes and closes the exporters and providers. */
  async shutdown(): Promise<void> {
    await Promise.allSettled([
      this.traceExporter.shutdown(),
      this.metricExporter.shutdown(),
      ...[...this.pipelines.values()].map((p) => p.provider.shutdown()),
    ]);
  }

  private pipeline(agent: string): AgentPipeline {
    const existing = this.pipelines.get(agent);
    if (existing) return existing;
    const ids = new PresetIds();
    const collector = new Collector();
    const resource = resourceFromAttributes({
      [ATTR_SERVICE_NAME]: agent,
      [ATTR_HOST_NAME]: hostname(),
      ...(this.target.agentlogVersion === undefined
        ? {}
        : { 'agentlog.version': this.target.agentlogVersion }),
      ...this.target.resource,
    });
    const provider = new BasicTracerProvider({
      resource,
      idGenerator: ids,
      spanProcessors: [collector],
      spanLimits: { attributeValueLengthLimit: 16_384, attributeCountLimit: 128 },
    });
    const tracer = provider.getTracer('agentlog', this.target.agentlogVersion);
    const pipeline = { provider, tracer, ids, collector, resource };
    this.pipelines.set(agent, pipeline);
    return pipeline;
  }

  private exportWith<T>(
    exporter: { export(items: T, done: (result: ExportResult) => void): void },
    items: T,
    url: string,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      exporter.export(items, (result) => {
        if (result.code === ExportResultCode.SUCCESS) resolve();
        else reject(new OtlpSendError(url, reasonOf(result.error), { cause: result.error }));
      });
    });
  }
}

/** The collector's or the network's reason, in a few words. */
function reasonOf(error: Error | undefined): string {
  if (error === undefined) return 'the exporter gave no reason';
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const causeCode = typeof cause?.code === 'string' ? cause.code : undefined;
  const text = error.message.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  if (typeof code === 'number') return `HTTP ${code} ${text}`;
  const net = typeof code === 'string' ? code : causeCode;
  return net !== undefined && !text.includes(net) ? `${text} (${net})` : text;
}
