import {
  backfillSearchAliases,
  buildProvisionTree,
  groupHeadings,
  importCorpusFile,
  indexTerms,
  provisionIndexIsCurrent,
  provisionUnits,
  textUnits,
  unitChunks,
  writeProvisionIndex,
} from '@dp/db';
import { testRecord } from '@dp/testing';
import { createTestDatabase, writeJsonl, type TestDatabase } from './corpus-helpers';

// #37: the provision index holds every § / čl. / příloha of a document's current text and each of
// their odstavce, with headings and ancestors' headings weighted above the text; the import writes
// it in the document's transaction and a re-import replaces it.

const TEXT = [
  '# Zákon o psech',
  '',
  '## ČÁST PRVNÍ',
  '',
  '#### Chov psů',
  '',
  '##### § 1',
  '',
  '#### Poplatek',
  '',
  '(1) Držitel psa platí poplatek.',
  '',
  '(2) Poplatek se neplatí',
  '',
  '- a) za psa do tří měsíců,',
  '- b) za psa slepce.',
  '',
  '##### § 2',
  '',
  'Obec vede evidenci.',
  '',
].join('\n');

describe('provision units (unit)', () => {
  it('makes a unit of each § and of each odstavec (its písmena inside it), with heading, context and containers', () => {
    const units = provisionUnits(TEXT, buildProvisionTree(TEXT).nodes, { title: 'Zákon o psech', citation: null });
    expect(units.map((u) => [u.provision_id, u.section_id, u.heading, u.context, u.containers])).toEqual([
      ['par_1', 'par_1', 'Poplatek', 'Chov psů', ['cast_1']],
      ['par_1/odst_1', 'par_1', 'Poplatek', 'Chov psů', ['cast_1']],
      ['par_1/odst_2', 'par_1', 'Poplatek', 'Chov psů', ['cast_1']],
      ['par_2', 'par_2', null, 'Chov psů', ['cast_1']],
    ]);
    const odst2 = units[2];
    expect(odst2.text).toBe('(2) Poplatek se neplatí a) za psa do tří měsíců, b) za psa slepce.');
    // The heading (A), the ancestors' headings (C) and the act's title (B) are indexed apart from the text (D).
    expect(odst2.a).toBe(indexTerms('Poplatek').join(' '));
    expect(odst2.c).toBe(indexTerms('Chov psů').join(' '));
    expect(odst2.b).not.toBe('');
    expect(odst2.d.split(' ').length).toBeGreaterThan(5);
  });

  // A heading above the § mark heads the §§ from it until the next one above a mark or the end of
  // the díl holding them; a § 's own heading stands below its mark (Legislativní pravidla vlády).
  const GROUPS = [
    '# Zákon o práci',
    '',
    '## ČÁST PRVNÍ',
    '',
    '#### PŘEKÁŽKY V PRÁCI',
    '',
    '#### Díl 1',
    '',
    '#### Osobní překážky',
    '',
    '##### § 1',
    '',
    'Zaměstnavatel omluví nepřítomnost.',
    '',
    '#### Náhrada mzdy při nemoci',
    '',
    '##### § 2',
    '',
    '(1) Zaměstnanci přísluší náhrada.',
    '',
    '(2) Náhrada činí 60 %.',
    '',
    '##### § 3',
    '',
    'Náhrada se vyplácí v termínu.',
    '',
    '##### § 3a',
    '',
    '#### Výplata',
    '',
    'Mzda je splatná měsíčně.',
    '',
    '##### § 3b',
    '',
    'Mzda se vyplácí v penězích.',
    '',
    '#### Mateřská a rodičovská dovolená',
    '',
    '##### § 4',
    '',
    '#### Mateřská dovolená',
    '',
    'Zaměstnankyni přísluší 28 týdnů.',
    '',
    '##### § 5',
    '',
    '#### Rodičovská dovolená',
    '',
    'Otci přísluší do 3 let věku dítěte.',
    '',
    '#### Díl 2',
    '',
    '#### Obecný zájem',
    '',
    '##### § 6',
    '',
    'Zaměstnavatel poskytne volno.',
    '',
  ].join('\n');

  it('gives the §§ under a group heading its words in their context (C), and cuts it from the previous § text', () => {
    const units = textUnits(GROUPS, buildProvisionTree(GROUPS).nodes);
    const of = (id: string) => units.find((u) => u.provision_id === id)!;
    expect(units.map((u) => [u.provision_id, u.heading, u.context])).toEqual([
      ['par_1', null, 'PŘEKÁŽKY V PRÁCI › Osobní překážky'],
      // The heading above § 2 (none below its mark): its own, and the group's of § 3 after it.
      ['par_2', 'Náhrada mzdy při nemoci', 'PŘEKÁŽKY V PRÁCI › Osobní překážky'],
      ['par_2/odst_1', 'Náhrada mzdy při nemoci', 'PŘEKÁŽKY V PRÁCI › Osobní překážky'],
      ['par_2/odst_2', 'Náhrada mzdy při nemoci', 'PŘEKÁŽKY V PRÁCI › Osobní překážky'],
      ['par_3', null, 'PŘEKÁŽKY V PRÁCI › Osobní překážky › Náhrada mzdy při nemoci'],
      // A § with a heading of its own (below its mark) ends a group whose first § had none.
      ['par_3a', 'Výplata', 'PŘEKÁŽKY V PRÁCI › Osobní překážky'],
      ['par_3b', null, 'PŘEKÁŽKY V PRÁCI › Osobní překážky'],
      // Above § 4, whose own heading is below its mark: the group of §§ 4 and 5, not § 3b's text.
      ['par_4', 'Mateřská dovolená', 'PŘEKÁŽKY V PRÁCI › Osobní překážky › Mateřská a rodičovská dovolená'],
      ['par_5', 'Rodičovská dovolená', 'PŘEKÁŽKY V PRÁCI › Osobní překážky › Mateřská a rodičovská dovolená'],
      // The next díl ends the group; its own title is no group heading.
      ['par_6', null, 'PŘEKÁŽKY V PRÁCI › Obecný zájem'],
    ]);
    expect(of('par_3b').text).toBe('§ 3b Mzda se vyplácí v penězích.');
    expect(of('par_3').a).toBe('');
    expect(of('par_3').c).toBe(indexTerms('PŘEKÁŽKY V PRÁCI Osobní překážky Náhrada mzdy při nemoci').join(' '));
    expect(of('par_5').a).toBe(indexTerms('Rodičovská dovolená').join(' '));
    expect(of('par_5').c.split(' ')).toEqual(expect.arrayContaining(indexTerms('Mateřská a rodičovská dovolená')));
    expect(of('par_1').text).toBe('§ 1 Zaměstnavatel omluví nepřítomnost.');
  });

  it('takes no group heading from below a § of its mark and a heading alone', () => {
    const text = [
      '# Zákon',
      '',
      '##### § 1',
      '',
      '#### Účel',
      '',
      '##### § 2',
      '',
      '#### Pojmy',
      '',
      'Pro účely zákona se rozumí.',
      '',
    ].join('\n');
    const nodes = buildProvisionTree(text).nodes;
    expect(groupHeadings(text, nodes).group.size).toBe(0);
    expect(textUnits(text, nodes).map((u) => [u.provision_id, u.heading, u.context])).toEqual([
      ['par_1', null, ''],
      ['par_2', 'Pojmy', ''],
    ]);
  });
});

