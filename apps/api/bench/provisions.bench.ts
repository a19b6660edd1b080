import type { AddressInfo } from 'node:net';
import { loadConfig, createMemoryState } from '@dp/core';
import { createApiKey, createDatabase, createOrganization, DOCUMENTS_CHANGED } from '@dp/db';
import { createApi } from '../src/app';
import { load } from './autocannon-run';

/**
 * Provisions (#24) on a whole-collection database (BENCH_PROVISIONS_URL, a database synced with
 * provision trees; skipped without it): the largest act with at least two versions with a text,
 * one request at a time, warm (the api's caches hold its trees and texts) —
 * a provision read (20 provisions of the newest version, any depth), the table of contents (first
 * page, and a page from a cursor), the difference between its oldest and newest versions (first
 * page of word runs, and `format=unified`) — then provision reads from 10 connections at once.
 * The targets are the provisions issue's; docs/BENCHMARKS.md holds them beside the figures.
 */

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const url = process.env.BENCH_PROVISIONS_URL;
  if (!url) {
    process.stdout.write('BENCH_PROVISIONS_URL not set (a whole-collection database with provision trees): skipped.\n');
    return;
  }
  const db = await createDatabase({ url, queryTimeoutMs: 0 });
  const [largest] = await db.query<{ natural_key: string; chars: number; versions: number }>(
    `SELECT d.natural_key, max(v.text_chars)::int AS chars, count(*)::int AS versions
     FROM document_version v JOIN document d ON d.id = v.document_id
     WHERE v.provisions IS NOT NULL AND d.doc_type IN ('act', 'constitutional_act')
     GROUP BY d.natural_key HAVING count(*) >= 2 ORDER BY max(v.text_chars) DESC LIMIT 1`,
  );
  if (!largest) throw new Error('no act with two versions with provision trees: sync with trees first');
  const org = await createOrganization(db.prisma, { name: 'bench', requestsPerMinute: 100_000_000, monthlyUnits: 2_000_000_000 });
  const { key } = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read'] });
  const state = createMemoryState();
  const api = createApi({ db, state, config: loadConfig({ ...process.env, LOG_LEVEL: 'silent' }) });
  const server = api.app.listen(0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const doc = `${base}/v1/legal/documents/${encodeURIComponent(largest.natural_key)}`;
  const headers = { Authorization: `Bearer ${key}` };
  const get = async (path: string): Promise<{ ms: number; body: string }> => {
    const t = performance.now();
    const res = await fetch(`${doc}${path}`, { headers });
    const body = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${path}: status ${res.status} ${body.slice(0, 300)}`);
    return { ms, body };
  };

  const versions = (
    JSON.parse((await get('?include=versions')).body) as {
      data: { document: { versions: { version: number; text_as_of: string; text_available: boolean }[] } };
    }
  ).data.document.versions.filter((v) => v.text_available);
  const oldest = versions[0];
  const newest = versions[versions.length - 1];
  const toc = JSON.parse((await get(`/provisions?at=${newest.text_as_of}&limit=1000`)).body) as {
    data: { provisions: { id: string }[]; total: number; next_cursor: string | null };
  };
  const ids = toc.data.provisions.map((p) => p.id);
  const sample = Array.from({ length: 20 }, (_, i) => ids[Math.floor(((i + 0.5) / 20) * ids.length)]);
  const cursor = toc.data.next_cursor;

  const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
  const diff = `/diff?from=${oldest.text_as_of}&to=${newest.text_as_of}`;
  // [name, paths, target p95, cold: every cached tree, text and diff dropped before each request]
  const cases: [string, string[], number, boolean][] = [
    ['provision read (20 ids, any depth)', sample.map((id) => `/provisions/${id}?at=${newest.text_as_of}`), 20, false],
    ['table of contents, first page (200)', [`/provisions?at=${newest.text_as_of}`], 30, false],
    ...(cursor
      ? ([['table of contents, a later page (cursor)', [`/provisions?at=${newest.text_as_of}&limit=1000&cursor=${cursor}`], 30, false]] as [
          string,
          string[],
          number,
          boolean,
        ][])
      : []),
    ['diff oldest → newest, first page (100)', [diff], 300, false],
    ['diff oldest → newest, format=unified', [`${diff}&format=unified`], 300, false],
    ['provision read, cold', [`/provisions/${sample[10]}?at=${newest.text_as_of}`], 20, true],
    ['diff oldest → newest, first page, cold', [diff], 300, true],
  ];
  const dropCaches = async () => {
    await state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
    await new Promise((r) => setTimeout(r, 5));
  };
  const lines: string[] = [
    `\n${largest.natural_key}: ${largest.chars.toLocaleString('en')} characters, ${largest.versions} versions with trees, ${toc.data.total.toLocaleString('en')} provisions in the newest; oldest ${oldest.version} (${oldest.text_as_of}) → newest ${newest.version} (${newest.text_as_of})`,
  ];
  for (const [name, paths, target, cold] of cases) {
    let size = 0;
    for (const p of paths) size = (await get(p)).body.length; // warm-up
    const times: number[] = [];
    for (let r = 0; r < (cold ? Math.ceil(rounds / 3) : rounds); r++) {
      for (const p of paths) {
        if (cold) await dropCaches();
        times.push((await get(p)).ms);
      }
    }
    times.sort((a, b) => a - b);
    lines.push(
      `${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (n=${times.length}, ${size.toLocaleString('en')} bytes; target p95 ≤ ${target} ms)`,
    );
  }
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const loaded = await load(`${doc}/provisions/${sample[10]}?at=${newest.text_as_of}`, headers, seconds);
  lines.push(
    `provision read, 10 connections, ${seconds} s: ${loaded.requestsPerSec.toFixed(0)} req/s, p50 ${loaded.p50.toFixed(1)} ms, p99 ${loaded.p99.toFixed(1)} ms, errors ${loaded.errors + loaded.non2xx}`,
    '',
  );
  process.stdout.write(lines.join('\n'));
  server.close();
  await api.close();
  await state.close();
  await db.prisma.organization.delete({ where: { id: org.id } });
  await db.close();
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
