import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';
import { createMemoryState, loadConfig } from '@dp/core';
import { createApiKey, createOrganization, createScratchDatabase, FIXTURE_CORPUS_PATH, importCorpusFile } from '@dp/db';
import { createApi } from '../src/app';

/**
 * CPU time per request of GET /v1/legal/documents/{id} through createApi, against a bare Express
 * route serving the same body, in one process (the load generator too, the same on both sides).
 * Throughput on a shared, busy machine says more about the neighbours than about the code; the
 * CPU time this process spends on a fixed number of requests barely depends on them, so this is
 * the figure to compare two builds with (run it in each, alternating). Extra request headers for
 * the api side come from BENCH_HEADERS (JSON), e.g. `{"Accept-Encoding":"gzip"}`; a query from
 * BENCH_QUERY.
 */
async function cpuPerRequest(url: string, headers: Record<string, string>, amount: number): Promise<number> {
  const before = process.cpuUsage();
  const r = await autocannon({ url, headers, amount, connections: 10 });
  const used = process.cpuUsage(before);
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  return (used.user + used.system) / amount;
}

async function main() {
  const db = await createScratchDatabase({ url: process.env.DATABASE_URL });
  await importCorpusFile(db, FIXTURE_CORPUS_PATH);
  const state = createMemoryState();
  const api = createApi({ db, state, config: loadConfig({ ...process.env, LOG_LEVEL: 'silent' }) });
  await api.ready;
  const org = await createOrganization(db.prisma, { name: 'bench', requestsPerMinute: 100_000_000, monthlyUnits: 2_000_000_000 });
  const { key } = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read'] });
  const server = api.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  // BENCH_QUERY (e.g. `?at=2010-01-01&include=versions`) measures a read with its query parsed.
  const path = `/v1/legal/documents/${encodeURIComponent('sb/2091/1')}${process.env.BENCH_QUERY ?? ''}`;
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const headers = { Authorization: `Bearer ${key}`, ...(JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>) };
  const body: unknown = await (await fetch(apiUrl, { headers: { Authorization: headers.Authorization } })).json();

  const bare = express();
  bare.get('/doc', (_req, res) => {
    res.json(body);
  });
  const bareServer = bare.listen(0);
  await new Promise((resolve) => bareServer.once('listening', resolve));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/doc`;

  const amount = Number(process.env.BENCH_REQUESTS ?? 20_000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  await cpuPerRequest(apiUrl, headers, 2_000); // warm-up
  await cpuPerRequest(bareUrl, {}, 2_000);
  const apiUs: number[] = [];
  const bareUs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    apiUs.push(await cpuPerRequest(apiUrl, headers, amount));
    bareUs.push(await cpuPerRequest(bareUrl, {}, amount));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  process.stdout.write(
    [
      `\nCPU per request, GET ${path} (${amount} requests × ${rounds} rounds, 10 connections, load generator in process)`,
      `api (createApi)        ${apiUs.map((x) => x.toFixed(0)).join(' / ')} µs   median ${median(apiUs).toFixed(0)} µs`,
      `bare express route     ${bareUs.map((x) => x.toFixed(0)).join(' / ')} µs   median ${median(bareUs).toFixed(0)} µs`,
      `ratio (bare / api CPU): ${(median(bareUs) / median(apiUs)).toFixed(2)}×`,
      '',
    ].join('\n'),
  );
  server.close();
  bareServer.close();
  await api.close();
  await state.close();
  await db.destroy();
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