describe('provision index written by the import', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  const rows = () =>
    db.query<{ provision_id: string; heading: string | null; weights: string }>(
      `SELECT provision_id, heading, array_to_string(ARRAY(SELECT DISTINCT x FROM unnest(vector) u, unnest(u.weights) x ORDER BY x), '') AS weights
       FROM "search_provision" ORDER BY ord`,
    );

  it('writes the units with their weighted vector, and a re-import replaces them', async () => {
    const record = testRecord('sb/2099/7', {
      title: 'Zákon o psech',
      text: TEXT,
      version: { kind: 'bootstrap', text_is_current: true },
    });
    await importCorpusFile(db, writeJsonl([record]));
    const first = await rows();
    expect(first.map((r) => r.provision_id)).toEqual(['par_1', 'par_1/odst_1', 'par_1/odst_2', 'par_2']);
    expect(first[0].weights).toBe('ABCD');
    const [hit] = await db.query<{ provision_id: string }>(
      `SELECT provision_id FROM "search_provision" WHERE vector @@ $1::tsquery ORDER BY ord LIMIT 1`,
      [indexTerms('evidenci')[0]],
    );
    expect(hit.provision_id).toBe('par_2');
    const changed = { ...record, text: TEXT.replace('##### § 2\n\nObec vede evidenci.\n', '') };
    await importCorpusFile(db, writeJsonl([changed]));
    expect((await rows()).map((r) => r.provision_id)).toEqual(['par_1', 'par_1/odst_1', 'par_1/odst_2']);
    const [state] = await db.query<{ units: number; language_version: number }>(
      'SELECT units, language_version FROM "search_provision_state"',
    );
    expect(state.units).toBe(3);
  });

  it('units the writer computed (the sync) give the rows the stored version gives', async () => {
    const whole = () =>
      db.query<Record<string, unknown>>(
        `SELECT p.*, p.vector::text AS vector, s.version, s.units FROM "search_provision" p
         JOIN "search_provision_state" s USING (document_id) ORDER BY ord`,
      );
    const [doc] = await db.query<{ id: string; title: string; citation: string | null; version: number; text: string }>(
      `SELECT d.id, d.title, d.citation, v.version, d.text FROM "document" d
       JOIN "document_version" v ON v.document_id = d.id AND v.text_is_current`,
    );
    await db.prisma.$transaction((tx) => writeProvisionIndex(tx, doc.id));
    const readBack = await whole();
    expect(readBack.length).toBeGreaterThan(0);
    const units = unitChunks(textUnits(doc.text, buildProvisionTree(doc.text).nodes));
    await db.prisma.$executeRawUnsafe('DELETE FROM "search_provision"');
    await db.prisma.$transaction((tx) =>
      writeProvisionIndex(tx, doc.id, undefined, { version: doc.version, units, title: doc.title, citation: doc.citation }),
    );
    expect(await whole()).toEqual(readBack);
    // The act's title is in every unit's vector, weighted B.
    expect(String(readBack[0].vector)).toMatch(/'[^']+':\d+B/);
  });
  it('knows an index as current only while the source text it was built from is the one served', async () => {
    const [doc] = await db.query<{ id: string }>(`SELECT id FROM "document" ORDER BY id LIMIT 1`);
    const current = () => db.prisma.$transaction((tx) => provisionIndexIsCurrent(tx, doc.id));
    await db.prisma.$transaction((tx) => writeProvisionIndex(tx, doc.id));
    expect(await current()).toBe(true);
    // Another language version or act format: stale, as the backfill counts it.
    await db.exec(`UPDATE "search_provision_state" SET language_version = language_version - 1`);
    expect(await current()).toBe(false);
    await db.exec(`UPDATE "search_provision_state" SET language_version = language_version + 1`);
    await db.exec(`UPDATE "search_act" SET format = format - 1`);
    expect(await current()).toBe(false);
    await db.exec(`UPDATE "search_act" SET format = format + 1`);
    expect(await current()).toBe(true);
    // A rebuilt version in force today is served instead; one in force later is not yet.
    await db.query(
      `INSERT INTO "document_version" (document_id, version, valid_from, kind, text_sha256, text_chars, text, text_is_current, text_source, provisions)
       SELECT document_id, version + 1, $2::date, 'rebuilt', text_sha256, text_chars, 'x', false, 'rebuilt', provisions
       FROM "document_version" WHERE document_id = $1 AND text_is_current`,
      [doc.id, '2999-01-01'],
    );
    expect(await current()).toBe(true);
    await db.exec(`UPDATE "document_version" SET valid_from = DATE '2000-01-01' WHERE text_source = 'rebuilt'`);
    expect(await current()).toBe(false);
    // The index of the rebuilt version served is not taken as current either: its number is given again by the next rebuild.
    await db.prisma.$transaction((tx) => writeProvisionIndex(tx, doc.id));
    expect(await current()).toBe(false);
    await db.exec(`DELETE FROM "document_version" WHERE text_source = 'rebuilt'`);
    await db.prisma.$transaction((tx) => writeProvisionIndex(tx, doc.id));
    expect(await current()).toBe(true);
  });

  it("the import's units (computed, not read back) and aliases are those the stored version gives", async () => {
    // The current version with the document's text (the common case), and with a text of its own
    // beside an older version's: the index is of the document's text under the current version's
    // tree, as a read back gives it.
    const older = TEXT.replace('Obec vede evidenci.', 'Obec vede seznam.');
    const records = [
      testRecord('sb/2099/8', {
        title: 'Zákon o kočkách (kočičí zákon)',
        citation: '8/2099 Sb.',
        text: TEXT,
        versions: [
          { version: 1, valid_from: '2099-02-01', valid_to: '2099-05-31', kind: 'original', text: older },
          { version: 2, valid_from: '2099-06-01', valid_to: null, kind: 'amendment', text_is_current: true },
        ],
      }),
      testRecord('sb/2099/9', {
        title: 'Zákon o myších',
        text: TEXT,
        versions: [
          { version: 1, valid_from: '2099-02-01', valid_to: '2099-05-31', kind: 'original', text: older },
          {
            version: 2,
            valid_from: '2099-06-01',
            valid_to: null,
            kind: 'amendment',
            text: TEXT.replace('§ 2', '§ 3'),
            text_is_current: true,
          },
        ],
      }),
    ];
    await importCorpusFile(db, writeJsonl(records));
    for (const record of records) {
      const [doc] = await db.query<{ id: string }>(`SELECT id FROM "document" WHERE natural_key = $1`, [record.natural_key]);
      const index = () =>
        db.query<Record<string, unknown>>(
          `SELECT p.*, p.vector::text AS vector, s.version, s.units FROM "search_provision" p
           JOIN "search_provision_state" s USING (document_id) WHERE p.document_id = $1 ORDER BY ord`,
          [doc.id],
        );
      const aliases = () => db.query(`SELECT target_key, kind, key FROM "search_alias" WHERE document_id = $1 ORDER BY 1, 2, 3`, [doc.id]);
      const imported = { index: await index(), aliases: await aliases() };
      expect(imported.index.length).toBeGreaterThan(0);
      expect(imported.aliases.length).toBeGreaterThan(0);
      await db.prisma.$transaction((tx) => writeProvisionIndex(tx, doc.id));
      await db.exec(`DELETE FROM "search_alias_source"`);
      await backfillSearchAliases(db);
      expect({ index: await index(), aliases: await aliases() }).toEqual(imported);
    }
  });
});
