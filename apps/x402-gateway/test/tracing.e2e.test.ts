import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeX402Header, freePort } from '@dp/core';
import {
  appEntry,
  createOrgWithKey,
  createTestDatabase,
  eventually,
  scaledBound,
  seedFixtureCorpus,
  SPAN_KIND,
  startAppProcess,
  startOtlpReceiver,
  TEST_INTERNAL_SECRET,
  type AppProcess,
  type OtlpReceiver,
  type ReceivedSpan,
  type TestDatabase,
} from '@dp/testing';
// Not ./harness: it builds an api in process, which this test runs as a process of its own.
import { newPayer } from '../src/client/payer';

const withRedis = Boolean(process.env.REDIS_URL);
const PAY_TO = '0x2222222222222222222222222222222222222222';
const ASSET = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const PATH = '/x402/legal/documents/sb%2F2091%2F1';
/** The database a client span talks to (the instrumentations follow the stable semantic conventions). */
const dbSystem = (s: ReceivedSpan) => s.attributes['db.system.name'] ?? s.attributes['db.system'];

/**
 * A preload (NODE_OPTIONS=--require) that writes, when the process exits, which modules of the
 * OpenTelemetry SDK, exporters and instrumentations it loaded: how a test sees that tracing off
 * costs nothing (not even loading the SDK).
 */
