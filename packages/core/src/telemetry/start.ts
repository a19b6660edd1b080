// Deliberately free of imports beyond Node's: every entry point loads this module first, before
// express, pg or ioredis, and with tracing off nothing of the OpenTelemetry SDK is ever loaded.

/** What a started SDK hands back. */
export interface TracingHandle {
  /** Flushes pending spans and stops exporting. */
  shutdown(): Promise<void>;
  /** Runs `fn` with no spans recorded inside it. */
  untraced<T>(fn: () => Promise<T>): Promise<T>;
}

let started: TracingHandle | undefined;

/**
 * Whether tracing is asked for: an OTLP endpoint is set (`OTEL_EXPORTER_OTLP_ENDPOINT`, or the
 * traces-only `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) and neither `OTEL_SDK_DISABLED=true` nor
 * `OTEL_TRACES_EXPORTER=none` says otherwise (the OpenTelemetry environment's own switches).
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts tracing for this process when it is requested (else does nothing and loads nothing).
 * `service` is the process's `service.name` unless `OTEL_SERVICE_NAME` names another. Must run
 * before the modules it instruments are first required: see `runInstrumented`.
 */
export async function startTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (started) return true;
  if (!tracingRequested(env)) return false;
  const { startTracing } = await import('./sdk.js');
  started = startTracing(service, env);
  return true;
}

/**
 * Flushes the spans not yet exported and stops tracing; nothing to do when it never started.
 * Never rejects: spans a collector did not take are lost (the SDK has logged why), and a
 * shutdown must go on.
 */
export async function shutdownTelemetry(): Promise<void> {
  const handle = started;
  started = undefined;
  await handle?.shutdown().catch(() => {});
}

/**
 * An app's entry point: tracing first (when requested), then the app, loaded by `load` (a dynamic
 * import of the module that requires express, pg and ioredis, so the instrumentation patches
 * them as they load). A failure to start prints one line and exits 1, as `runMain` does.
 */
export function runInstrumented(service: string, load: () => Promise<unknown>): void {
  startTelemetry(service)
    .then(load)
    .catch((err: unknown) => {
      process.stderr.write(`${service} failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}

/**
 * Runs `fn` without recording spans inside it, for bulk work whose statements would be thousands
 * of spans (a sync applying the whole collection); a span around it still says what it did.
 */
export function untraced<T>(fn: () => Promise<T>): Promise<T> {
  return started ? started.untraced(fn) : fn();
}
