import type { SharedState } from '@dp/core';
import { createApiKey, createOrganization } from '@dp/db';
import {
  createTestDatabase,
  createTestState,
  fuzzRequests,
  memoryLogger,
  seedFixtureCorpus,
  serve,
  type FuzzRoute,
  type Served,
  type TestDatabase,
  FUZZ_TIMEOUT_MS,
  expectFuzzAnswered,
  itSurvivesTheFuzz,
} from '@dp/testing';
import { createApi, type Api } from '../src/app';
import { apiConfig } from './harness';

/**
 * Hostile input over every route of the api (issue #14): deterministic (seeded), bounded, and
 * asserting no 5xx, the error envelope with a code fitting the status on every 4xx, and no crash.
 * The gateway and the portal have their own (apps/x402-gateway, apps/portal test/fuzz.test.ts).
 */
const ROUTES: FuzzRoute[] = [
  { method: 'GET', path: '/v1/legal/documents/{id}', query: ['at', 'include', 'text_offset', 'text_limit'] },
  { method: 'GET', path: '/v1/legal/documents/{id}/effectivity', query: ['at'] },
  { method: 'GET', path: '/v1/legal/documents/{id}/relations', query: ['direction', 'types', 'limit', 'cursor'] },
  { method: 'GET', path: '/v1/legal/search', query: ['q', 'mode', 'filters', 'limit', 'cursor'] },
  { method: 'GET', path: '/v1/legal/changes', query: ['since', 'filters', 'limit'] },
  { method: 'GET', path: '/v1/usage' },
  { method: 'GET', path: '/v1/openapi.json' },
  { method: 'GET', path: '/v1/webhooks' },
  { method: 'POST', path: '/v1/webhooks', body: { type: 'json', fields: ['url', 'events', 'description'] } },
  { method: 'GET', path: '/v1/webhooks/{id}' },
  { method: 'DELETE', path: '/v1/webhooks/{id}' },
  { method: 'GET', path: '/v1/webhooks/{id}/deliveries', query: ['limit', 'cursor'] },
  { method: 'PATCH', path: '/v1/webhooks/{id}', body: { type: 'json', fields: ['url', 'events', 'description', 'enabled'] } },
  { method: 'POST', path: '/v1/webhooks/{id}/test' },
  { method: 'POST', path: '/v1/webhooks/{id}/rotate-secret' },
  { method: 'GET', path: '/v1/webhooks/{id}/deliveries/{x}' },
  { method: 'POST', path: '/v1/webhooks/{id}/deliveries/{x}/replay' },
  { method: 'GET', path: '/internal/legal/documents/{id}' },
  { method: 'GET', path: '/livez' },
  { method: 'GET', path: '/{x}' },
  { method: 'GET', path: '/v1/{x}/{y}' },
];

let db: TestDatabase;
let state: SharedState;
let api: Api;
let served: Served;
let key: string;
let readOnlyKey: string;
const logs: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  await seedFixtureCorpus(db);
  state = createTestState();
  api = createApi({ db, state, config: apiConfig(), logger: memoryLogger(logs) });
  await api.ready;
  served = await serve(api.app, memoryLogger(logs));
  const org = await createOrganization(db.prisma, { name: 'fuzz', requestsPerMinute: 1_000_000, monthlyUnits: 100_000_000 });
  key = (await createApiKey(db.prisma, { orgId: org.id, scopes: ['read', 'manage'] })).key;
  readOnlyKey = (await createApiKey(db.prisma, { orgId: org.id, scopes: ['read'] })).key;
});
afterAll(async () => {
  await served.close();
  await api.close();
  await state.close();
  await db.destroy();
});

describe('api fuzz (seeded)', () => {
  it(
    'answers 4,000 hostile requests over every route without a 5xx, each 4xx an envelope with a fitting code',
    async () => {
      const requests = fuzzRequests({
        routes: ROUTES,
        count: 4_000,
        seed: 14,
        credentials: [
          {},
          { authorization: `Bearer ${key}` },
          { authorization: `Bearer ${key}` },
          { authorization: `Bearer ${readOnlyKey}` },
        ],
        plausible: ['SB-2012-89', 'sb%2F2012%2F89', 'sb/2012/89', 'SB-2091-1'],
      });
      await expectFuzzAnswered(served.port, requests, [200, 400, 401, 404]);
    },
    FUZZ_TIMEOUT_MS,
  );

  itSurvivesTheFuzz(() => ({ port: served.port, healthPath: '/livez', logs }));
});
