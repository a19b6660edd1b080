import type { AddressInfo } from 'node:net';
import { createMemoryState, createMetrics, createSharedState, loadConfig, type Metrics } from '@dp/core';
import { createApiKey, createOrganization, createScratchDatabase, FIXTURE_CORPUS_PATH, importCorpusFile, sharedCorpusPath } from '@dp/db';
import { createApi } from '../src/app';
import { compareInRounds, load } from './autocannon-run';

/**
 * #28: the document read with `/metrics` on (the default: request histogram, units counter, cache
 * counters) against the same app with metrics off (`metrics: false`: no observation at all, as
 * before #28), side by side in alternating rounds on one database and one key.
 */
async function main() {
  const db = await createScratchDatabase({ url: process.env.DATABASE_URL });
  const shared = sharedCorpusPath();
  const docKey = shared ? 'sb/2012/89' : 'sb/2091/1';
  await importCorpusFile(db, shared ?? FIXTURE_CORPUS_PATH, { filter: shared ? (k) => k === docKey : undefined });
  const org = await createOrganization(db.prisma, { name: 'bench', requestsPerMinute: 100_000_000, monthlyUnits: 2_000_000_000 });
  const { key } = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read'] });
  const state = process.env.REDIS_URL ? createSharedState(process.env.REDIS_URL, `dpbench:${Date.now()}:`) : createMemoryState();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const listen = (metrics: Metrics | false | undefined) => {
    const api = createApi({ db, state, config, metrics });
    const server = api.app.listen(0);
    return { api, server, port: (server.address() as AddressInfo).port };
  };
  // BENCH_PROCESS_METRICS=0: the request-path metrics without Node's process metrics (GC, event loop).
  const on = listen(
    process.env.BENCH_PROCESS_METRICS === '0' ? createMetrics('api', { state, database: db, processMetrics: false }) : undefined,
  );
  const off = listen(false);
  const path = `/v1/legal/documents/${encodeURIComponent(docKey)}`;
  const headers = { Authorization: `Bearer ${key}` };
  const seconds = Number(process.env.BENCH_SECONDS ?? 16);
  await load(`http://127.0.0.1:${on.port}${path}`, headers, 2); // warm-up
  await load(`http://127.0.0.1:${off.port}${path}`, headers, 2);
  const onTarget = { url: `http://127.0.0.1:${on.port}${path}`, headers };
  const offTarget = { url: `http://127.0.0.1:${off.port}${path}`, headers };
  // Each side first in half of the rounds: the first of a pair runs a little slower here.
  const [on1, off1] = await compareInRounds(onTarget, offTarget, seconds / 2, 4);
  const [off2, on2] = await compareInRounds(offTarget, onTarget, seconds / 2, 4);
  const mean = (a: typeof on1, b: typeof on1) => ({
    requestsPerSec: (a.requestsPerSec + b.requestsPerSec) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: (a.p99 + b.p99) / 2,
    errors: a.errors + b.errors,
    non2xx: a.non2xx + b.non2xx,
  });
  const withMetrics = mean(on1, on2);
  const without = mean(off1, off2);
  const row = (name: string, r: typeof withMetrics) =>
    `${name.padEnd(22)} ${r.requestsPerSec.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99.toFixed(1).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
  const scrape = await (await fetch(`http://127.0.0.1:${on.port}/metrics`)).text();
  process.stdout.write(
    [
      `\nGET ${path} (state: ${state.kind}; ${seconds} s per side in 8 alternating rounds, 10 connections)`,
      row('metrics on', withMetrics),
      row('metrics off (before)', without),
      `ratio on/off: ${(withMetrics.requestsPerSec / without.requestsPerSec).toFixed(3)}   (/metrics scrape: ${scrape.length} bytes)`,
      '',
    ].join('\n'),
  );
  for (const s of [on, off]) {
    s.server.close();
    await s.api.close();
  }
  await state.close();
  await db.destroy();
}

void main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
