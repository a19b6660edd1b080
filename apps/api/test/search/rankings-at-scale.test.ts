import type { DocType } from '@dp/core';
import { createTestDatabase, importTestRecords, testRecord, type TestDatabase } from '@dp/testing';
import { lexicalRanking, MAX_CANDIDATES } from '../../src/legal/search/lexical';
import { stemForms } from '../../src/legal/search/czech';
import { WEIGHTS } from '../../src/legal/search/weights';
import { prepareQuery } from '../../src/legal/search/query';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';
import { trigramRanking } from '../../src/legal/search/trigram-ranking';

/**
 * The parts of both rankings that keep a search cheap on a large corpus: the title-term
 * dictionary behind the trigram signal's typo tolerance, and the lexical candidates' order
 * (title matches before body-only ones) when the cap cuts them.
 */
const doc = (n: number, title: string, text: string, docType: DocType = 'act') =>
  testRecord(`sb/2092/${n}`, { title, text, docType, citation: `${title.split(' ')[0]} č. ${n}/2092 Sb.` });

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({
    records: [
      doc(1, 'Zákon o vesmírných drahách', 'Dráhy ve vesmíru spravuje úřad.'),
      doc(2, 'Vyhláška o kosmických lodích', 'Loď na vesmírných drahách hlásí polohu.', 'decree'),
      doc(3, 'Zákon o meteoritech', 'Meteority na vesmírných drahách sleduje hvězdárna.'),
      doc(4, 'Zákon o kometách', 'Komety křižují vesmírné dráhy.'),
      doc(5, 'Zákon o hlavním městě Praze', 'Praha je hlavní město.'),
    ],
  });
});
afterAll(() => db.destroy());

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
// As searchDocuments runs them: the settings include the dictionary lookup's trigram threshold.
const trigram = (q: string, filters = {}) => db.withReadOnlySettings(SEARCH_SETTINGS, (s) => trigramRanking(s, prepareQuery(q), filters));

describe('trigram signal over the title-term dictionary', () => {
  it('keeps every title term in the dictionary, as documents are written', async () => {
    const has = async (term: string) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "search_title_term" WHERE term = $1', [term]))[0].n > 0;
    expect(await has('vesmirn')).toBe(true);
    expect(await has('kosmick')).toBe(true);
    expect(await has('planetarn')).toBe(false);
    await db.exec(`UPDATE "document" SET title = 'Zákon o planetárních drahách' WHERE id = 'SB-2092-4'`);
    expect(await has('planetarn')).toBe(true);
    await db.exec(`UPDATE "document" SET title = 'Zákon o kometách' WHERE id = 'SB-2092-4'`);
  });

  it('finds a title through the near forms of a mistyped word', async () => {
    // "vemsirnych": no title has it; the dictionary's "vesmirn" is one swap away.
    expect(ids(await trigram('vemsirnych drahach'))).toEqual(['SB-2092-1']);
    expect(ids(await trigram('vesmirnych drahach'))).toEqual(['SB-2092-1']);
    expect(await trigram('kvetinovych zahonu')).toEqual([]);
  });

  it('scores as pg_trgm: word similarity plus similarity, only titles reaching 0.6, plus the document prior', async () => {
    const [hit] = await trigram('vemsirnych drahach');
    const [sql] = await db.query<{ score: number }>(
      `SELECT (public.word_similarity($1, search_title) + public.similarity($1, search_title))::float8 AS score FROM "document" WHERE id = 'SB-2092-1'`,
      ['vemsirnych drahach'],
    );
    // The document is an act in force that amends nothing and nothing cites.
    expect(hit.score).toBe(Number(sql.score) + WEIGHTS.trigramPriorScale * (WEIGHTS.currentLaw + WEIGHTS.act));
  });

  it('lets in a title with every query term in some form, scored by letters and by stems', async () => {
    // "hlavním městě Praze" shares less than 0.6 of its letters' trigrams with "hlavní město Praha".
    const q = prepareQuery('hlavní město Praha').folded;
    const [{ title }] = await db.query<{ title: string }>(`SELECT search_title AS title FROM "document" WHERE id = 'SB-2092-5'`);
    const forms = stemForms(q);
    const [sql] = await db.query<{ word: number; letters: number; stems: number }>(
      `SELECT public.word_similarity($1, $2)::float8 AS word,
              (public.word_similarity($1, $2) + public.similarity($1, $2))::float8 AS letters,
              (public.word_similarity($3, $4) + public.similarity($3, $4))::float8 AS stems`,
      [q, title, forms(q), forms(title)],
    );
    expect(Number(sql.word)).toBeLessThan(0.6);
    const hits = await trigram(q);
    expect(ids(hits)).toEqual(['SB-2092-5']);
    expect(hits[0].score).toBe(
      (Number(sql.letters) + Number(sql.stems)) / 2 + WEIGHTS.trigramPriorScale * (WEIGHTS.currentLaw + WEIGHTS.act),
    );
  });

  it("compares each title once: the near forms skip the titles the query's own stems found", async () => {
    await importTestRecords(db, [doc(6, 'Zákon o solárních vozech', 'Vozy.'), doc(7, 'Zákon o solárnostních vozech', 'Vozy.')]);
    // The titles each read returns (the statement that reads titles with every_term).
    const reads: string[][] = [];
    const hits = await db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
      trigramRanking(
        {
          ...s,
          query: async <T>(sql: string, params?: unknown[]) => {
            const rows = await s.query<T>(sql, params);
            if (sql.includes('every_term')) reads.push(ids(rows as { id: string }[]));
            return rows;
          },
        },
        prepareQuery('solární vozy'),
        {},
      ),
    );
    // One title qualifies by the stems ("solarn"), fewer than a hybrid's depth: the near and longer
    // forms ("solarnostn") are read too, without the title already compared.
    expect(reads).toEqual([['SB-2092-6'], ['SB-2092-7']]);
    expect(ids(hits)[0]).toBe('SB-2092-6');
    // With filters too: both reads carry them (and only their own parameters).
    expect(ids(await trigram('solární vozy', { docTypes: ['act'] }))[0]).toBe('SB-2092-6');
    expect(await trigram('solární vozy', { docTypes: ['decree'] })).toEqual([]);
  });

  it('applies filters', async () => {
    expect(ids(await trigram('kosmickych lodi'))).toEqual(['SB-2092-2']);
    expect(await trigram('kosmickych lodi', { docTypes: ['act'] })).toEqual([]);
  });
});

