import { createHash } from 'node:crypto';
import type { Attributes } from '@opentelemetry/api';
import { ValueType } from '@opentelemetry/api';
import { millisToHrTime } from '@opentelemetry/core';
import {
  AggregationTemporality,
  DataPointType,
  type HistogramMetricData,
  type MetricData,
  type SumMetricData,
} from '@opentelemetry/sdk-metrics';
import {
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOKEN_TYPE,
  ATTR_GEN_AI_TOOL_NAME,
  METRIC_GEN_AI_CLIENT_TOKEN_USAGE,
} from '@opentelemetry/semantic-conventions/incubating';
import type { Session } from '../../model/session.js';
import type { TokenUsage } from '../../model/usage.js';
import { agentInfo } from '../../schemas/common/agent.js';
import { projectAttributes } from './project-attributes.js';

/** Bucket boundaries the GenAI conventions advise for `gen_ai.client.token.usage`. */
export const tokenBuckets = [
  1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
];

/**
 * Usage of one session tree (the session and its subagents) as OTLP metrics, cumulative from the
 * session's start to its end, one series per session (`gen_ai.conversation.id`): sending a session again
 * (because it grew) replaces its points instead of adding to them.
 * - `gen_ai.client.token.usage`: histogram of tokens per request, by model and `gen_ai.token.type`
 *   (`input`: all input, cached included; `output`).
 * - `agentlog.usage.tokens`: sum of tokens by model and `agentlog.token.kind` (`input` without cache,
 *   `cache_read`, `cache_write`, `output`, `reasoning`).
 * - `agentlog.tool.calls`: sum of tool calls by tool and `agentlog.tool.status`.
 * A session without a start time gives no metrics.
 */
export function sessionMetrics(session: Session, options: { content?: boolean } = {}): MetricData[] {
  const start = Date.parse(session.startTime ?? '');
  if (Number.isNaN(start)) return [];
  const endParsed = Date.parse(session.endTime ?? '');
  const startTime = millisToHrTime(start);
  const endTime = millisToHrTime(Number.isNaN(endParsed) ? start : Math.max(start, endParsed));
  const base: Attributes = {
    [ATTR_GEN_AI_CONVERSATION_ID]: session.id,
    [ATTR_GEN_AI_PROVIDER_NAME]: agentInfo[session.agent].provider,
    'agentlog.agent': session.agent,
    ...projectAttributes(session.project, options.content ?? false),
  };

  const requests = new Map<string, { input: number[]; output: number[] }>();
  const tokens = new Map<string, TokenUsage>();
  const calls = new Map<string, { tool: string; status: string; count: number }>();
  for (const member of tree(session)) {
    for (const entry of member.usageEntries) {
      const model = entry.model ?? 'unknown';
      const perModel = requests.get(model) ?? { input: [], output: [] };
      requests.set(model, perModel);
      const u = entry.usage;
      perModel.input.push(u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens);
      perModel.output.push(u.outputTokens);
      const sum = tokens.get(model);
      if (sum === undefined) tokens.set(model, { ...u });
      else for (const key of Object.keys(u) as (keyof TokenUsage)[]) sum[key] += u[key];
    }
    for (const call of member.toolCalls) {
      const key = `${call.name}\u0000${call.status}`;
      const entry = calls.get(key) ?? { tool: call.name, status: call.status, count: 0 };
      entry.count += 1;
      calls.set(key, entry);
    }
  }

  const histogram: HistogramMetricData = {
    descriptor: {
      name: METRIC_GEN_AI_CLIENT_TOKEN_USAGE,
      description: 'Tokens used per model request',
      unit: '{token}',
      valueType: ValueType.INT,
    },
    aggregationTemporality: AggregationTemporality.CUMULATIVE,
    dataPointType: DataPointType.HISTOGRAM,
    dataPoints: [...requests].flatMap(([model, values]) =>
      (['input', 'output'] as const).map((type) => ({
        startTime,
        endTime,
        attributes: {
          ...base,
          [ATTR_GEN_AI_OPERATION_NAME]: 'chat',
          [ATTR_GEN_AI_REQUEST_MODEL]: model,
          [ATTR_GEN_AI_TOKEN_TYPE]: type,
        },
        value: histogramOf(values[type]),
      })),
    ),
  };
  const kinds: [string, keyof TokenUsage][] = [
    ['input', 'inputTokens'],
    ['cache_read', 'cacheReadTokens'],
    ['cache_write', 'cacheWriteTokens'],
    ['output', 'outputTokens'],
    ['reasoning', 'reasoningTokens'],
  ];
  const tokenSum: SumMetricData = {
    descriptor: {
      name: 'agentlog.usage.tokens',
      description: 'Tokens by model and kind (input excludes cache reads and writes)',
      unit: '{token}',
      valueType: ValueType.INT,
    },
    aggregationTemporality: AggregationTemporality.CUMULATIVE,
    dataPointType: DataPointType.SUM,
    isMonotonic: true,
    dataPoints: [...tokens].flatMap(([model, usage]) =>
      kinds.map(([kind, field]) => ({
        startTime,
        endTime,
        attributes: { ...base, [ATTR_GEN_AI_REQUEST_MODEL]: model, 'agentlog.token.kind': kind },
        value: usage[field],
      })),
    ),
  };
  const callSum: SumMetricData = {
    descriptor: {
      name: 'agentlog.tool.calls',
      description: 'Tool calls by tool and status',
      unit: '{call}',
      valueType: ValueType.INT,
    },
    aggregationTemporality: AggregationTemporality.CUMULATIVE,
    dataPointType: DataPointType.SUM,
    isMonotonic: true,
    dataPoints: [...calls.values()].map((c) => ({
      startTime,
      endTime,
      attributes: { ...base, [ATTR_GEN_AI_TOOL_NAME]: c.tool, 'agentlog.tool.status': c.status },
      value: c.count,
    })),
  };
  return [histogram, tokenSum, callSum].filter((m) => m.dataPoints.length > 0);
}

/** A digest of the metrics' values: unchanged metrics are not sent again. */
export function metricsDigest(metrics: readonly MetricData[]): string {
  return createHash('sha1').update(JSON.stringify(metrics)).digest('hex');
}

/** Data points in a list of metrics. */
export function countPoints(metrics: readonly MetricData[]): number {
  return metrics.reduce((n, m) => n + m.dataPoints.length, 0);
}

function histogramOf(values: readonly number[]) {
  const counts = new Array<number>(tokenBuckets.length + 1).fill(0);
  for (const value of values) {
    const bucket = tokenBuckets.findIndex((bound) => value <= bound);
    const index = bucket === -1 ? tokenBuckets.length : bucket;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return {
    buckets: { boundaries: tokenBuckets, counts },
    sum: values.reduce((a, b) => a + b, 0),
    count: values.length,
    min: values.length > 0 ? Math.min(...values) : 0,
    max: values.length > 0 ? Math.max(...values) : 0,
  };
}

function* tree(session: Session): Generator<Session> {
  yield session;
  for (const sub of session.subagents) yield* tree(sub.session);
}
