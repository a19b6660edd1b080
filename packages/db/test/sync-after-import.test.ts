import { importCorpusFile, syncRepository } from '@dp/db';
import { count, createTestDatabase, writeJsonl, type TestDatabase } from './corpus-helpers';
import { bootstrapMessage, createTinyRepo, docFile, reformMessage, repositoryHistoryRecord, type TinyRepo } from '@dp/testing';

// The README's path: `start` imports the JSONL sample (which keeps only the hash of older long
// versions), then `sync` reads the whole repository. The sync must fill in every text the
// repository holds, whatever imported the document first; and record, per version, the date of
// the source URL its text was read under (text_as_of is derived from it).

const TODAY = '2026-06-01';
const body = (n: number) => `# Zákon o věci 5\n\n##### § 1\n\nZnění číslo ${n}.\n`;

describe('sync after a JSONL import of the same documents', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  const commits: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    // Three versions, every file under the same source URL (the date of the newest), as upstream.
    const dates = ['2010-01-01', '2012-01-01', '2014-01-01'];
    dates.forEach((date, i) => {
      const file = docFile({ id: 'SB-2010-5', versionDate: '2014-01-01', amendmentsField: '1/2011 Sb.; 2/2011 Sb.' }, body(i + 1));
      const message = i === 0 ? bootstrapMessage('SB-2010-5', date) : reformMessage('SB-2010-5', date, `${i}/2011 Sb.`);
      commits.push(repo.commit('cz/SB-2010-5.md', file, message, date));
    });
    // An amending act the import did not have: the sync creates it, and its `amends` edge needs the
    // facts of the imported document's history and front matter.
    repo.commit('cz/SB-2011-1.md', docFile({ id: 'SB-2011-1' }, '# Novela\n'), bootstrapMessage('SB-2011-1', '2011-06-01'), '2011-06-01');
    // The JSONL record of that document: the newest text is the document's, the older ones hash only.
    const record = repositoryHistoryRecord('sb/2010/5', {
      title: 'Zákon o věci 5',
      published: '2010-01-01',
      dates,
      texts: dates.map((_, i) => body(i + 1)),
      commits,
    });
    const report = await importCorpusFile(db, writeJsonl([record]));
    expect(report.created).toBe(1);
  });
  afterAll(async () => {
    repo.destroy();
    await db.destroy();
  });

  const versions = () =>
    db.query<{ version: number; text: string | null; text_omitted: string | null; source_date: string | null }>(
      `SELECT version, text, text_omitted, to_char(source_date, 'YYYY-MM-DD') AS source_date
       FROM document_version WHERE document_id = 'SB-2010-5' ORDER BY version`,
    );

  it('the import states each version under the document source URL date, without the older texts', async () => {
    const rows = await versions();
    expect(rows.map((r) => r.text)).toEqual([null, null, null]);
    expect(rows.map((r) => r.source_date)).toEqual(['2014-01-01', '2014-01-01', '2014-01-01']);
  });

  it('the sync fills in the texts the import lacked, and announces no new version of it', async () => {
    const changesBefore = await count(db, `"change" WHERE natural_key = 'sb/2010/5'`);
    const report = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(report).toMatchObject({
      commits: 4,
      versions_added: 1, // the amending act's
      texts_filled: 2,
      documents: { created: 1, updated: 1, unchanged: 0, failed: 0 },
      warnings: [],
    });
    const rows = await versions();
    expect(rows.map((r) => r.text)).toEqual([body(1), body(2), null]); // the current text is the document's
    expect(rows.map((r) => r.text_omitted)).toEqual([null, null, null]);
    expect(await count(db, `"change" WHERE natural_key = 'sb/2010/5'`)).toBe(changesBefore);
  });

  it('the imported document gets the amends edges its history and front matter imply, as if synced', async () => {
    const edges = await db.query<{ source_id: string; methods: string[]; version_dates: string[] }>(
      `SELECT source_id, methods, version_dates FROM document_relation WHERE "type" = 'amends' AND target_key = 'sb/2010/5'`,
    );
    expect(edges).toEqual([{ source_id: 'SB-2011-1', methods: ['source-history', 'source-metadata'], version_dates: ['2012-01-01'] }]);
    // Announced on the amending act, like every edge.
    expect(await count(db, `"change" WHERE kind = 'relation.created' AND natural_key = 'sb/2011/1' AND relation->>'type' = 'amends'`)).toBe(
      1,
    );
  });

  it('a text whose hash differs from the stored one is not filled in, and the sync says so', async () => {
    await db.query(
      `UPDATE document_version SET text = NULL, text_sha256 = $1, text_omitted = 'size budget' WHERE document_id = 'SB-2010-5' AND version = 1`,
      ['0'.repeat(64)],
    );
    await db.query(`DELETE FROM sync_state`);
    const report = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(report.texts_filled).toBe(0);
    expect(report.warnings).toEqual([expect.objectContaining({ code: 'text_mismatch', commit: commits[0], path: 'cz/SB-2010-5.md' })]);
    expect((await versions())[0].text).toBeNull();
  });
});

