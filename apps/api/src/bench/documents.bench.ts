import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig, createMemoryState, createSharedState } from '@dp/core';
import {
  createApiKey,
  createScratchDatabase,
  createOrganization,
  FIXTURE_CORPUS_PATH,
  importCorpusFile,
  sharedCorpusPath,
} from '@dp/db';
import { createApi } from '../app';
import { compareInRounds, load } from './autocannon-run';

/**
 * Full-stack GET /v1/legal/documents/{id} (auth, rate limit, metering, query, envelope) against a
 * bare Express route serialising the same JSON body, in one run on the same machine.
 */
async function main() {
  const db = await createScratchDatabase({ url: process.env.DATABASE_URL });
  const shared = sharedCorpusPath();
  const docKey = shared ? 'sb/2012/89' : 'sb/2091/1';
  await importCorpusFile(db, shared ?? FIXTURE_CORPUS_PATH, { filter: shared ? (k) => k === docKey || k === 'sb/1964/40' : undefined });

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
      `\nGET ${path} (storage: ${process.env.DATABASE_URL ? "DATABASE_URL" : "embedded PostgreSQL"}, state: ${state.kind}, ${seconds} s each in alternating rounds, 10 connections)`,
      row('full stack /v1', full),
      row('bare express route', baseline),
      `ratio (full / bare):          ${(full.requestsPerSec / baseline.requestsPerSec).toFixed(2)}×   (target ≥ 0.60×)`,
      `SQL queries for authentication during the run (cache hits): ${authQueries}   (target 0)`,
      '',
    ].join('\n'),
  );
  apiServer.close();
  bareServer.close();
  await api.close();
  await state.close();
  await db.destroy();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
