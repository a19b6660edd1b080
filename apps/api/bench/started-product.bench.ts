import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dp/core';
import { createApiKey, createDatabase, createOrganization, FIXTURE_CORPUS_PATH } from '@dp/db';
import { startEnv, startProduct } from '@dp/testing';
import { compareInRounds, load, type LoadResult } from './autocannon-run';

/**
 * The product as `npm start` runs it (embedded PostgreSQL, every app its own process, request
 * logs to .data/logs), measured from outside: GET /v1/legal/documents/{id} through the public
 * port and on the api's own port, against a bare Express route in a process of its own serving
 * the same body.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const CLI = join(ROOT, 'apps', 'cli', 'dist', 'index.js');

/** A bare Express route in its own process, answering the same JSON body per request. */
function bareServer(port: number, body: string): ChildProcess {
  const code = `const express = require(process.env.EXPRESS_PATH); const body = JSON.parse(process.env.BODY);
const app = express(); app.get('/doc', (_req, res) => { res.json(body); }); app.listen(Number(process.env.PORT), () => process.stdout.write('up\\n'));`;
  return spawn(process.execPath, ['-e', code], {
    env: { ...process.env, EXPRESS_PATH: require.resolve('express'), BODY: body, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dp-bench-start-'));
  const bare = await freePort();
  const env = await startEnv({
    dataDir,
    corpusPath: process.env.CORPUS_PATH ?? FIXTURE_CORPUS_PATH,
    // `pnpm bench` silences benchmarks' own logs; the product is measured as `npm start` runs it.
    extra: process.env.START_LOG_LEVEL ? { LOG_LEVEL: process.env.START_LOG_LEVEL } : {},
  });
  const start = startProduct(CLI, env, { timeoutMs: 120_000 });
  let bareChild: ChildProcess | undefined;
  try {
    await start.banner;
    // The demo key's plan allows 600 requests a minute: measure with an organization whose limits
    // are out of the way, created on the database start serves.
    const owner = JSON.parse(readFileSync(join(dataDir, 'embedded-db.json'), 'utf8')) as { url: string };
    const database = await createDatabase({ url: owner.url });
    const org = await createOrganization(database.prisma, { name: 'bench', requestsPerMinute: 100_000_000, monthlyUnits: 2_000_000_000 });
    const { key } = await createApiKey(database.prisma, { orgId: org.id, scopes: ['read'] });
    await database.close();
    const headers = { Authorization: `Bearer ${key}` };
    const path = `/v1/legal/documents/${encodeURIComponent('sb/2091/1')}`;
    const viaPublic = `http://127.0.0.1:${env.PUBLIC_PORT}${path}`;
    const direct = `http://127.0.0.1:${env.API_PORT}${path}`;
    const sample = await (await fetch(direct, { headers })).text();

    bareChild = bareServer(bare, sample);
    await new Promise<void>((resolve) => bareChild!.stdout!.once('data', () => resolve()));
    const bareUrl = `http://127.0.0.1:${bare}/doc`;
    if ((await (await fetch(bareUrl)).text()).length !== sample.length) throw new Error('the bare route serves another body');

    const seconds = Number(process.env.BENCH_SECONDS ?? 8);
    for (const url of [viaPublic, direct, bareUrl]) await load(url, headers, 2); // warm-up
    const [pubR, bareR1] = await compareInRounds({ url: viaPublic, headers }, { url: bareUrl, headers: {} }, seconds);
    const [directR, bareR2] = await compareInRounds({ url: direct, headers }, { url: bareUrl, headers: {} }, seconds);

    const row = (name: string, r: LoadResult) =>
      `${name.padEnd(34)} ${r.requestsPerSec.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99.toFixed(1).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
    process.stdout.write(
      [
        `\nGET ${path} against the started product (start: embedded PostgreSQL, request logs to a file; ${seconds} s each in alternating rounds, 10 connections)`,
        row('public port (proxy → api)', pubR),
        row('bare express route (own process)', bareR1),
        `ratio (public / bare):              ${(pubR.requestsPerSec / bareR1.requestsPerSec).toFixed(2)}×   (target ≥ 0.60×)`,
        row('api port', directR),
        row('bare express route (own process)', bareR2),
        `ratio (api port / bare):            ${(directR.requestsPerSec / bareR2.requestsPerSec).toFixed(2)}×   (target ≥ 0.60×)`,
        '',
      ].join('\n'),
    );
  } finally {
    bareChild?.kill('SIGTERM');
    await start.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
