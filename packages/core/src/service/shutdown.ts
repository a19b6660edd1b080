import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { shutdownTelemetry } from '../telemetry/start';

export type ShutdownStep = () => Promise<unknown>;

/** Stops accepting connections and resolves once in-flight requests have finished. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Graceful shutdown for every service entry point: on SIGTERM or SIGINT run the steps in order
 * (stop accepting, drain, flush, release storage), then exit 0; exit 1 if they take over 10 s.
 */
export function onShutdown(logger: Logger, steps: ShutdownStep[], forceAfterMs = 10_000): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), forceAfterMs).unref();
    try {
      for (const step of steps) await step();
      // Last, so the spans of the requests drained above are exported too (no-op with tracing off).
      await shutdownTelemetry();
    } catch (err) {
      logger.error({ err: { message: (err as Error).message } }, 'shutdown step failed');
      process.exit(1);
    }
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Runs an entry point's main; a start-up failure prints one line (no stack trace) and exits 1. */
export function runMain(name: string, main: () => Promise<void>): void {
  main().catch((err) => {
    process.stderr.write(`${name} failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
