import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Header and field paths that carry secrets; pino replaces them before anything is written. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-payment"]',
  'req.headers["payment-signature"]',
  'req.headers["x-csrf-token"]',
  'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]',
  'res.headers["x-payment-response"]',
  'res.headers["payment-response"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-payment"]',
  'headers["payment-signature"]',
  '*.apiKey',
  '*.password',
  '*.secret',
  '*.signature',
  'apiKey',
  'password',
  'secret',
  'signature',
];

const NO_TRACE: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The trace and span of the line's moment, when tracing is on and a span is active (the field
 * names of OpenTelemetry's log data model), so a log line leads to its trace. With tracing off
 * the API has no context manager and this returns the shared empty object at once.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return NO_TRACE;
  const context = span.spanContext();
  return isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : NO_TRACE;
}

/** pino's own merge (the line's fields over the mixin's), minus the copy when there is no trace. */
function withTraceFields(line: object, fields: object): object {
  return fields === NO_TRACE ? line : Object.assign(fields, line);
}

/**
 * The one logger factory. `destination` lets tests capture output; otherwise lines go to
 * `file` (default `LOG_FILE`, which `start` sets per app) with warnings and errors also on stdout
 * for the terminal, or to stdout alone. The file is written asynchronously: a request never waits
 * on a log write, and pino flushes what is pending when the process exits.
 */
export function createLogger(options: { level?: string; name?: string; destination?: DestinationStream; file?: string } = {}): Logger {
  const opts = {
    name: options.name,
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: options.name },
    mixin: traceFields,
    mixinMergeStrategy: withTraceFields,
  };
  if (options.destination) return pino(opts, options.destination);
  const file = options.file ?? process.env.LOG_FILE;
  if (!file) return pino(opts);
  // Opened here, synchronously: a destination still opening cannot be flushed by an early exit.
  mkdirSync(dirname(file), { recursive: true });
  const toFile = pino.destination({ dest: openSync(file, 'a', 0o600), sync: false });
  return pino(
    opts,
    pino.multistream([
      { level: 'trace', stream: toFile },
      { level: 'warn', stream: process.stdout },
    ]),
  );
}

export type { Logger };
