/**
 * The document loader's reads (#39 item 4), in process: `DATABASE_URL=… node
 * dist-bench/bench/document-loader.bench.js` against a database holding a collection (opened read
 * only). Picks the BENCH_DOCS most-amended acts, then times BENCH_ROUNDS passes over them of each
 * read the document routes run besides the versions and texts: the known amendments (one act, and
 * the acts ten at a time as a search page reads them), the relations from both ends (first page),
 * the repealing acts, the rebuilt versions' changes. Prints p50/p95 per read. Asserts nothing.
 */
import { RELATION_TYPES } from '@dp/core';
import { createDatabase } from '@dp/db';
import { loadAmendmentsOf, loadRebuiltChanges } from '../src/legal/documents/amendments';
import { repealingActs } from '../src/legal/documents/effectivity';
import { loadDocument } from '../src/legal/documents/load';
import { listRelations } from '../src/legal/documents/relations';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DOCS = Number(process.env.BENCH_DOCS ?? 40);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a database holding a collection');
  const db = await createDatabase({ url, readOnly: true });
  try {
    const picked = await db.kysely
      .selectFrom('amendment_effect')
      .select('target_key')
      .groupBy('target_key')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('target_key')
      .limit(DOCS)
      .execute();
    const docs = await Promise.all(picked.map((p) => loadDocument(db, p.target_key)));
    const keys = docs.map((d) => d.naturalKey);
    const reads: [string, (d: (typeof docs)[number], i: number) => Promise<unknown> | undefined][] = [
      ['amendments, one act', (d) => loadAmendmentsOf(db, [d.naturalKey])],
      ['amendments, ten acts', (_d, i) => (i % 10 === 0 ? loadAmendmentsOf(db, keys.slice(i, i + 10)) : undefined)],
      ['relations, first page', (d) => listRelations(db, d, { direction: 'both', types: [...RELATION_TYPES], limit: 50 })],
      ['repealing acts', (d) => repealingActs(db, d)],
      ['rebuilt changes', (d) => loadRebuiltChanges(db, d.id)],
    ];
    const times = new Map<string, number[]>(reads.map(([name]) => [name, []]));
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [name, read] of reads) {
        for (const [i, d] of docs.entries()) {
          const t0 = performance.now();
          const pending = read(d, i);
          if (!pending) continue;
          await pending;
          if (round > 0) times.get(name)!.push(performance.now() - t0); // round 0 warms the caches
        }
      }
    }
    console.log(`${docs.length} acts, ${ROUNDS} rounds`);
    for (const [name, t] of times) {
      t.sort((a, b) => a - b);
      console.log(`${name.padEnd(24)} n=${t.length} p50=${percentile(t, 50).toFixed(2)} ms p95=${percentile(t, 95).toFixed(2)} ms`);
    }
  } finally {
    await db.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
