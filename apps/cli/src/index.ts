#!/usr/bin/env node
import { shutdownTelemetry, startTelemetry } from '@dp/core/telemetry/start';

/**
 * The commands that are traced when OTEL_EXPORTER_OTLP_ENDPOINT is set, with their service name:
 * the ones that run as a service's work (the follower) or write the corpus (sync).
 */
const TRACED: Record<string, string> = { follow: 'follower', sync: 'sync' };

async function run(argv: string[]): Promise<number> {
  const service = Object.hasOwn(TRACED, argv[0] ?? '') ? TRACED[argv[0]] : undefined;
  // Before the commands load: the instrumentation patches pg and ioredis as they are required.
  if (service) await startTelemetry(service);
  const { main } = await import('./cli.js');
  try {
    return await main(argv);
  } finally {
    await shutdownTelemetry();
  }
}

// exitCode, not exit(): long-running commands (start) keep serving after run() resolves, and
// short ones let their output flush before the process ends.
run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
