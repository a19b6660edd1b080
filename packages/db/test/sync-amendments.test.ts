import { amendmentCounts, syncRepository } from '@dp/db';
import { count, createTestDatabase, type TestDatabase } from './corpus-helpers';
import {
  actText,
  amendingActText,
  bootstrapMessage,
  createTinyRepo,
  docFile,
  effectiveOn,
  reformMessage,
  type TinyRepo,
} from '@dp/testing';

// #35 and #36 on tiny repositories with untidy history, as the sync meets them: acts the source
// holds as enacted, an omnibus act amending two of them with two effective dates (one point
// renumbering letters, one that cannot apply), an amending act whose change the source already has as a version, and,
// later, the source's own new text of an act the engine had rebuilt.

const THING_1 = actText('Zákon o věci 1', [
  { label: '§ 1', body: ['(1) Tento zákon upravuje věci.', '(2) Zkouška se koná jednou ročně.'] },
  { label: '§ 2', body: ['Pojmy:', '- a) věc,', '- b) zvíře,', '- c) rostlina.'] },
  { label: '§ 3', body: ['Lhůta je 10 dní.'] },
]);
const THING_2 = '# Zákon o věci 2\n\n##### § 1\n\nPoplatek činí 100 Kč.\n';
const THING_3 = '# Zákon o věci 3\n\n##### § 1\n\nZkouška se koná jednou ročně.\n';

// An omnibus act: část první amends 1/2000 (from 1 July 2005), část druhá 2/2000 (from 2006).
const OMNIBUS = amendingActText(
  'Zákon, kterým se mění zákon č. 1/2000 Sb., o věci 1, a zákon č. 2/2000 Sb., o věci 2',
  [
    {
      article: 'I',
      heading: 'Změna zákona o věci 1',
      intro: 'Zákon č. 1/2000 Sb., o věci 1, se mění takto:',
      points: [
        'V § 3 se slova „10 dní“ nahrazují slovy „15 dní“.',
        'V § 2 se písmeno b) zrušuje.\n\nDosavadní písmeno c) se označuje jako písmeno b).',
        // Words the text does not have: never applied, never guessed.
        'V § 1 odst. 1 se slova „upravuje zvířata“ nahrazují slovy „upravuje rostliny“.',
      ],
    },
    {
      article: 'II',
      heading: 'Změna zákona o věci 2',
      intro: 'Zákon č. 2/2000 Sb., o věci 2, se mění takto:',
      points: ['V § 1 se číslo „100“ nahrazuje číslem „200“.'],
    },
  ],
  {
    article: 'III',
    sentence:
      'Tento zákon nabývá účinnosti dnem 1. července 2005, s výjimkou ustanovení čl. II, který nabývá účinnosti dnem 1. ledna 2006.',
  },
  { parts: true },
);

