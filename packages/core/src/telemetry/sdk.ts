// Loaded only when tracing is requested (start.ts imports it dynamically), and before any module
// it instruments: import nothing here that requires express, pg or ioredis.
import { context, diag, DiagConsoleLogger, DiagLogLevel } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_HTTP_ROUTE, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { OPERATIONS_PATHS } from '../metrics/operations-paths';
import type { TracingHandle } from './start';

const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

function diagLevel(raw: string | undefined): DiagLogLevel {
  const name = raw?.trim().toUpperCase();
  const level = name ? (DiagLogLevel as unknown as Record<string, DiagLogLevel | undefined>)[name] : undefined;
  return typeof level === 'number' ? level : DiagLogLevel.WARN;
}

function pathOf(url: string | undefined): string {
  const q = url?.indexOf('?') ?? -1;
  return q === -1 ? (url ?? '') : url!.slice(0, q);
}

/**
 * The tracer provider, its OTLP exporter and the instrumentations, from the standard OTEL_*
 * environment: the endpoint, headers and timeout are read by the exporter itself, the batch
 * settings (OTEL_BSP_*) by the span processor, the sampler (OTEL_TRACES_SAMPLER) by the provider.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv): TracingHandle {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
  if (!(PROTOCOLS as readonly string[]).includes(protocol)) {
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use ${PROTOCOLS.join(' or ')}`);
  }
  // The SDK reports export failures through its diagnostic logger, silent unless one is set.
  diag.setLogger(new DiagConsoleLogger(), { logLevel: diagLevel(env.OTEL_LOG_LEVEL), suppressOverrideMessage: true });
  const exporter = protocol === 'http/json' ? new OtlpJsonExporter() : new OtlpProtobufExporter();

  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the app's own name.
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: service }).merge(
    detectResources({ detectors: [hostDetector, processDetector, envDetector] }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Probes and scrapes arrive every few seconds and say nothing about a request: not traced.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => OPERATIONS_PATHS.has(pathOf(req.url)),
        // A server span is named by its route template, as the metrics label it, not by the method
        // alone: the template is set once the request is routed (metrics/route-template.ts).
        applyCustomAttributesOnSpan: (span, request) => {
          const template = (request as { routeTemplate?: unknown }).routeTemplate;
          if (typeof template !== 'string' || !('method' in request)) return;
          span.updateName(`${request.method ?? 'GET'} ${template}`);
          span.setAttribute(ATTR_HTTP_ROUTE, template);
        },
      }),
      // Route handlers and routers only: a span per middleware (compression, helmet, …) is noise.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      // Statements inside a traced request or job only (not the polling of idle loops), without
      // their parameter values, and no span per pool checkout.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      // Commands by name only: their keys and arguments carry organization and payer ids.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      // fetch (the gateway's internal call, the MCP tools' /v1 calls): spans and `traceparent`.
      new UndiciInstrumentation(),
    ],
  });

  return {
    async shutdown() {
      await provider.shutdown();
    },
    untraced: (fn) => context.with(suppressTracing(context.active()), fn),
  };
}
