import { nameKey } from '@dp/core';
import { backfillSearchAliases, searchAliasesOf, syncRepository } from '@dp/db';
import {
  bootstrapMessage,
  createTestDatabase,
  createTinyRepo,
  docFile,
  importTestRecords,
  testRecord,
  type TestDatabase,
  type TestRecordOptions,
  type TinyRepo,
} from '@dp/testing';

// #25: the search signals are written with the documents and edges, by the import and by the sync,
// and an existing database gets them from the backfill.

const record = (n: number, title: string, text: string, relations: TestRecordOptions['relations'] = []) =>
  testRecord(`sb/2093/${n}`, { title, text, relations, citation: `Zákon č. ${n}/2093 Sb., ${title}` });
const edge = (type: 'amends' | 'cites', n: number) => ({ type, target: `sb/2093/${n}`, target_doc_number: `${n}/2093 Sb.` });

const CODE_TEXT =
  '# Zákon trestní zákoník\n\n##### § 205\n\n#### Krádež\n\n(1) Kdo si přisvojí cizí věc.\n\n##### § 206\n\n#### Zpronevěra\n\nText.\n';
const AMENDING_TEXT =
  '# Zákon, kterým se mění zákon č. 1/2093 Sb.\n\n##### Čl. I\n\nV zákoně se za § 205 vkládá\n\n„##### § 205a\n\n#### Loupež\n\nText.“\n';

describe('search signals', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await importTestRecords(db, [
      record(1, 'Zákon o úpadku a způsobech jeho řešení (insolvenční zákon)', CODE_TEXT),
      record(2, 'Zákon, kterým se mění zákon č. 1/2093 Sb., o úpadku a způsobech jeho řešení (insolvenční zákon)', AMENDING_TEXT, [
        edge('amends', 1),
        edge('cites', 3),
      ]),
      record(3, 'Zákon o bankách', 'Text.', [edge('cites', 1)]),
    ]);
  });
  afterAll(() => db.destroy());

  const aliases = () =>
    db.query<{ document_id: string; target_key: string; kind: string; key: string }>(
      'SELECT document_id, target_key, kind, key FROM "search_alias" ORDER BY document_id, target_key, kind, key',
    );
  const degree = async (n: number) =>
    (
      await db.query<{ amended_by: number; cited_by: number }>(
        'SELECT amended_by, cited_by FROM "search_in_degree" WHERE target_key = $1',
        [`sb/2093/${n}`],
      )
    )[0] ?? null;

  it('reads short names, the names citing titles give, and § headings (not quoted ones)', () => {
    const of = (n: number) => searchAliasesOf({ naturalKey: `sb/2093/${n}`, title: record(n, '', '').title, citation: null, text: '' });
    expect(of(1)).toEqual([]);
    const code = searchAliasesOf({ naturalKey: 'sb/2093/1', title: 'Zákon o úpadku (insolvenční zákon)', citation: null, text: CODE_TEXT });
    expect(code).toEqual([
      { targetKey: 'sb/2093/1', kind: 'short', key: nameKey('insolvenční zákon') },
      { targetKey: 'sb/2093/1', kind: 'heading', key: 'kradez' },
      { targetKey: 'sb/2093/1', kind: 'heading', key: 'zpronever' },
    ]);
    const amending = searchAliasesOf({
      naturalKey: 'sb/2093/2',
      title: 'Zákon, kterým se mění zákon č. 21/1992 Sb., o bankách',
      citation: null,
      text: AMENDING_TEXT,
    });
    // Its parentheses and quoted headings are the amended act's; its subject is the name it uses.
    expect(amending).toEqual([{ targetKey: 'sb/1992/21', kind: 'cited', key: 'bank' }]);
  });

  it('writes them with each imported document, in its transaction', async () => {
    expect(await aliases()).toEqual([
      { document_id: 'SB-2093-1', target_key: 'sb/2093/1', kind: 'heading', key: 'kradez' },
      { document_id: 'SB-2093-1', target_key: 'sb/2093/1', kind: 'heading', key: 'zpronever' },
      { document_id: 'SB-2093-1', target_key: 'sb/2093/1', kind: 'short', key: 'insolvencn' },
      { document_id: 'SB-2093-2', target_key: 'sb/2093/1', kind: 'cited', key: 'insolvencn' },
      { document_id: 'SB-2093-2', target_key: 'sb/2093/1', kind: 'cited', key: nameKey('o úpadku a způsobech jeho řešení') },
    ]);
  });

  it('counts the edges into each act as they are written and deleted', async () => {
    expect(await degree(1)).toEqual({ amended_by: 1, cited_by: 1 });
    expect(await degree(3)).toEqual({ amended_by: 0, cited_by: 1 });
    // Re-import without the edges: the counts follow.
    await importTestRecords(db, [record(2, 'Zákon, kterým se mění zákon č. 1/2093 Sb., o úpadku (insolvenční zákon)', AMENDING_TEXT)]);
    expect(await degree(1)).toEqual({ amended_by: 0, cited_by: 1 });
    expect(await degree(3)).toEqual({ amended_by: 0, cited_by: 0 });
    await db.exec(`DELETE FROM "document" WHERE id = 'SB-2093-3'`);
    expect(await degree(1)).toEqual({ amended_by: 0, cited_by: 0 });
    await importTestRecords(db, [record(3, 'Zákon o bankách', 'Text.', [edge('cites', 1)])]);
    expect(await degree(1)).toEqual({ amended_by: 0, cited_by: 1 });
    await db.exec('TRUNCATE "document_relation"');
    expect(await degree(1)).toBeNull();
  });

  it('backfills the documents written before the signals existed, and only those', async () => {
    await db.exec(`DELETE FROM "search_alias"; DELETE FROM "search_alias_source" WHERE document_id = 'SB-2093-1'`);
    expect(await backfillSearchAliases(db)).toBe(1);
    expect((await aliases()).map((a) => `${a.document_id} ${a.kind} ${a.key}`)).toEqual([
      'SB-2093-1 heading kradez',
      'SB-2093-1 heading zpronever',
      'SB-2093-1 short insolvencn',
    ]);
    expect(await backfillSearchAliases(db)).toBe(0);
  });

  describe('sync', () => {
    let repo: TinyRepo;
    let synced: TestDatabase;
    beforeAll(async () => {
      synced = await createTestDatabase();
      repo = createTinyRepo();
      repo.commit(
        'cz/SB-2094-7.md',
        docFile({ id: 'SB-2094-7', title: 'Zákon o úpadku (insolvenční zákon)' }, CODE_TEXT),
        bootstrapMessage('SB-2094-7', '2094-01-01'),
        '2094-01-01',
      );
    });
    afterAll(async () => {
      repo.destroy();
      await synced.destroy();
    });

    it('writes them with each synced document, and backfills the ones stored before', async () => {
      await syncRepository(synced, repo.dir, { today: '2094-06-01' });
      const rows = () => synced.query<{ kind: string; key: string }>('SELECT kind, key FROM "search_alias" ORDER BY kind, key');
      expect(await rows()).toEqual([
        { kind: 'heading', key: 'kradez' },
        { kind: 'heading', key: 'zpronever' },
        { kind: 'short', key: 'insolvencn' },
      ]);
      // A database from before the migration: the next sync (with nothing new) writes them.
      await synced.exec('DELETE FROM "search_alias"; DELETE FROM "search_alias_source"');
      await syncRepository(synced, repo.dir, { today: '2094-06-01' });
      expect(await rows()).toHaveLength(3);
    });
  });
});
