/**
 * Scores the citation check on the test set (#26):
 * `DATABASE_URL=… node apps/api/dist/eval/run-citation-eval.js [--misses]` (reads only) checks every
 * case of citation-set.json on the set's day against that database and prints span recall and
 * precision and status accuracy, overall and for the real and the made-up citations; `--misses`
 * lists the cases that differ, for reading by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from '@dp/db';
import { checkCitations } from '../legal/citations/check-citations';
import { toDate } from '../legal/documents/load';
import { emptyScore, finish, scoreCase, type CitationSet, type Score } from './citation-set';

export function loadCitationSet(path = join(__dirname, '..', '..', 'src', 'eval', 'citation-set.json')): CitationSet {
  return JSON.parse(readFileSync(path, 'utf8')) as CitationSet;
}

const pct = (x: number) => x.toFixed(4);
const line = (name: string, s: Score) =>
  `${name.padEnd(10)} spans ${s.matchedSpans}/${s.expectedSpans} expected, ${s.foundSpans} found: recall ${pct(s.recall)}, precision ${pct(s.precision)}; ` +
  `status ${s.statusRight}/${s.expectedCitations} = ${pct(s.statusAccuracy)}`;

export async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a database holding the collection');
  const set = loadCitationSet(process.env.CITATION_SET);
  const db = await createDatabase({ url });
  const day = toDate(set.at)!;
  const all = emptyScore();
  const real = emptyScore();
  const made = emptyScore();
  try {
    for (const c of set.cases) {
      const check = await checkCitations(db, c.text, day, '');
      const found = check.citations.map((x) => ({ start: x.start, end: x.end, provision: x.provision?.id ?? null, status: x.status }));
      scoreCase(c, found, all);
      scoreCase(c, found, c.from.startsWith('fabricated/') ? made : real);
    }
  } finally {
    await db.close();
  }
  console.log(`citation set: ${set.cases.length} cases, checked on ${set.at}`);
  console.log(line('all', finish(all)));
  console.log(line('real', finish(real)));
  console.log(line('made-up', finish(made)));
  if (process.argv.includes('--misses')) for (const m of all.misses) console.log(JSON.stringify(m));
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
