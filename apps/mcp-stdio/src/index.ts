#!/usr/bin/env node
import { runInstrumented } from '@dp/core/telemetry/start';

// stdout is the JSON-RPC channel: a stray console.log from any dependency would corrupt it, so
// console output is routed to stderr before anything else runs.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

// Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT asks for it, must hook fetch before the server loads.
runInstrumented('mcp-stdio', () => import('./main.js'));