// An amending act whose change the source applied itself (a [reform] commit of 3/2000 names it).
const APPLIED = amendingActText(
  'Zákon, kterým se mění zákon č. 3/2000 Sb., o věci 3',
  [
    {
      article: 'I',
      intro: 'Zákon č. 3/2000 Sb., o věci 3, se mění takto:',
      points: ['V § 1 se slovo „jednou“ nahrazuje slovem „dvakrát“.'],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. července 2006') },
);

const TODAY = '2026-06-01';

describe('sync: amendments read from the amending acts, rebuilt versions as derived data', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    // 2/2000 first: its row precedes 1/2000's, so an unordered read of the two gives them backwards.
    repo.commit('cz/SB-2000-2.md', docFile({ id: 'SB-2000-2' }, THING_2), bootstrapMessage('SB-2000-2', '2000-01-01'), '2000-01-01');
    repo.commit('cz/SB-2000-1.md', docFile({ id: 'SB-2000-1' }, THING_1), bootstrapMessage('SB-2000-1', '2000-01-01'), '2000-01-01');
    repo.commit('cz/SB-2000-3.md', docFile({ id: 'SB-2000-3' }, THING_3), bootstrapMessage('SB-2000-3', '2000-01-01'), '2000-01-01');
    repo.commit(
      'cz/SB-2005-7.md',
      docFile({ id: 'SB-2005-7', kind: 'CISTNOV', effectiveFrom: '2005-07-01', title: 'Zákon, kterým se mění některé zákony' }, OMNIBUS),
      bootstrapMessage('SB-2005-7', '2005-07-01'),
      '2005-07-01',
    );
    repo.commit(
      'cz/SB-2006-3.md',
      docFile({ id: 'SB-2006-3', kind: 'CISTNOV', effectiveFrom: '2006-07-01', title: 'Zákon, kterým se mění zákon o věci 3' }, APPLIED),
      bootstrapMessage('SB-2006-3', '2006-07-01'),
      '2006-07-01',
    );
    repo.commit(
      'cz/SB-2000-3.md',
      docFile({ id: 'SB-2000-3', versionDate: '2006-07-01' }, THING_3.replace('jednou', 'dvakrát')),
      reformMessage('SB-2000-3', '2006-07-01', '3/2006 Sb.'),
      '2006-07-01',
    );
  });
  afterAll(async () => {
    await db?.destroy();
    repo?.destroy();
  });

  const versions = (id: string) =>
    db.query<{
      version: number;
      vf: string;
      vt: string | null;
      kind: string;
      text_source: string;
      amended_by_key: string | null;
      text: string | null;
    }>(
      `SELECT v.version, v.valid_from::text AS vf, v.valid_to::text AS vt, v.kind, v.text_source, v.amended_by_key,
              CASE WHEN v.text_is_current THEN d.text ELSE v.text END AS text
       FROM "document_version" v JOIN "document" d ON d.id = v.document_id WHERE v.document_id = $1 ORDER BY v.version`,
      [id],
    );

  it('reads each amending act into effects per point, with its dates, kinds and targets', async () => {
    const prisma = jest.spyOn(db.prisma, '$transaction');
    const report = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 2 });
    // The documents and their rebuilt versions are written in transactions on pg, never Prisma's.
    expect(prisma).not.toHaveBeenCalled();
    prisma.mockRestore();
    expect(report.rebuilt.documents).toBeGreaterThan(0);
    expect(report.documents.failed).toBe(0);
    // Analyzed before the rebuild planned its statements on it (-1: never analyzed).
    const [stats] = await db.query<{ reltuples: number; rows: number }>(
      `SELECT c.reltuples::int AS reltuples, (SELECT count(*) FROM "amendment_effect")::int AS rows FROM pg_class c WHERE c.oid = '"amendment_effect"'::regclass`,
    );
    expect(stats.reltuples).toBe(stats.rows);
    expect(stats.rows).toBeGreaterThan(0);
    const effects = await db.query<{
      amending_key: string;
      target_key: string;
      point: string;
      effective_from: string;
      kinds: string[];
      targets: string[];
    }>(
      `SELECT amending_key, target_key, point, effective_from::text AS effective_from, kinds, targets
       FROM "amendment_effect" ORDER BY amending_key, target_key, ordinal`,
    );
    expect(effects).toEqual([
      {
        amending_key: 'sb/2005/7',
        target_key: 'sb/2000/1',
        point: '1',
        effective_from: '2005-07-01',
        kinds: ['replace_words'],
        targets: ['par_3'],
      },
      {
        amending_key: 'sb/2005/7',
        target_key: 'sb/2000/1',
        point: '2',
        effective_from: '2005-07-01',
        kinds: expect.arrayContaining(['repeal', 'renumber']),
        targets: expect.arrayContaining(['par_2/pism_b', 'par_2/pism_c']),
      },
      {
        amending_key: 'sb/2005/7',
        target_key: 'sb/2000/1',
        point: '3',
        effective_from: '2005-07-01',
        kinds: ['replace_words'],
        targets: ['par_1/odst_1'],
      },
      {
        amending_key: 'sb/2005/7',
        target_key: 'sb/2000/2',
        point: '1',
        effective_from: '2006-01-01',
        kinds: ['replace_words'],
        targets: ['par_1'],
      },
      {
        amending_key: 'sb/2006/3',
        target_key: 'sb/2000/3',
        point: '1',
        effective_from: '2006-07-01',
        kinds: ['replace_words'],
        targets: ['par_1'],
      },
    ]);
    // Every amended act has the amending act's `amends` edge, from its text.
    const edges = await db.query<{ source_id: string; target_key: string; methods: string[] }>(
      `SELECT source_id, target_key, methods FROM "document_relation" WHERE "type" = 'amends' ORDER BY 1, 2`,
    );
    expect(edges).toEqual([
      { source_id: 'SB-2005-7', target_key: 'sb/2000/1', methods: ['source-text'] },
      { source_id: 'SB-2005-7', target_key: 'sb/2000/2', methods: ['source-text'] },
      { source_id: 'SB-2006-3', target_key: 'sb/2000/3', methods: ['source-history', 'source-text'] },
    ]);
    expect(report.rebuilt).toMatchObject({ documents: 2, versions: 2, points_applied: 3, points_unapplied: 1 });
    // The omnibus act's changes in the feed, in its targets' order whatever the rows' order.
    const feed = await db.query<{ natural_key: string; kind: string; target: string | null }>(
      `SELECT natural_key, kind, relation->'target'->>'natural_key' AS target FROM "change"
       WHERE (kind = 'document.amendment_known' AND natural_key LIKE 'sb/2000/%') OR (kind = 'relation.created' AND natural_key = 'sb/2005/7' AND relation->>'type' = 'amends')
       ORDER BY seq`,
    );
    const lines = feed.map((c) => `${c.kind} ${c.target ?? c.natural_key}`);
    // Every target gets its edge once; sb/2000/3's act announces it too.
    expect(lines.filter((l) => l.startsWith('relation.created')).sort()).toEqual([
      'relation.created sb/2000/1',
      'relation.created sb/2000/2',
    ]);
    expect(lines).toContain('document.amendment_known sb/2000/3');
    // With two writers an amended act may be written after the omnibus act: its own write then makes
    // the edge and announces no amendment_known. The targets present at the omnibus act's write get
    // their changes from that one transaction: edges, then amendment_known, each in the targets' order.
    const known = ['sb/2000/1', 'sb/2000/2'].filter((k) => lines.includes(`document.amendment_known ${k}`));
    expect(known.length).toBeGreaterThan(0);
    const ofKnown = lines.filter((l) => known.some((k) => l.endsWith(` ${k}`)));
    expect(ofKnown).toEqual([...known.map((k) => `relation.created ${k}`), ...known.map((k) => `document.amendment_known ${k}`)]);
  });

  it('leaves the provision index analysed, its terms counted for the ranking', async () => {
    // Runs after the first test's sync: a manual ANALYZE (autovacuum's own is last_autoanalyze).
    const [stats] = await db.query<{ analysed: boolean; rows: number; vacuumed: boolean }>(
      `SELECT s.last_analyze IS NOT NULL AS analysed, c.reltuples::float8 AS rows, s.last_vacuum IS NOT NULL AS vacuumed
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relid = 'search_provision'::regclass`,
    );
    // Vacuumed by the sync itself (autovacuum's own is last_autovacuum): the rows the rebuild
    // rewrote leave no dead ones behind on a server without autovacuum.
    expect(stats).toEqual({ analysed: true, rows: expect.any(Number) as unknown, vacuumed: true });
    expect(stats.rows).toBeGreaterThan(0);
    // The act rows too, which the ranking's statement joins (-1 rows: never analysed).
    const [acts] = await db.query<{ analysed: boolean; rows: number }>(
      `SELECT s.last_analyze IS NOT NULL AS analysed, c.reltuples::float8 AS rows
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relid = 'search_act'::regclass`,
    );
    expect(acts.analysed).toBe(true);
    expect(acts.rows).toBeGreaterThan(0);
    // Its GIN index's pending list was merged: nothing is left for a match to scan whole.
    const [pending] = await db.query<{ pages: string }>(
      `SELECT gin_clean_pending_list('search_provision_vector_idx'::regclass)::text AS pages`,
    );
    expect(pending.pages).toBe('0');
  });

  it('rebuilds what the source lacks, one version per amending act and date, a renumbering included', async () => {
    const one = await versions('SB-2000-1');
    expect(one.map(({ text: _text, ...v }) => v)).toEqual([
      { version: 1, vf: '2000-01-01', vt: '2005-07-01', kind: 'bootstrap', text_source: 'source', amended_by_key: null },
      { version: 2, vf: '2005-07-01', vt: null, kind: 'rebuilt', text_source: 'rebuilt', amended_by_key: 'sb/2005/7' },
    ]);
    expect(one[1].text).toContain('Lhůta je 15 dní.');
    expect(one[1].text).toContain('- b) rostlina.');
    expect(one[1].text).not.toContain('zvíře');
    // The second date of the omnibus act: its own rebuilt version of the other act.
    const two = await versions('SB-2000-2');
    expect(two[1]).toMatchObject({
      vf: '2006-01-01',
      kind: 'rebuilt',
      amended_by_key: 'sb/2005/7',
      text: expect.stringContaining('200 Kč'),
    });
    // What the source applied itself is not rebuilt.
    expect((await versions('SB-2000-3')).map((v) => v.text_source)).toEqual(['source', 'source']);
    // The provenance: each point applied, and which provisions it changed.
    const [prov] = await db.query<{ rebuild: { points: unknown[]; failed: unknown[]; changed: Record<string, unknown> } }>(
      `SELECT rebuild FROM "document_version" WHERE document_id = 'SB-2000-1' AND version = 2`,
    );
    expect(prov.rebuild.points).toEqual([
      { ordinal: 1, point: '1', applied: true, reason: null },
      { ordinal: 2, point: '2', applied: true, reason: null },
      { ordinal: 3, point: '3', applied: false, reason: 'text_not_found' },
    ]);
    expect(prov.rebuild.failed).toEqual([{ amending_key: 'sb/2005/7', ordinal: 3, reason: 'text_not_found' }]);
    expect(one[1].text).toContain('(1) Tento zákon upravuje věci.');
    expect(Object.keys(prov.rebuild.changed)).toEqual(expect.arrayContaining(['par_3', 'par_2/pism_b']));
    const announced = await db.query<{ natural_key: string; version: { kind: string; text_source?: string } }>(
      `SELECT natural_key, version FROM "change" WHERE kind = 'document.version_added' AND version->>'kind' = 'rebuilt' ORDER BY natural_key`,
    );
    expect(announced.map((c) => [c.natural_key, c.version.text_source])).toEqual([
      ['sb/2000/1', 'rebuilt'],
      ['sb/2000/2', 'rebuilt'],
    ]);
  });

  it('counts what the texts lack on a day (#35 item 4), before and after the rebuild', async () => {
    expect(await amendmentCounts(db, TODAY)).toEqual({
      day: TODAY,
      documents: 5,
      single_text: 4,
      with_known_amendments: 3,
      amending_acts_read: 2,
      points_read: 5,
      lacking_in_source: 2,
      lacking_in_source_single_text: 2,
      lacking_only_repealed_whole: 0,
      // 1/2000's text of 2005 lacks point 3 (§ 1 odst. 1), which the engine could not apply.
      lacking_after_rebuild: 1,
      lacking_after_rebuild_only_repealed_whole: 0,
      rebuilt_documents: 2,
      rebuilt_versions: 2,
      points_applied: 3,
      points_unapplied: 1,
      provisions_flagged: 1,
    });
    // On a day before the second date the omnibus act's other part is not in force yet.
    expect(await amendmentCounts(db, '2005-10-01')).toMatchObject({ lacking_in_source: 1, lacking_after_rebuild: 1 });
    expect(await amendmentCounts(db, '2005-01-01')).toMatchObject({
      lacking_in_source: 0,
      lacking_after_rebuild: 0,
      provisions_flagged: 0,
    });
  });

  it('a sync with nothing new rebuilds nothing and announces nothing', async () => {
    const before = await count(db, '"change"');
    const report = await syncRepository(db, repo.dir, { today: TODAY });
    expect(report).toMatchObject({ up_to_date: true, rebuilt: { documents: 0, versions: 0 }, effects_filled: 0 });
    expect(await count(db, '"change"')).toBe(before);
  });

  it("the source's own new text wins: the rebuilt versions go, and none is made where nothing is missing", async () => {
    repo.commit(
      'cz/SB-2000-1.md',
      docFile(
        { id: 'SB-2000-1', versionDate: '2010-01-01' },
        THING_1.replace('10 dní', '15 dní').replace('- b) zvíře,\n\n- c) rostlina.', '- b) rostlina.'),
      ),
      reformMessage('SB-2000-1', '2010-01-01', '9/2009 Sb.'),
      '2010-01-01',
    );
    const report = await syncRepository(db, repo.dir, { today: TODAY });
    expect(report.documents).toMatchObject({ updated: 1, failed: 0 });
    expect((await versions('SB-2000-1')).map((v) => [v.version, v.kind, v.text_source, v.vf, v.vt])).toEqual([
      [1, 'bootstrap', 'source', '2000-01-01', '2010-01-01'],
      [2, 'reform', 'source', '2010-01-01', null],
    ]);
    expect(await count(db, `"rebuild_state" WHERE document_id = 'SB-2000-1'`)).toBe(0);
    // The other act's rebuilt version stays: nothing of its inputs changed.
    expect((await versions('SB-2000-2')).map((v) => v.text_source)).toEqual(['source', 'rebuilt']);
  });
});
