import { createTestDatabase, type TestDatabase } from '@dp/testing';
import { TrigramQuery } from './trigram';

// The lexical ranking moved title similarity from SQL to TypeScript; it must stay pg_trgm's value.
describe('TrigramQuery.similarity equals pg_trgm similarity()', () => {
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
  ];
  const queries = ['zakon o obcich', 'obcansky zakonik', 'obcnasky zakonik', 'ustava', 'spotrebitel', '2012', 'a', 'strasse', 'Ústava', ''];

  it('for every query and title, to the last bit of the float4', async () => {
    const rows = await db.query<{ q: string; t: string; s: number }>(
      'SELECT q, t, public.similarity(q, t)::float8 AS s FROM unnest($1::text[]) q, unnest($2::text[]) t',
      [queries, titles],
    );
    expect(rows).toHaveLength(queries.length * titles.length);
    const mismatches = rows.filter((r) => new TrigramQuery(r.q).similarity(r.t) !== Number(r.s));
    expect(mismatches).toEqual([]);
  });
});
