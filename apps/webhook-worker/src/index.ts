import { runInstrumented } from '@dp/core/telemetry/start';

// Entry point: node apps/webhook-worker/dist/index.js (settings: main.ts). Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT
// asks for it, must patch http, express, pg and ioredis before they load: the app is loaded after.
runInstrumented('webhook-worker', () => import('./main.js'));
