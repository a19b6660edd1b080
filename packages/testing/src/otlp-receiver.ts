import { createServer, type IncomingMessage, type Server } from 'node:http';
import { parse, type Type } from 'protobufjs';
import { closeServer, listenOnLoopback } from './listen';

/** One exported span, as either OTLP/HTTP encoding carried it (ids as lowercase hex). */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Absent on a root span. */
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

export interface ReceivedExport {
  path: string;
  contentType: string;
  bytes: number;
}

export interface OtlpReceiver {
  /** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT (the exporters post to `/v1/traces` under it). */
  url: string;
  spans: ReceivedSpan[];
  /** Every POST received, decodable or not. */
  exports: ReceivedExport[];
  close(): Promise<void>;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

// The part of OTLP's trace schema (opentelemetry-proto, collector/trace/v1 and trace/v1) that the
// tests read, with the upstream field numbers; protobuf skips the fields not named here.
const TRACE_PROTO = `
syntax = "proto3";
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { repeated Span spans = 2; }
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  bytes parent_span_id = 4;
  string name = 5;
  int32 kind = 6;
  repeated KeyValue attributes = 9;
}
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; }
}
`;

let requestType: Type | undefined;
function exportRequestType(): Type {
  requestType ??= parse(TRACE_PROTO).root.lookupType('ExportTraceServiceRequest');
  return requestType;
}

// The decoded request in the shape of the OTLP JSON encoding (camelCase names); ids are hex
// strings in JSON and byte arrays in protobuf.
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}
interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string | number[];
        spanId: string | number[];
        parentSpanId?: string | number[];
        name: string;
        kind?: number;
        attributes?: KeyValue[];
      }>;
    }>;
  }>;
}

const hex = (id: string | number[] | undefined): string => (typeof id === 'string' ? id : Buffer.from(id ?? []).toString('hex'));

function attributes(list: KeyValue[] = []): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value = {} } of list) {
    const v =
      value.stringValue ?? value.boolValue ?? value.doubleValue ?? (value.intValue === undefined ? undefined : Number(value.intValue));
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function spansOf(request: ExportRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const service = String(attributes(rs.resource?.attributes)['service.name'] ?? '');
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => {
        const parent = hex(s.parentSpanId);
        return {
          service,
          traceId: hex(s.traceId),
          spanId: hex(s.spanId),
          ...(parent ? { parentSpanId: parent } : {}),
          name: s.name,
          kind: s.kind ?? 0,
          attributes: attributes(s.attributes),
        };
      }),
    );
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A real OTLP/HTTP trace receiver on loopback, as a collector is to the apps: decodes both
 * encodings the exporters send (`application/x-protobuf`, the default, and `application/json`)
 * and keeps every span. Anything else is answered 415.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const exports: ReceivedExport[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim();
      exports.push({ path: req.url ?? '', contentType, bytes: body.length });
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      if (contentType === 'application/json') {
        spans.push(...spansOf(JSON.parse(body.toString('utf8')) as ExportRequest));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else if (contentType === 'application/x-protobuf') {
        const type = exportRequestType();
        spans.push(...spansOf(type.toObject(type.decode(body), { longs: String, bytes: Array })));
        // An empty ExportTraceServiceResponse encodes as zero bytes.
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } else {
        res.writeHead(415).end();
      }
    });
  });
  const url = await listenOnLoopback(server);
  return { url, spans, exports, close: () => closeServer(server) };
}
