import { newId } from '@dp/core';
import { createOrganization, syncRepository, type SyncReport } from '@dp/db';
import { count, createTestDatabase, type TestDatabase } from './corpus-helpers';
import { bootstrapMessage, createTinyRepo, docFile, reformMessage, type TinyRepo } from '@dp/testing';

// Initial sync, incremental sync (change rows + outbox rows for exactly what changed), no-op
// re-run, --to, and every kind of untidy data, on tiny repositories made here. One writer, so
// the feed's order across documents is the list's (with two, it is commit order, which varies;
// sync-concurrency.test.ts checks that two writers write the same rows).

const TODAY = '2026-06-01';

const BODY_1 = '# Zákon o věci 1\n\n##### § 1\n\nTento zákon upravuje věci podle zákona č. 2/2001 Sb.\n';
const BODY_1B = '# Zákon o věci 1\n\n##### § 1\n\nTento zákon upravuje věci.\n\n##### § 2\n\nNové ustanovení.\n';
const BODY_2 =
  '# Zákon, kterým se mění zákon č. 1/2000 Sb.\n\n##### § 1\n\nV zákoně č. 1/2000 Sb. se § 2 doplňuje.\n\n##### § 9\n\nZrušuje se:\n\n- 1. Zákon č. 3/1990 Sb., o starých věcech.\n\n- 2. § 4 zákona č. 4/1990 Sb., o jiném.\n';
const BODY_3 = '# Zákon o starých věcech\n\n##### § 1\n\nStaré věci.\n';

