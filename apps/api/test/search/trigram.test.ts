import { createTestDatabase, type TestDatabase } from '@dp/testing';
import { TrigramQuery } from '../../src/legal/search/trigram';

// The lexical ranking moved title similarity from SQL to TypeScript; it must stay pg_trgm's value.
describe('TrigramQuery equals pg_trgm similarity() and word_similarity()', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  const titles = [
    'zakon o obcich (obecni zrizeni)',
    'zakon, kterym se meni zakon c. 128/2000 sb., o obcich (obecni zrizeni), ve zneni pozdejsich predpisu',
    'obcansky zakonik',
    'Ústava České republiky',
    'ZÁKON o ochraně SPOTŘEBITELE',
    'a b c',
    '89/2012 sb.',
    '  mezery   a --- interpunkce!!  ',
    'aa aa aa aa',
    'x',
    '',
    '§ 2079 odst. 1 – Straße œuvre',
    'zakonik prace zakonik prace zakonik',
    'zakon o cenach a zakon o cenovych predpisech, o cenach',
    'prace zakonik zakon prace',
    'ochrana spotrebitele pri ochrane spotrebitelu spotrebitel',
  ];
  const queries = [
    'zakon o obcich',
    'obcansky zakonik',
    'obcnasky zakonik',
    'ustava',
    'spotrebitel',
    '2012',
    'a',
    'strasse',
    'Ústava',
    '',
    'zakonik prcae',
    'spotrebitlee ochrana',
    'zakon o cenach',
    'prace zakon',
  ];

  it('for every query and title, to the last bit of the float4', async () => {
    const rows = await db.query<{ q: string; t: string; s: number }>(
      'SELECT q, t, public.similarity(q, t)::float8 AS s FROM unnest($1::text[]) q, unnest($2::text[]) t',
      [queries, titles],
    );
    expect(rows).toHaveLength(queries.length * titles.length);
    const mismatches = rows.filter((r) => new TrigramQuery(r.q).similarity(r.t) !== Number(r.s));
    expect(mismatches).toEqual([]);
  });

  it('word similarity for every query and title, to the last bit of the float4', async () => {
    const rows = await db.query<{ q: string; t: string; s: number }>(
      'SELECT q, t, public.word_similarity(q, t)::float8 AS s FROM unnest($1::text[]) q, unnest($2::text[]) t',
      [queries, titles],
    );
    expect(rows.filter((r) => Number(r.s) > 0).length).toBeGreaterThan(20);
    const mismatches = rows.map((r) => ({ ...r, ours: new TrigramQuery(r.q).wordSimilarity(r.t) })).filter((r) => r.ours !== Number(r.s));
    expect(mismatches).toEqual([]);
  });
});

describe('word similarity with a floor', () => {
  const titles = [
    'zakon o obcich (obecni zrizeni)',
    'zakon, kterym se meni zakon c. 128/2000 sb., o obcich (obecni zrizeni), ve zneni pozdejsich predpisu',
    'obcansky zakonik',
    'zakonik prace zakonik prace zakonik',
    'zakon o cenach a zakon o cenovych predpisech, o cenach',
    'prace zakonik zakon prace',
    'nic spolecneho',
    '',
  ];
  const queries = ['zakon o obcich', 'obcansky zakonik', 'zakonik prcae', 'zakon o cenach', 'prace zakon', 'x'];

  it('gives the exact value where the floor can be reached and 0 only below it', () => {
    let below = 0;
    for (const q of queries) {
      const query = new TrigramQuery(q);
      for (const t of titles) {
        const exact = new TrigramQuery(q).wordSimilarity(t);
        for (const floor of [0.3, 0.6, 0.9]) {
          const floored = query.wordSimilarity(t, floor);
          if (floored === exact) continue;
          // Skipped: then the exact value is under the floor, so a title is refused as before.
          expect({ q, t, floor, floored, exact: exact < floor }).toEqual({ q, t, floor, floored: 0, exact: true });
          below++;
        }
      }
    }
    // Some comparisons were cut short, or the floor tests nothing.
    expect(below).toBeGreaterThan(10);
  });

  it('leaves no stamp behind that a later comparison could take for its own', () => {
    // Interleaved calls of both kinds, on one query object and others, equal fresh ones.
    const a = new TrigramQuery('zakon o cenach');
    const b = new TrigramQuery('prace zakon');
    for (let round = 0; round < 3; round++) {
      for (const t of titles) {
        expect(a.wordSimilarity(t, 0.6)).toBe(new TrigramQuery('zakon o cenach').wordSimilarity(t, 0.6));
        expect(b.similarity(t)).toBe(new TrigramQuery('prace zakon').similarity(t));
        expect(b.wordSimilarity(t)).toBe(new TrigramQuery('prace zakon').wordSimilarity(t));
      }
    }
  });
});
