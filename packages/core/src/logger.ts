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

/** The one logger factory; `destination` lets tests capture output (default: stdout). */
export function createLogger(options: { level?: string; name?: string; destination?: DestinationStream } = {}): Logger {
  const opts = {
    name: options.name,
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: options.name },
  };
  return options.destination ? pino(opts, options.destination) : pino(opts);
}

export type { Logger };
