/**
 * Citation check latency (#26): `DATABASE_URL=… node dist-bench/bench/citations.bench.js` against a
 * database holding the whole collection (a copy of it: the HTTP part creates an organization and
 * a key). Builds a 64,000-character text of about 200 citations from the test set's real lines
 * (numbers, provisions, lists, names) and filler prose, then measures:
 * - the domain function (checkCitations): the first call (texts of the cited versions parsed) and
 *   BENCH_ROUNDS warm calls;
 * - POST /v1/legal/citations through the api on a loopback port (BENCH_HTTP=0 skips it).
 * Prints p50/p95/max per part.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { todayUtc } from '@dp/core';
import { recogniseCitations } from '@dp/czech-law';
import { createDatabase } from '@dp/db';
import { createOrgWithKey, createTestState, testConfig } from '@dp/testing';
import { createApi } from '../src/app';
import { loadCitationSet } from '../src/eval/run-citation-eval';
import { checkCitations } from '../src/legal/citations/check-citations';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const TEXT_CHARS = 64_000;
const TARGET = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const report = (label: string, times: number[]) => {
  const t = [...times].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(26)} n=${t.length} p50=${percentile(t, 50).toFixed(1)} ms p95=${percentile(t, 95).toFixed(1)} ms max=${t[t.length - 1].toFixed(1)} ms`,
  );
};

/** Real lines until about TARGET citations, then prose up to TEXT_CHARS. */
function benchText(): string {
  const lines = loadCitationSet(join(__dirname, '..', '..', 'src', 'eval', 'citation-set.json')).cases.map((c) => c.text);
  const parts: string[] = [];
  let found = 0;
  for (let i = 0; found < TARGET; i++) {
    const line = lines[i % lines.length];
    const n = recogniseCitations(line).length;
    if (found + n > TARGET) continue;
    parts.push(line);
    found += n;
    if (i > lines.length * 4) break;
  }
  const filler = ' Správní orgán posoudí žádost a rozhodne o ní bez zbytečného odkladu.';
  let text = parts.join('\n\n');
  while (text.length + filler.length <= TEXT_CHARS) text += filler;
  return text.slice(0, TEXT_CHARS);
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to (a copy of) a database holding the whole collection');
  const db = await createDatabase({ url });
  const text = benchText();
  const day = todayUtc();
  const first = performance.now();
  const check = await checkCitations(db, text, day, '');
  console.log(`text: ${text.length} characters, ${check.citations.length} citations: ${JSON.stringify(check.counts)}`);
  console.log(`checkCitations first call (parses the cited versions): ${(performance.now() - first).toFixed(0)} ms`);
  const warm: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    await checkCitations(db, text, day, '');
    warm.push(performance.now() - t);
  }
  report('checkCitations (warm)', warm);
  const recognise: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    recogniseCitations(text);
    recognise.push(performance.now() - t);
  }
  report('recogniseCitations alone', recognise);

  if (process.env.BENCH_HTTP !== '0') {
    const state = createTestState();
    const api = createApi({ db, state, config: testConfig({ PUBLIC_BASE_URL: 'http://bench.test' }) });
    await api.ready;
    const server = createServer(api.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { key } = await createOrgWithKey(db, { name: 'citation bench' });
    const body = JSON.stringify({ text });
    const post = async () => {
      const res = await fetch(`${base}/v1/legal/citations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body,
      });
      if (res.status !== 200) throw new Error(`POST /v1/legal/citations answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    await post();
    const http: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t = performance.now();
      await post();
      http.push(performance.now() - t);
    }
    report('POST /v1/legal/citations', http);
    await new Promise((resolve) => server.close(resolve));
    await api.close();
    await state.close();
  }
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