describe('syncRepository', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  let webhookId: string;
  const c: Record<string, string> = {};
  let first: SyncReport;

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await createOrganization(db.prisma, { name: 'sync test' });
    webhookId = (
      await db.prisma.webhook.create({
        data: {
          id: newId('wh'),
          orgId: org.id,
          url: 'https://example.com/hook',
          events: ['document.created', 'document.version_added', 'document.status_changed', 'relation.created'],
          secret: 'whsec_test',
        },
      })
    ).id;

    repo = createTinyRepo();
    repo.commit('README.md', '# legalize-cz\n', '[bootstrap] Add README\n');
    c.old = repo.commit(
      'cz/SB-1990-3.md',
      docFile({ id: 'SB-1990-3', title: 'Zákon o starých věcech' }, BODY_3),
      bootstrapMessage('SB-1990-3', '1990-01-01'),
      '1990-01-01',
    );
    c.one = repo.commit('cz/SB-2000-1.md', docFile({ id: 'SB-2000-1' }, BODY_1), bootstrapMessage('SB-2000-1', '2000-01-01'), '2000-01-01');
    // the first sync stops here (--to)
  });
  afterAll(async () => {
    repo.destroy();
    await db.destroy();
  });

  const changes = async (sinceSeq = 0) =>
    db.query<{
      seq: string;
      kind: string;
      natural_key: string;
      status: string;
      version: Record<string, unknown> | null;
      relation: Record<string, unknown> | null;
      amendment: Record<string, unknown> | null;
    }>(
      'SELECT c.seq::text AS seq, kind, natural_key, status, version, relation, amendment FROM "change" c WHERE c.seq > $1 ORDER BY c.seq',
      [sinceSeq],
    );
  const maxSeq = async () => Number((await db.query<{ s: string | null }>('SELECT max(seq)::text AS s FROM "change"'))[0]?.s ?? 0);

  it('initial sync: documents, versions with their text, relations, one JSON-able report', async () => {
    first = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(first).toMatchObject({
      from: null,
      to: repo.rev('HEAD'),
      up_to_date: false,
      commits: 3,
      commits_applied: 2,
      documents: { created: 2, updated: 0, unchanged: 0, failed: 0 },
      versions_added: 2,
      warnings: [],
    });
    const [doc] = await db.query<Record<string, unknown>>(
      `SELECT id, doc_number, title, doc_type, status, text, source_version_type, current_version_from::text AS cvf, eli,
              published_on::text AS published, effective_from::text AS eff, source
       FROM "document" WHERE natural_key = 'sb/2000/1'`,
    );
    expect(doc).toMatchObject({
      id: 'SB-2000-1',
      doc_number: '1/2000 Sb.',
      title: 'Zákon o věci 1',
      doc_type: 'act',
      status: 'in_force',
      text: BODY_1,
      source_version_type: 'AKTUALNI',
      cvf: '2000-01-01',
      eli: '/eli/cz/sb/2000/1',
      published: '2000-01-01',
      eff: '2000-01-01',
      source: expect.objectContaining({ commit: c.one, path: 'cz/SB-2000-1.md' }),
    });
    const versions = await db.query<Record<string, unknown>>(
      `SELECT version, valid_from::text AS vf, valid_to, kind, v.text, text_is_current, source_commit FROM "document_version" v
       JOIN "document" d ON d.id = v.document_id WHERE d.natural_key = 'sb/2000/1'`,
    );
    expect(versions).toEqual([
      { version: 1, vf: '2000-01-01', valid_to: null, kind: 'bootstrap', text: BODY_1, text_is_current: true, source_commit: c.one },
    ]);
    // cites from the text, even to a document not in the corpus
    const edges = await db.query('SELECT "type", target_key, methods FROM "document_relation" WHERE source_id = $1', ['SB-2000-1']);
    expect(edges).toEqual([{ type: 'cites', target_key: 'sb/2001/2', methods: ['text-citation'] }]);

    const feed = await changes();
    expect(feed.map((x) => `${x.kind} ${x.natural_key}`)).toEqual([
      'document.created sb/1990/3',
      'document.version_added sb/1990/3',
      'document.created sb/2000/1',
      'document.version_added sb/2000/1',
      'relation.created sb/2000/1',
    ]);
    expect(await count(db, 'webhook_delivery WHERE webhook_id = $1', [webhookId])).toBe(feed.length);
    expect(await db.query('SELECT source, "commit" FROM "sync_state"')).toEqual([{ source: expect.any(String), commit: repo.rev('HEAD') }]);
    // Where the time went, phase by phase, in the order they ran.
    expect(Object.keys(first.phases)).toEqual(['log', 'documents', 'provisions', 'effects', 'rebuild', 'reindex', 'analyze']);
    expect(first.reindexed).toBe(0); // the documents it wrote were indexed as they were written
    for (const t of Object.values(first.phases)) expect(t).toEqual({ ms: expect.any(Number), cpu_ms: expect.any(Number) });
  });

  it('running again with nothing new writes nothing and says so', async () => {
    const before = await maxSeq();
    const again = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(again).toMatchObject({
      up_to_date: true,
      commits: 0,
      commits_applied: 0,
      changes: 0,
      reindexed: 0,
      documents: { created: 0, updated: 0 },
    });
    expect(await maxSeq()).toBe(before);
  });

  it('builds again a provision index written with another language version, the source unmoved', async () => {
    const state = () =>
      db.query<{ language_version: number; units: number }>(
        'SELECT s.language_version, s.units FROM "search_provision_state" s JOIN "document" d ON d.id = s.document_id WHERE d.natural_key = $1',
        ['sb/2000/1'],
      );
    const [current] = await state();
    await db.query(`UPDATE "search_provision_state" SET language_version = language_version - 1`);
    await db.query(`DELETE FROM "search_provision" WHERE document_id = (SELECT id FROM "document" WHERE natural_key = 'sb/2000/1')`);
    const before = await maxSeq();
    const again = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(again).toMatchObject({ up_to_date: true, changes: 0 });
    expect(again.reindexed).toBeGreaterThan(0);
    expect(await state()).toEqual([current]);
    expect(
      await count(db, '"search_provision" WHERE document_id = (SELECT id FROM "document" WHERE natural_key = $1)', ['sb/2000/1']),
    ).toBe(current.units);
    expect(await maxSeq()).toBe(before);
  });

  it('writes the act rows (search_act) a database indexed before them lacks, the source unmoved', async () => {
    const acts = () =>
      db.query<{ document_id: string; vector: string }>(`SELECT document_id, vector::text AS vector FROM "search_act" ORDER BY 1`);
    const written = await acts();
    expect(written.length).toBeGreaterThan(0);
    // Every document with units has its row, written by the sync with its units.
    expect(written.map((r) => r.document_id)).toEqual(
      (await db.query<{ id: string }>(`SELECT DISTINCT document_id AS id FROM "search_provision" ORDER BY 1`)).map((r) => r.id),
    );
    await db.exec('DELETE FROM "search_act"');
    const again = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(again).toMatchObject({ up_to_date: true, changes: 0, reindexed: 0 });
    expect(await acts()).toEqual(written);
  });

  it('incremental: only the new commits, with change and outbox rows for exactly what changed', async () => {
    // An amending act arrives, then the amended document's new version (naming it), which also
    // moves the document to "no longer in force"; the amending act repeals SB-1990-3.
    c.two = repo.commit(
      'cz/SB-2001-2.md',
      docFile(
        { id: 'SB-2001-2', title: 'Zákon, kterým se mění zákon č. 1/2000 Sb.', kind: 'CISTNOV', effectiveFrom: '2001-03-01' },
        BODY_2,
      ),
      bootstrapMessage('SB-2001-2', '2001-03-01'),
      '2001-03-01',
    );
    c.oneB = repo.commit(
      'cz/SB-2000-1.md',
      docFile({ id: 'SB-2000-1', versionType: 'MINULE', amendments: ['2/2001 Sb.'], versionDate: '2001-03-01' }, BODY_1B),
      reformMessage('SB-2000-1', '2001-03-01', '2/2001 Sb.'),
      '2001-03-01',
    );
    const before = await maxSeq();
    const deliveriesBefore = await count(db, 'webhook_delivery WHERE webhook_id = $1', [webhookId]);
    const report = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(report).toMatchObject({ from: first.to, to: c.oneB, commits: 2, commits_applied: 2, documents: { created: 1, updated: 1 } });

    const feed = await changes(before);
    const lines = feed.map((x) => `${x.kind} ${x.natural_key}`);
    expect(lines).toEqual([
      'document.created sb/2001/2',
      'document.version_added sb/2001/2',
      'relation.created sb/2001/2', // repeals sb/1990/3 (a whole act: item 1; item 2 is a part, not a repeal)
      'relation.created sb/2001/2', // cites sb/1990/3
      'relation.created sb/2001/2', // cites sb/1990/4
      'relation.created sb/2001/2', // cites sb/2000/1
      // #35: amends sb/2000/1, from its own text ("V zákoně č. 1/2000 Sb. se § 2 doplňuje."), at once
      'relation.created sb/2001/2',
      'document.amendment_known sb/2000/1',
      'document.status_changed sb/2000/1',
      'document.version_added sb/2000/1',
    ]);
    expect(report.changes).toBe(feed.length);
    // One delivery per change of a kind the webhook subscribes to (not document.amendment_known).
    const subscribed = feed.filter((x) => x.kind !== 'document.amendment_known').length;
    expect(await count(db, 'webhook_delivery WHERE webhook_id = $1', [webhookId])).toBe(deliveriesBefore + subscribed);

    const added = feed.find((x) => x.kind === 'document.version_added' && x.natural_key === 'sb/2000/1');
    expect(added?.version).toEqual({
      version: 2,
      valid_from: '2001-03-01',
      valid_to: null,
      kind: 'reform',
      amended_by: { natural_key: 'sb/2001/2', doc_number: '2/2001 Sb.' },
      // #24 item 6: the provisions it added and changed against version 1.
      provisions: {
        compared_with: 1,
        added: ['par_2'],
        changed: ['par_1'],
        repealed: [],
        removed: [],
        counts: { added: 1, changed: 1, repealed: 0, removed: 0 },
        truncated: false,
      },
    });
    // status_changed: the new status on the entry, the old one on the document's preceding entry
    const statusIdx = feed.findIndex((x) => x.kind === 'document.status_changed');
    expect(feed[statusIdx].status).toBe('no_longer_in_force');
    const [previous] = await db.query<{ status: string }>(
      `SELECT status FROM "change" WHERE natural_key = 'sb/2000/1' AND seq < $1 ORDER BY seq DESC LIMIT 1`,
      [feed[statusIdx].seq],
    );
    expect(previous?.status).toBe('in_force');
    expect(feed.filter((x) => x.relation).map((x) => x.relation)).toContainEqual({
      type: 'amends',
      target: { natural_key: 'sb/2000/1', doc_number: '1/2000 Sb.' },
    });

    // the appended version closed its predecessor; the current text moved on
    const versions = await db.query<Record<string, unknown>>(
      `SELECT version, valid_from::text AS vf, valid_to::text AS vt, text_is_current, amended_by_key, text FROM "document_version"
       WHERE document_id = 'SB-2000-1' ORDER BY version`,
    );
    expect(versions).toEqual([
      { version: 1, vf: '2000-01-01', vt: '2001-03-01', text_is_current: false, amended_by_key: null, text: BODY_1 },
      { version: 2, vf: '2001-03-01', vt: null, text_is_current: true, amended_by_key: 'sb/2001/2', text: BODY_1B },
    ]);
    const [amends] = await db.query('SELECT methods, version_dates FROM "document_relation" WHERE source_id = $1 AND "type" = $2', [
      'SB-2001-2',
      'amends',
    ]);
    expect(amends).toEqual({ methods: ['source-history', 'source-metadata', 'source-text'], version_dates: ['2001-03-01'] });
    const known = feed.find((x) => x.kind === 'document.amendment_known');
    // The amended act's text of 2000 did not hold it when the amending act was written.
    expect(known?.amendment).toEqual({
      amending_act: { natural_key: 'sb/2001/2', doc_number: '2/2001 Sb.' },
      points: 1,
      effective_from: ['2001-03-01'],
      applied: false,
    });
    // the old version's citation of 2/2001 is gone from the new text, so is the edge
    expect(await count(db, `"document_relation" WHERE source_id = 'SB-2000-1'`)).toBe(0);
    // repealed_by of the repealed act, with the repealing act's effectiveness date
    const [old] = await db.query('SELECT repealed_by, inferred_effective_to::text AS ie FROM "document" WHERE id = $1', ['SB-1990-3']);
    expect(old).toEqual({ repealed_by: ['sb/2001/2'], ie: '2001-03-01' });
  });

  it('--to syncs up to that commit and no further; an older --to changes nothing', async () => {
    const other = await createTestDatabase();
    try {
      const partial = await syncRepository(other, repo.dir, { to: c.two, today: TODAY, concurrency: 1 });
      expect(partial).toMatchObject({ to: c.two, commits: 4, documents: { created: 3 } });
      expect(await count(other, '"document_version" WHERE document_id = $1', ['SB-2000-1'])).toBe(1);
      // the amending act came first: its own text says what it amends (#35), so the edge is there
      // before the amended document's new version names it
      expect(await other.query(`SELECT methods FROM "document_relation" WHERE "type" = 'amends'`)).toEqual([{ methods: ['source-text'] }]);
      const back = await syncRepository(other, repo.dir, { to: c.one, today: TODAY, concurrency: 1 });
      expect(back).toMatchObject({ up_to_date: true, commits: 0 });
      const rest = await syncRepository(other, repo.dir, { today: TODAY, concurrency: 1 });
      expect(rest).toMatchObject({ from: c.two, commits: 1, documents: { updated: 1 } });
      // same end state as the database synced in two other steps
      const dump = async (d: TestDatabase) =>
        d.query(`SELECT d.natural_key, v.version, v.valid_from::text, v.valid_to::text, v.text_sha256, v.amended_by_key, d.status
                 FROM "document_version" v JOIN "document" d ON d.id = v.document_id ORDER BY 1, 2`);
      expect(await dump(other)).toEqual(await dump(db));
      const edges = async (d: TestDatabase) =>
        d.query('SELECT source_id, "type", target_key, methods, version_dates FROM "document_relation" ORDER BY 1, 2, 3');
      expect(await edges(other)).toEqual(await edges(db));
    } finally {
      await other.destroy();
    }
  });

  it('the amends edge is written when the amending act arrives after the amended document', async () => {
    c.late = repo.commit(
      'cz/SB-2000-1.md',
      docFile(
        { id: 'SB-2000-1', versionType: 'MINULE', amendments: ['2/2001 Sb.', '5/2002 Sb.'], versionDate: '2002-06-01' },
        BODY_1B + '\nDoplněno.\n',
      ),
      reformMessage('SB-2000-1', '2002-06-01', '5/2002 Sb.'),
      '2002-06-01',
    );
    await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(await count(db, `"document_relation" WHERE target_key = 'sb/2000/1' AND "type" = 'amends'`)).toBe(1);
    const before = await maxSeq();
    repo.commit(
      'cz/SB-2002-5.md',
      docFile({ id: 'SB-2002-5', kind: 'CISTNOV' }, '# Zákon 5\n\nMění se zákon.\n'),
      bootstrapMessage('SB-2002-5', '2002-06-01'),
      '2002-06-01',
    );
    await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    const feed = await changes(before);
    expect(feed.map((x) => `${x.kind} ${x.natural_key}`)).toEqual([
      'document.created sb/2002/5',
      'document.version_added sb/2002/5',
      'relation.created sb/2002/5',
    ]);
    expect(feed[2].relation).toEqual({ type: 'amends', target: { natural_key: 'sb/2000/1', doc_number: '1/2000 Sb.' } });
    const [edge] = await db.query('SELECT methods, version_dates FROM "document_relation" WHERE source_id = $1', ['SB-2002-5']);
    expect(edge).toEqual({ methods: ['source-history', 'source-metadata'], version_dates: ['2002-06-01'] });
  });

  describe('untidy data never stops a sync', () => {
    let untidy: TinyRepo;
    let report: SyncReport;
    const u: Record<string, string> = {};

    beforeAll(async () => {
      untidy = createTinyRepo();
      // an undated version: the source URL ends in /0000-00-00, the date is the daily batch's
      u.undated = untidy.commit(
        'cz/SB-2026-52.md',
        docFile({ id: 'SB-2026-52', versionDate: '0000-00-00' }, '# Sdělení\n\nText.\n'),
        reformMessage('SB-2026-52', '2026-04-14', 'CZ-DAILY-2026-04-14', 'https://e-sbirka.gov.cz/eli/cz/sb/2026/52/0000-00-00'),
        '2026-04-14',
      );
      // a version dated after "today"
      u.futureBoot = untidy.commit(
        'cz/SB-2020-7.md',
        docFile({ id: 'SB-2020-7' }, '# Zákon 7\n\nText.\n'),
        bootstrapMessage('SB-2020-7', '2020-01-01'),
        '2020-01-01',
      );
      u.future = untidy.commit(
        'cz/SB-2020-7.md',
        docFile({ id: 'SB-2020-7', versionDate: '2027-01-01' }, '# Zákon 7\n\nBudoucí text.\n'),
        reformMessage('SB-2020-7', '2027-01-01', '9/2026 Sb.'),
        '2027-01-01',
      );
      // a missing blob: the document's second version
      u.blobBoot = untidy.commit(
        'cz/SB-1998-1.md',
        docFile({ id: 'SB-1998-1' }, '# Vyhláška 1\n\nPůvodní.\n'),
        bootstrapMessage('SB-1998-1', '1998-02-01'),
        '1998-02-01',
      );
      u.blobGone = untidy.commit(
        'cz/SB-1998-1.md',
        docFile({ id: 'SB-1998-1', versionDate: '2001-02-15' }, '# Vyhláška 1\n\nNovelizovaná.\n'),
        reformMessage('SB-1998-1', '2001-02-15', '48/2001 Sb.'),
        '2001-02-15',
      );
      // a malformed file: no front matter at all
      u.malformed = untidy.commit(
        'cz/SB-2010-5.md',
        'Tento soubor nemá hlavičku.\n',
        bootstrapMessage('SB-2010-5', '2010-05-01', 'Zákon'),
        '2010-05-01',
      );
      // bad fields: a front matter line that is not key: value, an invalid date
      u.badField = untidy.commit(
        'cz/SB-2011-6.md',
        docFile({ id: 'SB-2011-6' }, '# Zákon 6\n\nText.\n').replace(
          'publication_date: "2011-01-01"',
          'publication_date: "2011-13-45"\nthis is not yaml',
        ),
        bootstrapMessage('SB-2011-6', '2011-01-01'),
        '2011-01-01',
      );
      // a version without any usable date is the only thing left out
      u.noDate = untidy.commit(
        'cz/SB-2011-6.md',
        docFile({ id: 'SB-2011-6' }, '# Zákon 6\n\nBez data.\n'),
        '[reform] Zákon č. 6/2011 Sb.\n\nSource-Id: 1/2012 Sb.\n',
        '1970-01-01',
      );
      // after the last commit: git needs the object while it builds later trees
      untidy.dropBlob(u.blobGone, 'cz/SB-1998-1.md');
      report = await syncRepository(db, untidy.dir, { today: TODAY, concurrency: 1 });
    });
    afterAll(() => untidy.destroy());

    const warning = (code: string, commit: string) => report.warnings.find((w) => w.code === code && w.commit === commit);

    it('finishes, reports each problem with path and commit, and moves the state on', async () => {
      expect(report.documents.failed).toBe(0);
      expect(report.documents.created).toBe(5);
      expect(warning('undated_version', u.undated)).toMatchObject({ path: 'cz/SB-2026-52.md' });
      expect(warning('future_dated_version', u.future)).toMatchObject({ path: 'cz/SB-2020-7.md' });
      expect(warning('missing_blob', u.blobGone)).toMatchObject({ path: 'cz/SB-1998-1.md' });
      expect(warning('malformed_file', u.malformed)).toMatchObject({ path: 'cz/SB-2010-5.md' });
      expect(warning('malformed_file', u.badField)).toMatchObject({ path: 'cz/SB-2011-6.md' });
      expect(warning('invalid_field', u.badField)?.message).toMatch(/publication_date/);
      expect(warning('skipped_version', u.noDate)).toMatchObject({ path: 'cz/SB-2011-6.md' });
      expect(report.warning_counts).toMatchObject({ undated_version: 1, future_dated_version: 1, missing_blob: 1, skipped_version: 1 });
      expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    });

    it('undated: imported with the batch date and no current-version date', async () => {
      const [doc] = await db.query('SELECT current_version_from, doc_type FROM "document" WHERE id = $1', ['SB-2026-52']);
      expect(doc).toEqual({ current_version_from: null, doc_type: 'act' });
      const [v] = await db.query('SELECT valid_from::text AS vf, text FROM "document_version" WHERE document_id = $1', ['SB-2026-52']);
      expect(v).toEqual({ vf: '2026-04-14', text: '# Sdělení\n\nText.\n' });
    });

    it('future-dated: imported as scheduled', async () => {
      const versions = await db.query(
        'SELECT valid_from::text AS vf, valid_to::text AS vt FROM "document_version" WHERE document_id = $1 ORDER BY version',
        ['SB-2020-7'],
      );
      expect(versions).toEqual([
        { vf: '2020-01-01', vt: '2027-01-01' },
        { vf: '2027-01-01', vt: null },
      ]);
    });

    it('missing blob: the version is recorded without text; the readable one stays the document text', async () => {
      const versions = await db.query(
        'SELECT version, text IS NULL AS no_text, text_omitted, text_is_current, amended_by_key FROM "document_version" WHERE document_id = $1 ORDER BY version',
        ['SB-1998-1'],
      );
      expect(versions).toEqual([
        { version: 1, no_text: false, text_omitted: null, text_is_current: true, amended_by_key: null },
        {
          version: 2,
          no_text: true,
          text_omitted: 'blob missing from the source repository',
          text_is_current: false,
          amended_by_key: 'sb/2001/48',
        },
      ]);
      const [doc] = await db.query('SELECT text, current_version_from::text AS cvf FROM "document" WHERE id = $1', ['SB-1998-1']);
      expect(doc).toEqual({ text: '# Vyhláška 1\n\nPůvodní.\n', cvf: '2001-02-15' });
    });

    it('malformed: the text is kept; metadata comes from the file name and the commit subject', async () => {
      const [doc] = await db.query('SELECT title, doc_number, text FROM "document" WHERE id = $1', ['SB-2010-5']);
      expect(doc).toEqual({ title: 'Zákon č. 5/2010 Sb.', doc_number: '5/2010 Sb.', text: 'Tento soubor nemá hlavičku.\n' });
      // the subject names the kind
      expect((await db.query('SELECT doc_type FROM "document" WHERE id = $1', ['SB-2010-5']))[0]).toEqual({ doc_type: 'act' });
      const [bad] = await db.query('SELECT published_on, title FROM "document" WHERE id = $1', ['SB-2011-6']);
      expect(bad).toEqual({ published_on: null, title: 'Zákon o věci 6' });
      expect(await count(db, '"document_version" WHERE document_id = $1', ['SB-2011-6'])).toBe(1);
    });
  });
});
