import pino, { type Logger } from 'pino';

/** Header and field paths that carry secrets; pino replaces them before anything is written. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-payment"]',
  'req.headers["x-csrf-token"]',
  'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]',
  'res.headers["x-payment-response"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-payment"]',
  '*.apiKey',
  '*.password',
  '*.secret',
  '*.signature',
  'apiKey',
  'password',
  'secret',
  'signature',
];

export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: options.name,
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: options.name },
  });
}

export type { Logger };
