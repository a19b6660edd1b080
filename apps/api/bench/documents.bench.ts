import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig, createMemoryState, createSharedState } from '@dp/core';
import {
  createApiKey,
  createDatabase,
  createScratchDatabase,
  createOrganization,
  DOCUMENTS_CHANGED,
  FIXTURE_CORPUS_PATH,
  importCorpusFile,
  sharedCorpusPath,
} from '@dp/db';
import { generateCzechText, importTestRecords } from '@dp/testing';
import { createApi } from '../src/app';
import { compareInRounds, load } from './autocannon-run';

const LARGE_KEY = 'sb/2097/1';
const MB = 1_000_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Large texts (#13): GET …?include=text of a document whose versions are each ~1 MB of Czech
 * (multi-byte) text, one request at a time, the cases interleaved so drift lands on all of them.
 * The client asks for gzip, as fetch does, unless BENCH_ACCEPT_ENCODING says otherwise: the time
 * includes compressing on the api's side and decompressing on the client's, in this one process.
 */
async function largeTexts(base: string, key: string, dropCaches: () => Promise<void>): Promise<string[]> {
  // [name, query, read after the api dropped its cached copies (as after an import)]
  const cases: [string, string, boolean][] = [
    ['old 1 MB version, first page (100k chars)', '?include=text&at=2005-01-01', false],
    ['old 1 MB version, last page', `?include=text&at=2005-01-01&text_offset=${MB - 50_000}`, false],
    ['old 1 MB version, whole text', '?include=text&at=2005-01-01&text_limit=2000000', false],
    ['current 1 MB version, first page', '?include=text', false],
    ['old 1 MB version, first page, cold', '?include=text&at=2005-01-01', true],
    ['current 1 MB version, first page, cold', '?include=text', true],
  ];
  const url = (q: string) => `${base}/v1/legal/documents/${encodeURIComponent(LARGE_KEY)}${q}`;
  // fetch asks for gzip; BENCH_ACCEPT_ENCODING (e.g. `identity`) asks for another coding or none.
  const coding = process.env.BENCH_ACCEPT_ENCODING;
  const headers = { Authorization: `Bearer ${key}`, ...(coding ? { 'Accept-Encoding': coding } : {}) };
  const get = async (q: string) => {
    const res = await fetch(url(q), { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`${q}: status ${res.status}`);
  };
  for (const [, q] of cases) for (let i = 0; i < 20; i++) await get(q); // warm-up
  const times = cases.map((): number[] => []);
  const rounds = Number(process.env.BENCH_TEXT_ROUNDS ?? 200);
  // Warm cases first, interleaved; then the cold ones (each drops every cached copy).
  for (const cold of [false, true]) {
    for (let r = 0; r < rounds; r++) {
      for (const [i, [, q, isCold]] of cases.entries()) {
        if (isCold !== cold) continue;
        if (cold) await dropCaches();
        const t = performance.now();
        await get(q);
        times[i].push(performance.now() - t);
      }
    }
  }
  return cases.map(([name], i) => {
    const sorted = times[i].sort((a, b) => a - b);
    return `${name.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1).padStart(5)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(5)} ms   (n=${sorted.length}; target p95 ≤ 50 ms)`;
  });
}

/**
 * Full-stack GET /v1/legal/documents/{id} (auth, rate limit, metering, query, envelope) against a
 * bare Express route serialising the same JSON body, in one run on the same machine.
 */
async function main() {
  const db = await createScratchDatabase({ url: process.env.DATABASE_URL });
  const shared = sharedCorpusPath();
  const docKey = shared ? 'sb/2012/89' : 'sb/2091/1';
  await importCorpusFile(db, shared ?? FIXTURE_CORPUS_PATH, { filter: shared ? (k) => k === docKey || k === 'sb/1964/40' : undefined });
  await importTestRecords(db, [
    {
      id: 'SB-2097-1',
      natural_key: LARGE_KEY,
      doc_number: '1/2097 Sb.',
      title: 'Zákon o velkém textu (bench)',
      doc_type: 'act',
      dates: { published: '2000-12-01', effective_from: '2001-01-01' },
      effectivity: { status: 'in_force' },
      text: generateCzechText(MB, { seed: 2 }),
      versions: [
        { version: 2, valid_from: '2010-01-01', valid_to: null, kind: 'reform', text_is_current: true },
        { version: 1, valid_from: '2001-01-01', valid_to: '2010-01-01', kind: 'bootstrap', text: generateCzechText(MB, { seed: 1 }) },
      ],
    },
  ]);

  // Count key lookups that reach the database: on a cache hit there must be none.
  let keyQueries = 0;
  const counted = db.prisma.$extends({
    query: {
      apiKey: {
        async findUnique({ args, query }) {
          keyQueries++;
          return query(args);
        },
      },
    },
  }) as unknown as typeof db.prisma;
  const benchDb = Object.assign(Object.create(Object.getPrototypeOf(db) as object) as typeof db, db, { prisma: counted });

  const org = await createOrganization(db.prisma, { name: 'bench', requestsPerMinute: 100_000_000, monthlyUnits: 2_000_000_000 });
  const { key } = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read'] });
  const state = process.env.REDIS_URL ? createSharedState(process.env.REDIS_URL, `dpbench:${Date.now()}:`) : createMemoryState();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const api = createApi({ db: benchDb, state, config });
  const apiServer = api.app.listen(0);
  const apiPort = (apiServer.address() as AddressInfo).port;
  const path = `/v1/legal/documents/${encodeURIComponent(docKey)}`;

  const sample = await (await fetch(`http://127.0.0.1:${apiPort}${path}`, { headers: { Authorization: `Bearer ${key}` } })).text();
  // The baseline serialises the same body per request, as any JSON route must.
  const body = JSON.parse(sample) as unknown;
  const bare = express();
  bare.get('/doc', (_req, res) => {
    res.json(body);
  });
  const bareServer = bare.listen(0);
  const barePort = (bareServer.address() as AddressInfo).port;

  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  await load(`http://127.0.0.1:${apiPort}${path}`, { Authorization: `Bearer ${key}` }, 2); // warm-up
  await load(`http://127.0.0.1:${barePort}/doc`, {}, 2);
  const queriesBefore = keyQueries;
  const [full, baseline] = await compareInRounds(
    { url: `http://127.0.0.1:${apiPort}${path}`, headers: { Authorization: `Bearer ${key}` } },
    { url: `http://127.0.0.1:${barePort}/doc`, headers: {} },
    seconds,
  );
  const authQueries = keyQueries - queriesBefore;

  const row = (name: string, r: typeof full) =>
    `${name.padEnd(28)} ${r.requestsPerSec.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99.toFixed(1).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
  process.stdout.write(
    [
      `\nGET ${path} (storage: ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}, state: ${state.kind}, ${seconds} s each in alternating rounds, 10 connections)`,
      row('full stack /v1', full),
      row('bare express route', baseline),
      `ratio (full / bare):          ${(full.requestsPerSec / baseline.requestsPerSec).toFixed(2)}×   (target ≥ 0.60×)`,
      `SQL queries for authentication during the run (cache hits): ${authQueries}   (target 0)`,
      '',
      `GET ${LARGE_KEY}?include=text, versions of 1,000,000 characters of generated Czech, one request at a time:`,
      ...(await largeTexts(`http://127.0.0.1:${apiPort}`, key, async () => {
        await state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
        await new Promise((r) => setTimeout(r, 5)); // delivery is asynchronous (Redis)
      })),
      '',
    ].join('\n'),
  );
  apiServer.close();
  bareServer.close();
  await api.close();
  await state.close();
  await db.destroy();
}

