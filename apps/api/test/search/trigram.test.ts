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
