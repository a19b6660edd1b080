/**
 * Hybrid search over HTTP on a started product, as users meet it (#25's throughput target):
 * `start` runs every app in its own process; BENCH_CLIENTS connections (8) send GET
 * /v1/legal/search to the api's own port for BENCH_SECONDS (20), each request the next of the
 * judged queries. DATABASE_URL names the database `start` serves (the whole collection after a
 * sync: nothing is imported over it); without it, start's embedded database with the fixture
 * corpus (a smoke run: its figures say nothing about the whole collection).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createApiKey, createDatabase, createOrganization, FIXTURE_CORPUS_PATH } from '@dp/db';
import { startEnv, startProduct } from '@dp/testing';
import { loadQueries } from '../src/eval/run-search-eval';

const ROOT = join(__dirname, '..', '..', '..', '..');
const CLI = join(ROOT, 'apps', 'cli', 'dist', 'index.js');

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dp-bench-search-http-'));
  const env = await startEnv({
    dataDir,
    corpusPath: process.env.CORPUS_PATH ?? FIXTURE_CORPUS_PATH,
    extra: {
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.START_LOG_LEVEL ? { LOG_LEVEL: process.env.START_LOG_LEVEL } : {}),
    },
  });
  const start = startProduct(CLI, env, { timeoutMs: 180_000 });
  try {
    await start.banner;
    // An organization whose limits are out of the way (the demo key's plan allows 600 a minute).
    const url = process.env.DATABASE_URL ?? (JSON.parse(readFileSync(join(dataDir, 'embedded-db.json'), 'utf8')) as { url: string }).url;
    const database = await createDatabase({ url });
    const org = await createOrganization(database.prisma, { name: 'bench', requestsPerMinute: 100_000_000, monthlyUnits: 2_000_000_000 });
    const { key } = await createApiKey(database.prisma, { orgId: org.id, scopes: ['read'] });
    await database.close();
    const headers = { authorization: `Bearer ${key}` };
    const requests = loadQueries().map((j) => ({
      method: 'GET',
      path: `/v1/legal/search?q=${encodeURIComponent(j.q)}&mode=hybrid&limit=20`,
      headers,
    }));
    const base = `http://127.0.0.1:${env.API_PORT}`;
    const probe = await fetch(`${base}${requests[0].path}`, { headers });
    if (probe.status !== 200) throw new Error(`the search answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);

    const connections = Number(process.env.BENCH_CLIENTS ?? 8);
    const seconds = Number(process.env.BENCH_SECONDS ?? 20);
    await autocannon({ url: base, connections, duration: 5, requests }); // warm-up
    const r = await autocannon({ url: base, connections, duration: seconds, requests });
    process.stdout.write(
      `\nGET /v1/legal/search?mode=hybrid (${requests.length} judged queries in turn) on the api port of the started product, ` +
        `${connections} connections, ${seconds} s: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
        `errors ${r.errors + r.non2xx}   (target with the whole collection: ≥ 100 req/s)\n`,
    );
    if (r.errors + r.non2xx > 0) process.exitCode = 1;
  } finally {
    await start.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