describe('sync: the source URL date of each version', () => {
  let db: TestDatabase;
  let repo: TinyRepo;

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    // The Labour Code's shape: one commit dated at entry into force, carrying a 2026 consolidation.
    repo.commit(
      'cz/SB-2006-7.md',
      docFile({ id: 'SB-2006-7', versionDate: '2026-01-01', amendmentsField: '1/2025 Sb.; 2/2025 Sb.' }, '# Zákoník\n'),
      bootstrapMessage('SB-2006-7', '2007-01-01'),
      '2007-01-01',
    );
    repo.commit('cz/SB-2025-1.md', docFile({ id: 'SB-2025-1' }, '# Novela\n'), bootstrapMessage('SB-2025-1', '2025-01-01'), '2025-01-01');
  });
  afterAll(async () => {
    repo.destroy();
    await db.destroy();
  });

  it('stores the URL date per version, and every act the amendments field lists becomes an amends edge', async () => {
    await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    const [v] = await db.query<{ source_date: string; valid_from: string }>(
      `SELECT to_char(source_date, 'YYYY-MM-DD') AS source_date, to_char(valid_from, 'YYYY-MM-DD') AS valid_from
       FROM document_version WHERE document_id = 'SB-2006-7'`,
    );
    expect(v).toEqual({ source_date: '2026-01-01', valid_from: '2007-01-01' });
    const edges = await db.query<{ source_id: string; methods: string[] }>(
      `SELECT source_id, methods FROM document_relation WHERE "type" = 'amends' AND target_key = 'sb/2006/7'`,
    );
    expect(edges).toEqual([{ source_id: 'SB-2025-1', methods: ['source-metadata'] }]);
    // The act not (yet) in the collection is remembered, so its edge appears when it arrives.
    const facts = await db.query<{ amending_key: string }>(
      `SELECT amending_key FROM sync_amendment WHERE target_key = 'sb/2006/7' AND from_metadata ORDER BY amending_key`,
    );
    expect(facts.map((f) => f.amending_key)).toEqual(['sb/2025/1', 'sb/2025/2']);
  });

  it('a new version whose front matter renames the act: one document.updated entry with the title', async () => {
    repo.commit(
      'cz/SB-2025-1.md',
      docFile({ id: 'SB-2025-1', title: 'Zákon o novele' }, '# Novela\n\nZměněno.\n'),
      reformMessage('SB-2025-1', '2025-06-01', '9/2025 Sb.'),
      '2025-06-01',
    );
    const seq = Number((await db.query<{ m: string }>('SELECT max(seq)::text AS m FROM "change"'))[0].m);
    const report = await syncRepository(db, repo.dir, { today: TODAY, concurrency: 1 });
    expect(report.documents.updated).toBe(1);
    const entries = await db.query<{ kind: string; fields: unknown }>('SELECT kind, fields FROM "change" WHERE seq > $1 ORDER BY seq', [
      seq,
    ]);
    expect(entries.map((e) => e.kind)).toEqual(['document.updated', 'document.version_added']);
    expect(entries[0].fields).toEqual({
      title: { from: 'Zákon o věci 1', to: 'Zákon o novele' },
      citation: { from: 'Zákon č. 1/2025 Sb., zákon o věci 1', to: 'Zákon č. 1/2025 Sb., zákon o novele' },
    });
  });
});
