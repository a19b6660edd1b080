import request from 'supertest';
import type { Config, SharedState } from '@dp/core';
import {
  createOrgWithKey,
  createTestDatabase,
  createTestState,
  createTestStatePair,
  expectMatchesOpenApi,
  testConfig,
  type OrgKey,
  type OrgKeyOptions,
  type TestDatabase,
  type TestRecordInput,
} from '@dp/testing';
import { createApi, type Api } from '../src/app';

export type HarnessMethod = 'get' | 'post' | 'patch' | 'delete';

export interface Harness {
  db: TestDatabase;
  state: SharedState;
  config: Config;
  api: Api;
  http: ReturnType<typeof request>;
  /** A new organization with one key; plan limits overridable per test. */
  newKey(options?: Omit<OrgKeyOptions, 'name'>): Promise<OrgKey>;
  /** GET with a key, asserting the response matches the OpenAPI document. */
  get(path: string, key?: string): Promise<request.Response>;
  /** A request with a key and an optional JSON body, asserting the response matches the OpenAPI document. */
  call(method: HarnessMethod, path: string, key: string, body?: unknown): Promise<request.Response>;
  close(): Promise<void>;
}

/** @dp/testing's test config with the api's public origin. */
export function apiConfig(overrides: Record<string, string> = {}): Config {
  return testConfig({ PUBLIC_BASE_URL: 'http://api.test', ...overrides });
}

export interface HarnessOptions {
  db?: TestDatabase;
  /** Records (`testRecord`) imported into the harness's own database before the api starts. */
  records?: readonly TestRecordInput[];
  state?: SharedState;
  config?: Config;
  documentCacheTtlMs?: number;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const db = options.db ?? (await createTestDatabase({ records: options.records }));
  const state = options.state ?? createTestState();
  const config = options.config ?? apiConfig();
  const api = createApi({ db, state, config, documentCacheTtlMs: options.documentCacheTtlMs });
  await api.ready;
  const http = request(api.app);
  return {
    db,
    state,
    config,
    api,
    http,
    newKey: (o = {}) => createOrgWithKey(db, o),
    async get(path, key) {
      const req = http.get(path);
      if (key) req.set('Authorization', `Bearer ${key}`);
      const res = await req;
      expectMatchesOpenApi(res, 'get', path);
      return res;
    },
    async call(method, path, key, body) {
      let req = http[method](path).set('Authorization', `Bearer ${key}`);
      if (body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
      const res = await req;
      expectMatchesOpenApi(res, method, path);
      return res;
    },
    async close() {
      await api.close();
      if (!options.state) await state.close();
      if (!options.db) await db.destroy();
    },
  };
}

/** The fields named by a validation error's details, in order. */
export const errorFields = (res: { body: { error: { details: { errors: { field: string }[] } } } }) =>
  res.body.error.details.errors.map((e) => e.field);

/**
 * A harness whose database holds `records` (or what `seed` wrote), and the key of a new
 * organization to read it with.
 */
export async function createSeededHarness(
  seed: readonly TestRecordInput[] | ((db: TestDatabase) => Promise<unknown>),
): Promise<{ h: Harness; key: string }> {
  const h = await createHarness(typeof seed === 'function' ? {} : { records: seed });
  if (typeof seed === 'function') await seed(h.db);
  return { h, key: (await h.newKey()).key };
}

/** The api's config in a NODE_ENV, with the secrets production requires. */
export const modeConfig = (mode: 'development' | 'test' | 'production', overrides: Record<string, string> = {}) =>
  apiConfig({ NODE_ENV: mode, INTERNAL_API_SECRET: 'x'.repeat(32), SESSION_SECRET: 'y'.repeat(40), ...overrides });

/**
 * Harnesses on one database for the webhook URL policy: `h` has the default of every mode (public
 * https targets only), `local` sets WEBHOOK_ALLOW_PRIVATE_TARGETS=true (local receivers: loopback
 * and private targets, http to them), `prod` is production. `close` closes the borrowers first.
 */
export async function createPolicyHarnesses(): Promise<{ h: Harness; local: Harness; prod: Harness; close: () => Promise<void> }> {
  const h = await createHarness();
  const local = await createHarness({ db: h.db, config: apiConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }) });
  const prod = await createHarness({ db: h.db, config: modeConfig('production') });
  return {
    h,
    local,
    prod,
    close: async () => {
      await prod.close();
      await local.close();
      await h.close();
    },
  };
}

export interface HarnessPair {
  db: TestDatabase;
  one: Harness;
  two: Harness;
  close(): Promise<void>;
}

/** Two api instances on one database, sharing state the way two processes would (Redis or nothing). */
export async function createHarnessPair(config?: Config): Promise<HarnessPair> {
  const db = await createTestDatabase();
  const [s1, s2] = createTestStatePair();
  const one = await createHarness({ db, state: s1, config });
  const two = await createHarness({ db, state: s2, config });
  return {
    db,
    one,
    two,
    async close() {
      await one.close();
      await two.close();
      await s1.close();
      await s2.close();
      await db.destroy();
    },
  };
}