/**
 * Versions of about 1 MB (BENCH_TEXT_MIN-BENCH_TEXT_MAX characters, the 12 largest of them) of
 * the whole collection (#13), as synced from git into BENCH_SCHEMA of DATABASE_URL: GET …?include=text at each version's own date, one request at a time, warm (the
 * api's text cache holds it) and cold (every cached copy dropped first).
 */
async function wholeCollectionTexts(url: string, schema: string): Promise<string[]> {
  const db = await createDatabase({ url, schema, queryTimeoutMs: 0 });
  const versions = await db.query<{ natural_key: string; valid_from: string; text_chars: number }>(
    `SELECT d.natural_key, v.valid_from::text AS valid_from, v.text_chars FROM "document_version" v
     JOIN "document" d ON d.id = v.document_id WHERE v.text_chars BETWEEN $1 AND $2 ORDER BY v.text_chars DESC LIMIT 12`,
    [Number(process.env.BENCH_TEXT_MIN ?? MB), Number(process.env.BENCH_TEXT_MAX ?? 1.3 * MB)],
  );
  const org = await createOrganization(db.prisma, { name: 'bench', requestsPerMinute: 100_000_000, monthlyUnits: 2_000_000_000 });
  const { key } = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read'] });
  const state = createMemoryState();
  const api = createApi({ db, state, config: loadConfig({ ...process.env, LOG_LEVEL: 'silent' }) });
  const server = api.app.listen(0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (v: (typeof versions)[number], query: string) => {
    const t = performance.now();
    const res = await fetch(`${base}/v1/legal/documents/${encodeURIComponent(v.natural_key)}?include=text&at=${v.valid_from}${query}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    await res.text();
    if (res.status !== 200) throw new Error(`${v.natural_key} at ${v.valid_from}: status ${res.status}`);
    return performance.now() - t;
  };
  const rounds = Number(process.env.BENCH_TEXT_ROUNDS ?? 20);
  const cases: [string, string, boolean][] = [
    ['first page (100k chars), warm', '', false],
    ['last page, warm', '&text_offset=1000000', false],
    ['first page, cold', '', true],
  ];
  const lines: string[] = [];
  for (const [name, query, cold] of cases) {
    for (const v of versions) await get(v, query); // warm-up
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const v of versions) {
        if (cold) {
          await state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        times.push(await get(v, query));
      }
    }
    times.sort((a, b) => a - b);
    lines.push(
      `${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(5)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(5)} ms   (n=${times.length}; target p95 ≤ 50 ms)`,
    );
  }
  server.close();
  await api.close();
  await state.close();
  await db.exec(`DELETE FROM "organization" WHERE id = '${org.id}'`);
  await db.close();
  const sizes = versions.map((v) => v.text_chars);
  return [
    `
GET …?include=text of ${versions.length} versions of ${schema} (${Math.min(...sizes).toLocaleString('en')}-${Math.max(...sizes).toLocaleString('en')} characters), each at its own date:`,
    ...lines,
  ];
}

// BENCH_SCHEMA (with DATABASE_URL) names a schema holding the whole collection: only its texts are measured.
const { DATABASE_URL: url, BENCH_SCHEMA: schema } = process.env;
(url && schema ? wholeCollectionTexts(url, schema).then((lines) => void process.stdout.write(`${lines.join('\n')}\n`)) : main()).catch(
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