function sdkProbe(dir: string, name: string): { nodeOptions: string; loaded(): string[] } {
  const out = join(dir, `${name}.loaded.json`);
  const file = join(dir, `${name}.probe.js`);
  writeFileSync(
    file,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache).filter((p) => /@opentelemetry[\\\\/](sdk-|exporter-|instrumentation)/.test(p)))));\n`,
  );
  return { nodeOptions: `--require ${file}`, loaded: () => JSON.parse(readFileSync(out, 'utf8')) as string[] };
}

/** A trace's spans as received, with its parent links walked. */
function traceOf(receiver: OtlpReceiver, traceId: string) {
  const spans = (): ReceivedSpan[] => receiver.spans.filter((s) => s.traceId === traceId);
  const byId = (id: string | undefined) => spans().find((s) => s.spanId === id);
  return {
    spans,
    byId,
    /** Parent, grandparent, … as far as they have arrived. */
    ancestors: (span: ReceivedSpan): ReceivedSpan[] => {
      const chain: ReceivedSpan[] = [];
      for (let p = byId(span.parentSpanId); p; p = byId(p.parentSpanId)) chain.push(p);
      return chain;
    },
  };
}

/** The app's JSON log lines (stdout), parsed. */
function logLines(app: AppProcess): Array<Record<string, unknown>> {
  return app
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function baseEnv(db: TestDatabase): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    INTERNAL_API_SECRET: TEST_INTERNAL_SECRET,
    ...(withRedis ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
}

/**
 * Tracing as an operator turns it on (docs/operations.md): the built api and gateway as their own
 * processes, OTEL_EXPORTER_OTLP_ENDPOINT pointing at a real OTLP/HTTP receiver, one paid request
 * through the gateway, and the spans that arrive: gateway → api → PostgreSQL in one trace.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedFixtureCorpus(db);
});
afterAll(() => db?.destroy());

describe('OpenTelemetry traces across the gateway, the api and the database', () => {
  let receiver: OtlpReceiver;
  let api: AppProcess;
  let gateway: AppProcess;
  let mcp: AppProcess;
  let dir: string;
  let apiProbe: ReturnType<typeof sdkProbe>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    dir = mkdtempSync(join(tmpdir(), 'dp-tracing-'));
    apiProbe = sdkProbe(dir, 'api-on');
    const [apiPort, gatewayPort, mcpPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50' };
    // Both encodings the receiver decodes: the api exports JSON, the gateway protobuf (the default).
    [api, gateway, mcp] = await Promise.all([
      startAppProcess(appEntry('api'), apiPort, {
        ...baseEnv(db),
        ...otel,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        API_PORT: String(apiPort),
        NODE_OPTIONS: apiProbe.nodeOptions,
      }),
      startAppProcess(appEntry('x402-gateway'), gatewayPort, {
        ...baseEnv(db),
        ...otel,
        GATEWAY_PORT: String(gatewayPort),
        INTERNAL_API_URL: `http://127.0.0.1:${apiPort}`,
        X402_ENABLED: 'true',
        PUBLIC_BASE_URL: 'http://gateway.test',
        X402_PAY_TO: PAY_TO,
        X402_ASSET: ASSET,
      }),
      startAppProcess(appEntry('mcp-http'), mcpPort, {
        ...baseEnv(db),
        ...otel,
        MCP_HTTP_PORT: String(mcpPort),
        MCP_API_URL: `http://127.0.0.1:${apiPort}`,
      }),
    ]);
  }, scaledBound(90_000));

  afterAll(async () => {
    await Promise.all([api?.stop(), gateway?.stop(), mcp?.stop()]);
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('one paid read: gateway → api → PostgreSQL share one trace with parent links, and the log lines carry its id', async () => {
    const challenge = await fetch(`${gateway.url}${PATH}`);
    expect(challenge.status).toBe(402);
    const { accepts } = (await challenge.json()) as { accepts: Parameters<ReturnType<typeof newPayer>['sign']>[0][] };
    const paid = await fetch(`${gateway.url}${PATH}`, { headers: { 'X-PAYMENT': encodeX402Header(await newPayer().sign(accepts[0])) } });
    expect(paid.status).toBe(200);
    await paid.arrayBuffer();

    // The api's side of the internal call names the trace; every part of it is awaited.
    const apiServer = await eventually(
      () =>
        receiver.spans.find(
          (s) =>
            s.service === 'api' && s.kind === SPAN_KIND.server && String(s.attributes['url.path']).startsWith('/internal/legal/documents/'),
        ),
      { what: () => `the api's server span among ${JSON.stringify(receiver.spans.map((s) => [s.service, s.name]))}` },
    );
    const { spans: inTrace, byId, ancestors } = traceOf(receiver, apiServer.traceId);
    const gatewayServer = await eventually(
      () => inTrace().find((s) => s.service === 'x402-gateway' && s.kind === SPAN_KIND.server && !s.parentSpanId),
      { what: () => `the gateway's root span in ${JSON.stringify(inTrace())}` },
    );
    const pgSpans = await eventually(
      () => {
        const found = inTrace().filter((s) => s.service === 'api' && dbSystem(s) === 'postgresql');
        return found.length ? found : undefined;
      },
      { what: () => `the api's PostgreSQL spans in ${JSON.stringify(inTrace())}` },
    );

    // The api's server span is the child of the gateway's outgoing call (traceparent on the
    // internal fetch), which sits under the gateway's server span for the paid request.
    const gatewayClient = byId(apiServer.parentSpanId);
    expect(gatewayClient).toMatchObject({ service: 'x402-gateway', kind: SPAN_KIND.client });
    expect(ancestors(gatewayClient!).map((s) => s.spanId)).toContain(gatewayServer.spanId);
    expect(gatewayServer.attributes['http.status_code'] ?? gatewayServer.attributes['http.response.status_code']).toBe(200);
    // Server spans are named by their route template (as the metrics label them), not the method alone.
    for (const [server, prefix] of [
      [apiServer, 'GET /internal/legal/documents/'],
      [gatewayServer, 'GET /x402/legal/documents/'],
    ] as const) {
      expect(server.name.startsWith(prefix)).toBe(true);
      expect(server.attributes['http.route']).toBe(server.name.slice('GET '.length));
    }
    // The document's statements ran inside the api's request.
    for (const pg of pgSpans) expect(ancestors(pg).map((s) => s.spanId)).toContain(apiServer.spanId);
    // The gateway's own statements (the payment's settlement) are in the same trace.
    expect(inTrace().some((s) => s.service === 'x402-gateway' && dbSystem(s) === 'postgresql')).toBe(true);
    if (withRedis) {
      // The payer's rate limit in Redis, recorded by command name only (no keys or values).
      const redis = inTrace().filter((s) => dbSystem(s) === 'redis');
      expect(redis.length).toBeGreaterThan(0);
      for (const span of redis) expect(span.attributes['db.query.text'] ?? span.attributes['db.statement']).toBe(span.name);
    }
    // Probes are not traced.
    expect(receiver.spans.some((s) => String(s.attributes['http.target'] ?? s.attributes['url.path'] ?? '').endsWith('/readyz'))).toBe(
      false,
    );
    expect(receiver.exports.map((e) => e.contentType).sort()).toEqual(
      expect.arrayContaining(['application/json', 'application/x-protobuf']),
    );

    // The request log lines of both apps carry the trace's id.
    const requestLine = (app: AppProcess) =>
      logLines(app).find((l) => l.msg === 'request completed' && l.trace_id === apiServer.traceId && l.res !== undefined);
    await eventually(() => requestLine(api), { what: () => `the api's request line with the trace id:\n${api.output()}` });
    await eventually(() => requestLine(gateway), { what: () => `the gateway's request line with the trace id:\n${gateway.output()}` });
    expect(requestLine(api)!.span_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it("an MCP tool's /v1 call carries the trace context: mcp-http → api → PostgreSQL in one trace", async () => {
    const { key } = await createOrgWithKey(db);
    const res = await fetch(`${mcp.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'legal_get_document', arguments: { id: 'sb/2091/2' } },
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();

    const apiServer = await eventually(
      () =>
        receiver.spans.find(
          (s) => s.service === 'api' && s.kind === SPAN_KIND.server && String(s.attributes['url.path']).startsWith('/v1/legal/documents/'),
        ),
      { what: () => `the api's /v1 server span among ${JSON.stringify(receiver.spans.map((s) => [s.service, s.name]))}` },
    );
    const { spans, byId, ancestors } = traceOf(receiver, apiServer.traceId);
    const mcpServer = await eventually(
      () => spans().find((s) => s.service === 'mcp-http' && s.kind === SPAN_KIND.server && !s.parentSpanId),
      { what: () => `mcp-http's root span in ${JSON.stringify(spans())}` },
    );
    const mcpClient = byId(apiServer.parentSpanId);
    expect(mcpClient).toMatchObject({ service: 'mcp-http', kind: SPAN_KIND.client });
    expect(ancestors(mcpClient!).map((s) => s.spanId)).toContain(mcpServer.spanId);
    await eventually(() => spans().find((s) => s.service === 'api' && dbSystem(s) === 'postgresql'), {
      what: () => `the api's PostgreSQL spans in ${JSON.stringify(spans())}`,
    });
  });

  it('with tracing on, the SDK is loaded (the probe sees it)', async () => {
    await api.stop();
    expect(apiProbe.loaded().length).toBeGreaterThan(0);
  });
});

describe('tracing off: OTEL_EXPORTER_OTLP_ENDPOINT unset', () => {
  it('the api loads no OpenTelemetry SDK, exporter or instrumentation, and its log lines carry no trace id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dp-tracing-off-'));
    const probe = sdkProbe(dir, 'api-off');
    const port = await freePort();
    // The other OTEL_ settings do not turn it on.
    const api = await startAppProcess(appEntry('api'), port, {
      ...baseEnv(db),
      OTEL_SERVICE_NAME: 'api-off',
      OTEL_BSP_SCHEDULE_DELAY: '50',
      API_PORT: String(port),
      NODE_OPTIONS: probe.nodeOptions,
    });
    try {
      const { key } = await createOrgWithKey(db);
      const res = await fetch(`${api.url}/v1/legal/documents/sb%2F2091%2F1`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      await eventually(() => logLines(api).find((l) => l.msg === 'request completed' && l.res !== undefined), {
        what: () => `the request line:\n${api.output()}`,
      });
      expect(logLines(api).filter((l) => 'trace_id' in l)).toEqual([]);
      await api.stop();
      expect(probe.loaded()).toEqual([]);
    } finally {
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
