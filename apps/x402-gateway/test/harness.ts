import type { InternalDocumentBody } from '../src/documents/document-fetcher';
import request from 'supertest';
import { buildPaymentRequirements, encodeX402Header, type Config, type Logger, type PaymentRequirements, type SharedState } from '@dp/core';
import {
  createOrgWithKey,
  createTestDatabase,
  createTestState,
  memoryLogger,
  seedFixtureCorpus,
  serve,
  testConfig,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
} from '@dp/testing';
import { createApi, type Api } from '@dp/api/app';
import { createGateway, type GatewayDeps } from '../src/app';

export const PAY_TO = '0x2222222222222222222222222222222222222222';
export const ASSET = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
export const PUBLIC_URL = 'http://gateway.test';

export function gatewayConfig(overrides: Record<string, string> = {}): Config {
  return testConfig({
    X402_ENABLED: 'true',
    // `resource` is built from this, never from the Host the client sent.
    PUBLIC_BASE_URL: PUBLIC_URL,
    X402_PAY_TO: PAY_TO,
    X402_ASSET: ASSET,
    INTERNAL_API_SECRET: TEST_INTERNAL_SECRET,
    ...overrides,
  });
}

export interface GatewayHarness {
  db: TestDatabase;
  state: SharedState;
  config: Config;
  api: Api;
  apiUrl: string;
  url: string;
  logs: string[];
  /** An org key with read+manage, for comparing with /v1 and reading usage. */
  key: string;
  paymentCount(): Promise<number>;
  dailyTotal(): Promise<bigint>;
  close(): Promise<void>;
}

/** The real api on an ephemeral port, and the gateway (reading documents from it) on another. */
export async function createGatewayHarness(
  options: { config?: Record<string, string>; deps?: Partial<GatewayDeps>; seed?: boolean } = {},
): Promise<GatewayHarness> {
  const db = await createTestDatabase();
  const state = createTestState();
  if (options.seed !== false) await seedFixtureCorpus(db);
  // Overrides are the gateway's; the api keeps the defaults (same internal secret).
  const apiConfig = gatewayConfig();
  const api = createApi({ db, state, config: apiConfig });
  await api.ready;
  const apiServer = await serve(api.app);
  const config = gatewayConfig({ INTERNAL_API_URL: apiServer.url, ...options.config });
  const logs: string[] = [];
  // The gateway's own logger (core's createLogger, with its redaction), writing to memory so tests can read the logs.
  const logger: Logger = memoryLogger(logs, 'info');
  const gateway = createGateway({ db, state, config, logger, ...options.deps });
  const gwServer = await serve(gateway.app, logger);
  const { key } = await createOrgWithKey(db, { name: 'x402 test org' });
  return {
    db,
    state,
    config,
    api,
    apiUrl: apiServer.url,
    url: gwServer.url,
    logs,
    key,
    async paymentCount() {
      const rows = await db.query<{ n: number | string }>('SELECT count(*)::int AS n FROM x402_payment');
      return Number(rows[0].n);
    },
    async dailyTotal() {
      const rows = await db.query<{ t: string | null }>('SELECT coalesce(sum(total_atomic), 0)::text AS t FROM x402_daily_total');
      return BigInt(rows[0].t ?? '0');
    },
    async close() {
      await gwServer.close();
      await gateway.close();
      await apiServer.close();
      await api.close();
      await state.close();
      await db.destroy();
    },
  };
}

export { asV2Payment, newPayer, randomNonce, type Payer } from '../src/client/payer';

/** The requirements the gateway will build for `url` (what a client reads from the challenge). */
export function requirementsFor(url: string): PaymentRequirements {
  return buildPaymentRequirements({ resource: url, payTo: PAY_TO, asset: ASSET, description: 'test' });
}

/** base64(JSON): X-PAYMENT and PAYMENT-SIGNATURE values alike. */
export const encode = encodeX402Header;

export function decodeResponseHeader(value: string | undefined): Record<string, unknown> {
  if (!value) throw new Error('no X-PAYMENT-RESPONSE header');
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
}

/** GET /v1/usage minus the usage calls themselves (which the api counts, at 0 units). */
export function dataUsage(data: unknown): unknown {
  const d = data as {
    units: unknown;
    by_operation: Array<{ operation: string }>;
    by_day: Array<{ day: string; units: number; operations: Record<string, unknown> }>;
  };
  return {
    units: d.units,
    by_operation: d.by_operation.filter((o) => o.operation !== 'usage.get'),
    by_day: d.by_day
      .map((day) => ({
        day: day.day,
        units: day.units,
        operations: Object.keys(day.operations)
          .filter((k) => k !== 'usage.get')
          .sort(),
      }))
      .filter((day) => day.operations.length > 0),
  };
}

/** A browser's CORS preflight for a GET of `path`, asking to send `requestHeaders` if given. */
export function preflight(url: string, path: string, requestHeaders?: string): request.Test {
  const pre = request(url).options(path).set('Origin', 'https://agent.example').set('Access-Control-Request-Method', 'GET');
  return requestHeaders === undefined ? pre : pre.set('Access-Control-Request-Headers', requestHeaders);
}

/**
 * A stand-in for the internal read's answer in fetcher tests: the document's id (all the gateway
 * reads of it) and whatever the test weighs; the rest of the declared document is left out.
 */
export const stubDocumentBody = (id: string, fields: Record<string, unknown> = {}): InternalDocumentBody =>
  ({ data: { document: { id, ...fields } } }) as unknown as InternalDocumentBody;
