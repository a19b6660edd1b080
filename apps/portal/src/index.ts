import { runInstrumented } from '@dp/core/telemetry/start';

// Entry point: node apps/portal/dist/index.js (settings: main.ts). Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT
// asks for it, must patch http, express, pg and ioredis before they load: the app is loaded after.
runInstrumented('portal', () => import('./main.js'));
