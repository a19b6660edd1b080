import { types } from 'pg';
import { arrayTypes } from '../src/array-types';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

/** An array's text as PostgreSQL writes it (array_out): elements quoted when they must be. */
const arrayText = (items: readonly (string | null)[]): string =>
  `{${items
    .map((x) =>
      x === null
        ? 'NULL'
        : x === '' || /[{}",\\\s]/.test(x) || x.toUpperCase() === 'NULL'
          ? `"${x.replace(/[\\"]/g, (c) => `\\${c}`)}"`
          : x,
    )
    .join(',')}}`;

describe('array columns parsed by postgres-array 3 (#37 item 6, h-speed9)', () => {
  const FLOAT8_ARRAY = 1022;
  const TEXT_ARRAY = 1009;
  const ours = (oid: number) => arrayTypes.getTypeParser(oid, 'text') as (v: string) => unknown;
  const pgs = (oid: number) => types.getTypeParser(oid, 'text') as (v: string) => unknown;

  it('replaces pg’s parser of float and text arrays only', () => {
    expect(ours(FLOAT8_ARRAY)).not.toBe(pgs(FLOAT8_ARRAY));
    expect(ours(TEXT_ARRAY)).not.toBe(pgs(TEXT_ARRAY));
    expect(ours(1007)).toBe(pgs(1007)); // int4[]: pg's
    expect(ours(25)).toBe(pgs(25)); // text: pg's
  });

  it('gives the values pg’s parser gives', () => {
    const floats = ['{}', '{0}', '{0.0607927,1e-300,-2.5,NaN,Infinity,-Infinity}', '{1,NULL,3}', '{{1,2},{3,4}}', '[0:1]={7,8}'];
    for (const v of floats) expect(ours(FLOAT8_ARRAY)(v)).toEqual(pgs(FLOAT8_ARRAY)(v));
    const texts = [
      ['par_5/odst_2', 'cast_1/hlava_3', '*whole!par_1'],
      ['a b', '', null, 'NULL', 'null', 'x"y', 'back\\slash', '{}', ',', 'č. 1/2002 Sb.'],
      [],
    ];
    for (const items of texts) {
      const v = arrayText(items);
      expect(ours(TEXT_ARRAY)(v)).toEqual(pgs(TEXT_ARRAY)(v));
      expect(ours(TEXT_ARRAY)(v)).toEqual(items);
    }
  });

  describe('on a connection of the pools', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db.destroy());

    it('reads float8[] and text[] as before, in search sessions too', async () => {
      const sql = `SELECT ARRAY[0.1, 1e-300, 'NaN', 'Infinity', NULL]::float8[] AS f,
                          ARRAY['a b', '', NULL, 'NULL', 'x"y', 'back\\slash', '{}', ',']::text[] AS t`;
      const expected = { f: [0.1, 1e-300, NaN, Infinity, null], t: ['a b', '', null, 'NULL', 'x"y', 'back\\slash', '{}', ','] };
      expect((await db.query(sql))[0]).toEqual(expected);
      expect((await db.withReadOnlySettings({ enable_seqscan: 'off' }, (s) => s.query(sql)))[0]).toEqual(expected);
    });
  });
});
