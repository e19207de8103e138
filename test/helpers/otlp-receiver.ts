import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

/** A span as the receiver decoded it from the protobuf body. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  status: { code: number; message: string };
  resource: Record<string, unknown>;
  scope: string;
}

/** A metric data point as decoded. */
export interface ReceivedPoint {
  metric: string;
  unit: string;
  kind: 'sum' | 'histogram' | 'gauge';
  temporality: number;
  attributes: Record<string, unknown>;
  startNs: bigint;
  timeNs: bigint;
  value: number | { count: number; sum: number; bucketCounts: number[]; bounds: number[] };
  resource: Record<string, unknown>;
}

/** A loopback OTLP/HTTP receiver for tests: POST /v1/traces and /v1/metrics, protobuf bodies. */
export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  points: ReceivedPoint[];
  requests: { path: string; contentType: string; headers: Record<string, string | string[] | undefined> }[];
  /** Answer every request with this HTTP status (200 by default). */
  respondWith: number;
  clear(): void;
  close(): Promise<void>;
}

const proto = await protobuf.load(path.resolve(import.meta.dirname, '../fixtures/otlp/otlp.proto'));
const TraceRequest = proto.lookupType('opentelemetry.proto.ExportTraceServiceRequest');
const MetricsRequest = proto.lookupType('opentelemetry.proto.ExportMetricsServiceRequest');
const toObject = { longs: String, bytes: Buffer, defaults: true, oneofs: true } as const;

type Wire = Record<string, unknown>;
const hex = (value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : '');

function anyValue(value: Wire | undefined): unknown {
  if (!value) return undefined;
  switch (value.value) {
    case 'stringValue':
      return value.stringValue;
    case 'boolValue':
      return value.boolValue;
    case 'intValue':
      return Number(value.intValue);
    case 'doubleValue':
      return value.doubleValue;
    case 'arrayValue':
      return ((value.arrayValue as Wire).values as Wire[]).map(anyValue);
    default:
      return undefined;
  }
}

function attributes(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of (list as Wire[] | undefined) ?? []) out[kv.key as string] = anyValue(kv.value as Wire);
  return out;
}

function decodeTraces(body: Buffer, into: ReceivedSpan[]): void {
  const request = TraceRequest.toObject(TraceRequest.decode(body), toObject) as Wire;
  for (const rs of request.resourceSpans as Wire[]) {
    const resource = attributes((rs.resource as Wire | undefined)?.attributes);
    for (const ss of rs.scopeSpans as Wire[]) {
      for (const span of ss.spans as Wire[]) {
        const status = (span.status as Wire | undefined) ?? {};
        into.push({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
          name: span.name as string,
          kind: span.kind as number,
          startNs: BigInt(span.startTimeUnixNano as string),
          endNs: BigInt(span.endTimeUnixNano as string),
          attributes: attributes(span.attributes),
          status: { code: (status.code as number) ?? 0, message: (status.message as string) ?? '' },
          resource,
          scope: ((ss.scope as Wire | undefined)?.name as string) ?? '',
        });
      }
    }
  }
}

function decodeMetrics(body: Buffer, into: ReceivedPoint[]): void {
  const request = MetricsRequest.toObject(MetricsRequest.decode(body), toObject) as Wire;
  for (const rm of request.resourceMetrics as Wire[]) {
    const resource = attributes((rm.resource as Wire | undefined)?.attributes);
    for (const sm of rm.scopeMetrics as Wire[]) {
      for (const metric of sm.metrics as Wire[]) {
        const kind = metric.data as 'sum' | 'histogram' | 'gauge';
        const data = metric[kind] as Wire;
        for (const point of data.dataPoints as Wire[]) {
          into.push({
            metric: metric.name as string,
            unit: metric.unit as string,
            kind,
            temporality: (data.aggregationTemporality as number) ?? 0,
            attributes: attributes(point.attributes),
            startNs: BigInt(point.startTimeUnixNano as string),
            timeNs: BigInt(point.timeUnixNano as string),
            value:
              kind === 'histogram'
                ? {
                    count: Number(point.count),
                    sum: point.sum as number,
                    bucketCounts: (point.bucketCounts as string[]).map(Number),
                    bounds: point.explicitBounds as number[],
                  }
                : point.value === 'asInt'
                  ? Number(point.asInt)
                  : (point.asDouble as number),
            resource,
          });
        }
      }
    }
  }
}

/** Starts a receiver on 127.0.0.1 with a free port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver = {
    url: '',
    spans: [] as ReceivedSpan[],
    points: [] as ReceivedPoint[],
    requests: [] as OtlpReceiver['requests'],
    respondWith: 200,
    clear() {
      this.spans.length = 0;
      this.points.length = 0;
      this.requests.length = 0;
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      receiver.requests.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        headers: req.headers,
      });
      if (receiver.respondWith !== 200) {
        res.writeHead(receiver.respondWith, { 'content-type': 'text/plain' }).end('refused by the test');
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/traces') decodeTraces(body, receiver.spans);
      else if (req.method === 'POST' && req.url === '/v1/metrics') decodeMetrics(body, receiver.points);
      else {
        res.writeHead(404).end();
        return;
      }
      // An empty ExportTraceServiceResponse / ExportMetricsServiceResponse: zero bytes of protobuf.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
