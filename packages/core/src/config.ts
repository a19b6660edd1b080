import { join } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
/** CLIENT_REQUESTS_PER_MINUTE unless set: the pro plan's rate, per client address. */
export const DEFAULT_CLIENT_REQUESTS_PER_MINUTE = 600;
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
/** A comma-separated list of web origins (`scheme://host[:port]`), each written as URL#origin does. */
const originList = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional())
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const origins: string[] = [];
    for (const entry of value.split(',').map((e) => e.trim())) {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
        ctx.addIssue({
          code: 'custom',
          message: `not an http(s) origin (scheme://host[:port], nothing after it): ${JSON.stringify(entry)}`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** USD amount with at most 6 decimals, turned into integer atomic units (no floating point). */
export function usdToAtomic(value: string, decimals = 6): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal amount: ${value}`);
  const frac = (m[2] ?? '').padEnd(decimals, '0');
  if (frac.length > decimals) throw new Error(`more than ${decimals} decimals: ${value}`);
  return BigInt(m[1]) * 10n ** BigInt(decimals) + BigInt(frac || '0');
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `start` only: `json` prints every app's JSON log lines; otherwise they go to files in the data directory. */
    LOG_FORMAT: z.enum(['human', 'json']).default('human'),
    /** Where an app writes its JSON log lines (warnings and errors also go to stdout); `start` sets it per app. */
    LOG_FILE: z.string().min(1).optional(),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    REDIS_KEY_PREFIX: z.string().default('dp:'),
    PUBLIC_BASE_URL: z.string().url().default('http://localhost:3000'),
    PUBLIC_PORT: port(3000),
    API_PORT: port(3001),
    GATEWAY_PORT: port(3002),
    PORTAL_PORT: port(3003),
    MCP_HTTP_PORT: port(3004),
    /**
     * `true` turns `/metrics` off, and with it every observation on the request path (the
     * document read then runs exactly as without metrics; docs/operations.md).
     */
    METRICS_DISABLED: bool,
    /** The webhook worker's operator port (`/livez`, `/readyz`, `/metrics` only; never public). */
    WEBHOOK_WORKER_PORT: port(3005),
    /** The upstream follower's operator port (`follow`; `/livez`, `/readyz`, `/metrics` only). */
    FOLLOW_PORT: port(3006),
    /**
     * `start`'s embedded PostgreSQL (127.0.0.1, without DATABASE_URL). Left unset and busy, `start`
     * takes a free port instead and says so; set, it must be free.
     */
    EMBEDDED_DB_PORT: port(54329),
    /**
     * Requests per minute per client address to what no key's plan limits (the portal, /docs, the
     * health paths, /mcp's refusals), so their answers carry X-RateLimit-* as every answer does.
     */
    CLIENT_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_CLIENT_REQUESTS_PER_MINUTE),
    INTERNAL_API_URL: z.string().url().default('http://127.0.0.1:3001'),
    /** Where apps/mcp-http sends its /v1 requests; unset, the api's own address (INTERNAL_API_URL). */
    MCP_API_URL: optionalUrl,
    /**
     * Browser origins apps/mcp-http answers (comma-separated, replacing the default); a request
     * with another `Origin` is refused (DNS rebinding). Unset: PUBLIC_BASE_URL's origin and
     * loopback origins (http(s)://localhost, 127.0.0.1, [::1], any port). Requests without
     * `Origin` (non-browser clients) are never refused for it.
     */
    MCP_ALLOWED_ORIGINS: originList,
    INTERNAL_API_SECRET: z.string().min(16).optional(),
    KEY_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(60).default(60),
    TRUST_PROXY: z.string().default('loopback'),
    CORPUS_PATH: z.string().optional(),
    CORPUS_GIT_DIR: z.string().optional(),
    /**
     * The upstream repository `follow` fetches (a URL git can fetch, or a local path); unset, the
     * public legalize-cz repository (docs/sync.md).
     */
    CORPUS_GIT_URL: z.string().min(1).optional(),
    /** How often `follow` fetches the upstream repository. */
    FOLLOW_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(300),
    X402_ENABLED: bool,
    X402_FACILITATOR_URL: optionalUrl,
    X402_DAILY_CAP_USD: z.string().default('10.00'),
    X402_PAY_TO: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .default('0x2222222222222222222222222222222222222222'),
    X402_ASSET: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .default('0x036CbD53842c5426634e7929541eC2318f3dCF7e'),
    EMBEDDINGS_URL: optionalUrl,
    EMBEDDINGS_MODEL: z.string().default('text-embedding-3-small'),
    EMBEDDINGS_API_KEY: z.string().optional(),
    /**
     * Webhook targets on private, loopback, link-local, metadata and other non-public addresses
     * (and http to such hosts) are refused in every mode, at creation and at delivery, unless
     * this is true: for local receivers while developing, never on a shared deployment.
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: bool,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Legal Data API <no-reply@localhost>'),
    /** The data directory (embedded database, logs, demo key, mail outbox); unset: `.data` in the working directory. */
    DATA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    /** The portal's file outbox when SMTP_URL is unset; unset: `outbox` in the data directory. */
    MAIL_OUTBOX_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    SESSION_SECRET: z.string().min(32).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const name of ['INTERNAL_API_SECRET', 'SESSION_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
      }
    }
    try {
      usdToAtomic(env.X402_DAILY_CAP_USD);
    } catch (e) {
      ctx.addIssue({ code: 'custom', path: ['X402_DAILY_CAP_USD'], message: (e as Error).message });
    }
  });

export type RawConfig = z.infer<typeof schema>;

export interface Config extends RawConfig {
  MAIL_OUTBOX_DIR: string;
  INTERNAL_API_SECRET: string;
  SESSION_SECRET: string;
  x402DailyCapAtomic: bigint;
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Development-only fallbacks, so a fresh clone runs without an .env file; production refuses them.
const DEV_INTERNAL_SECRET = 'dev-internal-secret-not-for-production';
const DEV_SESSION_SECRET = 'dev-session-secret-not-for-production-000000';

/** Validates the environment once, at start-up. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const raw = parsed.data;
  return {
    ...raw,
    MAIL_OUTBOX_DIR: raw.MAIL_OUTBOX_DIR ?? join(raw.DATA_DIR ?? '.data', 'outbox'),
    INTERNAL_API_SECRET: raw.INTERNAL_API_SECRET ?? DEV_INTERNAL_SECRET,
    SESSION_SECRET: raw.SESSION_SECRET ?? DEV_SESSION_SECRET,
    x402DailyCapAtomic: usdToAtomic(raw.X402_DAILY_CAP_USD),
    isProduction: raw.NODE_ENV === 'production',
  };
}

/** For entry points: print a clear message and exit instead of a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw e;
  }
}
