import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { startTelemetry, tracingRequested } from '../src/telemetry/start';

describe('tracing: on only when an OTLP endpoint is set', () => {
  it('is requested by OTEL_EXPORTER_OTLP_ENDPOINT or the traces-only endpoint, and the standard switches turn it off', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'api', OTEL_BSP_SCHEDULE_DELAY: '50' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it('does nothing without an endpoint', async () => {
    await expect(startTelemetry('api', {})).resolves.toBe(false);
  });

  it('refuses a protocol it cannot send (gRPC) at start, naming the setting', async () => {
    await expect(
      startTelemetry('api', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).rejects.toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported/);
  });
});

describe('one @opentelemetry/core', () => {
  it('is what the SDK and the contrib instrumentations load (each copy would keep its own suppression context)', () => {
    const coreOf = (pkg: string) => {
      const from = dirname(require.resolve(`${pkg}/package.json`));
      return realpathSync(dirname(require.resolve('@opentelemetry/core/package.json', { paths: [from] })));
    };
    const ours = realpathSync(dirname(require.resolve('@opentelemetry/core/package.json')));
    for (const pkg of ['@opentelemetry/sdk-trace-node', '@opentelemetry/instrumentation-express', '@opentelemetry/instrumentation-pg']) {
      expect(coreOf(pkg)).toBe(ours);
    }
  });
});
