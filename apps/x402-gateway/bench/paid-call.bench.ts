/**
 * Paid x402 call (verify + settle + internal fetch, fresh payment each time) vs an unpaid
 * GET /v1/legal/documents/{id} with a key, in one process on one machine: embedded PostgreSQL,
 * in-process state, api and gateway each on an ephemeral port. Prints p50/p95 and the ratio.
 *
 *   node apps/x402-gateway/dist-bench/bench/paid-call.bench.js [iterations]
 *
 * Needs apps/api built (its createApi is loaded from @dp/api/app).
 *
 * The real client's way too: X402_BENCH_CLIENT=x402-fetch adds a series in which x402-fetch (with a
 * viem local account) makes each paid call as a customer's code does: the unpaid request, the 402
 * challenge, signing, and the paid retry. Accounts are made before the loop (one per call, so the
 * per-payer limit stays out of the measurement).
 *
 * Side by side with another build of the gateway (e.g. the code as found, compiled elsewhere):
 * X402_BENCH_BASELINE=<its compiled src/app.js> adds its paid call to the same loop, on the same
 * database and api, so both are measured under the same machine conditions.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import { buildPaymentRequirements, createMemoryState, encodePaymentHeader, loadConfig, type PaymentRequirements } from '@dp/core';
import { createApiKey, createOrganization, createScratchDatabase } from '@dp/db';
import { createApi } from '@dp/api/app';
import { resolve } from 'node:path';
import { createGateway } from '../src/app';
import { newPayer } from '../src/client/payer';
// @ts-expect-error TS1479: viem's typings are ESM-only; the CommonJS runtime is what node loads here.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { wrapFetchWithPayment } from 'x402-fetch';

const ITERATIONS = Number(process.argv[2] ?? 300);
const WARMUP = 30;

function listen(app: express.Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function signedHeader(requirements: PaymentRequirements): Promise<string> {
  // A fresh payer per call keeps the per-payer limit (10/min) out of the measurement.
  return encodePaymentHeader(await newPayer().sign(requirements));
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await fn();
  await res.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 200) throw new Error(`unexpected status ${res.status}`);
  return ms;
}

async function main(): Promise<void> {
  const db = await createScratchDatabase({ url: process.env.DATABASE_URL });
  await db.prisma.document.create({
    data: {
      id: 'SB-2091-1',
      naturalKey: 'sb/2091/1',
      docNumber: '1/2091 Sb.',
      title: 'Zákon 1/2091 Sb.',
      docType: 'act',
      text: 'Text.',
      status: 'in_force',
      repealedBy: [],
      contentHash: 'bench',
    },
  });
  const org = await createOrganization(db.prisma, { name: 'bench', requestsPerMinute: 1_000_000, monthlyUnits: 100_000_000 });
  const { key } = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read'] });
  const state = createMemoryState();

  const apiConfig = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const api = createApi({ db, state, config: apiConfig });
  await api.ready;
  const apiServer = await listen(api.app);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    X402_ENABLED: 'true',
    INTERNAL_API_URL: apiServer.url,
    X402_DAILY_CAP_USD: '1000',
  });
  const gateway = createGateway({ db, state, config });
  const gwServer = await listen(gateway.app);

  const baselinePath = process.env.X402_BENCH_BASELINE;
  const baselineGateway = baselinePath
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build chosen at run time
      (require(resolve(baselinePath)) as { createGateway: typeof createGateway }).createGateway({ db, state, config })
    : undefined;
  const baselineServer = baselineGateway ? await listen(baselineGateway.app) : undefined;

  const paidUrl = `${gwServer.url}/x402/legal/documents/sb%2F2091%2F1`;
  const baselineUrl = baselineServer ? `${baselineServer.url}/x402/legal/documents/sb%2F2091%2F1` : undefined;
  const unpaidUrl = `${apiServer.url}/v1/legal/documents/sb%2F2091%2F1`;
  const requirements = buildPaymentRequirements({
    resource: paidUrl,
    payTo: config.X402_PAY_TO,
    asset: config.X402_ASSET,
    description: 'bench',
  });

  const baselineRequirements = baselineUrl ? { ...requirements, resource: baselineUrl } : undefined;
  const paid: number[] = [];
  const unpaid: number[] = [];
  const baselinePaid: number[] = [];
  const clientPaid: number[] = [];
  const withClient = process.env.X402_BENCH_CLIENT === 'x402-fetch';
  const payingFetches = withClient
    ? Array.from({ length: WARMUP + ITERATIONS }, () => wrapFetchWithPayment(fetch, privateKeyToAccount(generatePrivateKey())))
    : [];
  // Alternating keeps the series under the same machine conditions.
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const header = await signedHeader(requirements); // client-side signing is not server latency
    const p = await timed(() => fetch(paidUrl, { headers: { 'X-PAYMENT': header } }));
    const u = await timed(() => fetch(unpaidUrl, { headers: { authorization: `Bearer ${key}` } }));
    if (baselineUrl && baselineRequirements) {
      const other = await signedHeader(baselineRequirements);
      const b = await timed(() => fetch(baselineUrl, { headers: { 'X-PAYMENT': other } }));
      if (i >= WARMUP) baselinePaid.push(b);
    }
    if (withClient) {
      const payingFetch = payingFetches[i];
      const c = await timed(() => payingFetch(paidUrl, { method: 'GET' }));
      if (i >= WARMUP) clientPaid.push(c);
    }
    if (i >= WARMUP) {
      paid.push(p);
      unpaid.push(u);
    }
  }
  paid.sort((a, b) => a - b);
  unpaid.sort((a, b) => a - b);
  baselinePaid.sort((a, b) => a - b);
  clientPaid.sort((a, b) => a - b);
  const row = (name: string, s: number[]) =>
    `${name.padEnd(34)} p50 ${percentile(s, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(s, 95).toFixed(2).padStart(7)} ms`;
  const ratio50 = percentile(paid, 50) / percentile(unpaid, 50);
  const ratio95 = percentile(paid, 95) / percentile(unpaid, 95);
  process.stdout.write(
    [
      `x402 paid call vs unpaid /v1 call — ${ITERATIONS} iterations each (after ${WARMUP} warm-up), embedded PostgreSQL or DATABASE_URL, in-process state`,
      row('paid GET /x402/legal/documents/{id}', paid),
      row('unpaid GET /v1/legal/documents/{id}', unpaid),
      `ratio paid/unpaid: p50 ${ratio50.toFixed(2)}x, p95 ${ratio95.toFixed(2)}x (target <= 3x) ${ratio50 <= 3 ? 'OK' : 'ABOVE TARGET'}`,
      ...(clientPaid.length
        ? [
            row('paid with x402-fetch (402 + sign + retry)', clientPaid),
            `ratio x402-fetch paid/unpaid: p50 ${(percentile(clientPaid, 50) / percentile(unpaid, 50)).toFixed(2)}x, p95 ${(percentile(clientPaid, 95) / percentile(unpaid, 95)).toFixed(2)}x`,
          ]
        : []),
      ...(baselinePaid.length
        ? [
            row('paid, baseline build', baselinePaid),
            `ratio baseline paid/unpaid: p50 ${(percentile(baselinePaid, 50) / percentile(unpaid, 50)).toFixed(2)}x, p95 ${(percentile(baselinePaid, 95) / percentile(unpaid, 95)).toFixed(2)}x`,
          ]
        : []),
      '',
    ].join('\n'),
  );

  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM x402_payment');
  const expected = (WARMUP + ITERATIONS) * (1 + (baselineUrl ? 1 : 0) + (withClient ? 1 : 0));
  if (Number(rows[0].n) !== expected) throw new Error(`expected ${expected} payments, found ${rows[0].n}`);

  if (baselineServer && baselineGateway) {
    baselineServer.server.closeAllConnections();
    await new Promise((r) => baselineServer.server.close(r));
    await baselineGateway.close();
  }
  gwServer.server.closeAllConnections();
  apiServer.server.closeAllConnections();
  await new Promise((r) => gwServer.server.close(r));
  await new Promise((r) => apiServer.server.close(r));
  await gateway.close();
  await api.close();
  await state.close();
  await db.destroy();
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
