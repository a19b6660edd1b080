import { sharedCorpusPath } from '@dp/db';
import { seedSharedCorpus } from '@dp/testing';
import { createHarness, type Harness } from './harness';

// Real documents from ../shared/corpus (present in CI; never committed). Only two records are
// imported, so the many edges of sb/2012/89 to other acts point outside this test's corpus.
const withCorpus = sharedCorpusPath() ? describe : describe.skip;

withCorpus('point-in-time reads on real corpus documents', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    await seedSharedCorpus(h.db, ['sb/1964/40', 'sb/2012/89']);
    key = (await h.newKey()).key;
  });
  afterAll(() => h.close());

  it('accepts the id, the natural key URL-encoded, and the natural key as plain path segments', async () => {
    const byId = await h.get('/v1/legal/documents/SB-1964-40', key);
    const encoded = await h.get('/v1/legal/documents/sb%2F1964%2F40', key);
    const plain = await h.get('/v1/legal/documents/sb/1964/40', key);
    for (const res of [byId, encoded, plain]) {
      expect(res.status).toBe(200);
      expect(res.body.data.document).toMatchObject({ id: 'SB-1964-40', natural_key: 'sb/1964/40', doc_number: '40/1964 Sb.' });
    }
  });

  it('sb/1964/40 on 1990-01-01 is the version then in force, and in force', async () => {
    const res = await h.get('/v1/legal/documents/sb%2F1964%2F40?at=1990-01-01&include=text,effectivity', key);
    expect(res.status).toBe(200);
    const doc = res.body.data.document;
    expect(doc.as_of).toBe('1990-01-01');
    expect(doc.status).toBe('in_force');
    expect(doc.version).toMatchObject({
      version: 5,
      valid_from: '1989-01-01',
      valid_to: '1990-03-29',
      is_current: false,
      text_available: false,
    });
    expect(doc.version.amended_by).toEqual({ natural_key: 'sb/1988/188', doc_number: '188/1988 Sb.' });
    // The source kept only a hash of that version's text: say so instead of showing today's text.
    expect(doc.text).toBeNull();
    expect(doc.text_unavailable_reason).toMatch(/hash/);
    expect(doc.effectivity).toMatchObject({ at: '1990-01-01', status: 'in_force', effective_from: '1964-04-01' });
    expect(doc.effectivity.next_change).toEqual({ date: '1990-03-29', kind: 'new_version', version: 6 });
  });

  it('sb/1964/40 today is its last version and no longer in force (repealed by sb/2012/89)', async () => {
    const res = await h.get('/v1/legal/documents/sb%2F1964%2F40?include=effectivity,versions', key);
    const doc = res.body.data.document;
    expect(doc.status).toBe('no_longer_in_force');
    expect(doc.version).toMatchObject({ version: 57, valid_from: '2013-01-01', is_current: true });
    expect(doc.versions).toHaveLength(57);
    expect(doc.effectivity).toMatchObject({
      status: 'no_longer_in_force',
      effective_to: '2014-01-01',
      effective_to_basis: 'inferred',
      repealed_by: [{ natural_key: 'sb/2012/89', doc_number: '89/2012 Sb.', id: 'SB-2012-89', in_corpus: true }],
    });
  });

  it('a version with kept text is shown with that text', async () => {
    const res = await h.get('/v1/legal/documents/sb%2F1964%2F40?at=1965-06-01&include=text', key);
    const doc = res.body.data.document;
    expect(doc.version.version).toBe(1);
    expect(doc.text).toBe('# Občanský zákoník\n');
  });

  it('published but before the first version: the document, not yet in force; before publication 404', async () => {
    const res = await h.get('/v1/legal/documents/sb%2F2012%2F89?at=2013-12-31', key);
    expect(res.status).toBe(200);
    expect(res.body.data.document).toMatchObject({ status: 'not_yet_in_force', version: null, text_available: false });
    const before = await h.get('/v1/legal/documents/sb%2F2012%2F89?at=2012-01-01', key);
    expect(before.status).toBe(404);
    expect(before.body.error.code).toBe('not_found');
    expect(before.body.error.details.reason).toBe('not_yet_published');
  });

  it('sb/2012/89 picks the version by date across its versions', async () => {
    const first = (await h.get('/v1/legal/documents/sb%2F2012%2F89?at=2014-01-01', key)).body.data.document;
    expect(first.version).toMatchObject({ version: 1, valid_from: '2014-01-01', valid_to: '2017-02-28' });
    const boundary = (await h.get('/v1/legal/documents/sb%2F2012%2F89?at=2017-02-28', key)).body.data.document;
    expect(boundary.version).toMatchObject({ version: 2, amended_by: { natural_key: 'sb/2016/460', doc_number: '460/2016 Sb.' } });
    const today = (await h.get('/v1/legal/documents/sb%2F2012%2F89', key)).body.data.document;
    expect(today.version).toMatchObject({ version: 17, valid_from: '2026-01-01', valid_to: null, is_current: true });
    expect(today.status).toBe('in_force');
  });

  it('pages through the current text with text_offset / text_limit', async () => {
    const first = (await h.get('/v1/legal/documents/sb%2F2012%2F89?include=text&text_limit=1000', key)).body.data.document;
    expect(first.text).toHaveLength(1000);
    expect(first.text_page).toEqual({ offset: 0, limit: 1000, returned_chars: 1000, total_chars: 1232196, next_offset: 1000 });
    const next = (
      await h.get(`/v1/legal/documents/sb%2F2012%2F89?include=text&text_offset=${first.text_page.next_offset}&text_limit=1000`, key)
    ).body.data.document;
    expect(next.text_page.offset).toBe(1000);
    const last = (await h.get('/v1/legal/documents/sb%2F2012%2F89?include=text&text_offset=1232000&text_limit=1000', key)).body.data
      .document;
    expect(last.text_page).toMatchObject({ returned_chars: 196, next_offset: null });
  });

  it('relations are readable from both ends, with targets outside the corpus kept', async () => {
    const incoming = await h.get('/v1/legal/documents/sb%2F1964%2F40/relations?direction=incoming', key);
    expect(incoming.status).toBe(200);
    const types = incoming.body.data.relations.map(
      (r: { type: string; document: { natural_key: string } }) => `${r.type}:${r.document.natural_key}`,
    );
    expect(types).toEqual(['cited_by:sb/2012/89', 'repealed_by:sb/2012/89']);

    const outgoing = await h.get('/v1/legal/documents/sb%2F2012%2F89/relations?direction=outgoing&types=repeals&limit=200', key);
    const repeals = outgoing.body.data.relations;
    expect(repeals).toHaveLength(37);
    const own = repeals.find((r: { document: { natural_key: string } }) => r.document.natural_key === 'sb/1964/40');
    expect(own.document).toMatchObject({ in_corpus: true, id: 'SB-1964-40', doc_number: '40/1964 Sb.' });
    const missing = repeals.filter((r: { document: { in_corpus: boolean } }) => !r.document.in_corpus);
    expect(missing).toHaveLength(36);
    for (const r of missing) {
      expect(r.document.id).toBeNull();
      expect(r.document.natural_key).toMatch(/^sb\/\d{4}\/\d+$/);
      expect(r.document.doc_number).toMatch(/Sb\.$/);
    }
  });

  it('paginates relations without repeating or skipping an edge', async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const res = await h.get(`/v1/legal/documents/sb%2F2012%2F89/relations?limit=25${q}`, key);
      expect(res.status).toBe(200);
      all.push(
        ...res.body.data.relations.map(
          (r: { direction: string; type: string; document: { natural_key: string } }) =>
            `${r.direction}:${r.type}:${r.document.natural_key}`,
        ),
      );
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(44 + 37 + 91 + 0); // outgoing amends + repeals + cites; nothing in this subset points at it
    const bad = await h.get('/v1/legal/documents/sb%2F2012%2F89/relations?cursor=not-a-cursor', key);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.errors[0].field).toBe('cursor');
  });
});