describe('lexical candidates under the cap', () => {
  it('takes title matches first, then body-only matches up to the cap', async () => {
    const p = prepareQuery('vesmírné dráhy');
    const all = await db.withReadOnlySettings(SEARCH_SETTINGS, (s) => lexicalRanking(s, p, {}, 10)).then((r) => r.ranked);
    expect(ids(all).sort()).toEqual(['SB-2092-1', 'SB-2092-2', 'SB-2092-3', 'SB-2092-4']);
    expect(ids(all)[0]).toBe('SB-2092-1');
    const capped = await db.withReadOnlySettings(SEARCH_SETTINGS, (s) => lexicalRanking(s, p, {}, 10, 2)).then((r) => r.ranked);
    expect(capped).toHaveLength(2);
    expect(ids(capped)[0]).toBe('SB-2092-1');
    expect(['SB-2092-2', 'SB-2092-3', 'SB-2092-4']).toContain(ids(capped)[1]);
    const titleOnly = await db.withReadOnlySettings(SEARCH_SETTINGS, (s) => lexicalRanking(s, p, {}, 10, 1)).then((r) => r.ranked);
    expect(ids(titleOnly)).toEqual(['SB-2092-1']);
  });

  it('leaves body-only matches to the tail once the title matches fill a page', async () => {
    const p = prepareQuery('vesmírné dráhy');
    const rank = (bodyOnlyBelow: number) =>
      db.withReadOnlySettings(SEARCH_SETTINGS, (s) => lexicalRanking(s, p, {}, 10, MAX_CANDIDATES, new Date(), bodyOnlyBelow));
    // One title match is "a page" here: the body vectors are not searched, and the ranking says
    // its candidates may not be all the matches (so a cursor reads the tail).
    const paged = await rank(1);
    expect(ids(paged.ranked)).toEqual(['SB-2092-1']);
    expect(paged.others).toBeNull();
    // Fewer title matches than a page: the body-only matches are scored too, and they are all.
    const filled = await rank(2);
    expect(ids(filled.ranked).sort()).toEqual(['SB-2092-1', 'SB-2092-2', 'SB-2092-3', 'SB-2092-4']);
    expect(filled.others).toEqual([]);
  });
});
