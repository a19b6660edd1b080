import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTS_CHANGED, fillProvisions, importCorpusFile, PROVISION_TREE_FORMAT } from '@dp/db';
import { amendThingAct, enactedOnlyRecord, eventually, THING_ACT_V1, versionedRecord } from '@dp/testing';
import { createHarness, errorFields, type Harness } from './harness';

// #24 items 2-3: the table of contents on a day, one provision, its history and the differences
// between versions, read from the trees the import stored; item 1's rule throughout (a day before
// a version's text gets no text and no structure, but the reason and e-Sbírka).

const V1 = THING_ACT_V1;
const V3 = amendThingAct('Účinnost dnem vyhlášení.');
const LABOUR = '# Zákoník práce\n\n##### § 52\n\n- g) porušuje-li zaměstnanec povinnosti.\n';

const records = [
  versionedRecord('sb/2010/5', {
    title: 'Zákon o věci 5',
    text: V3,
    published: '2010-01-01',
    eli: '/eli/cz/sb/2010/5',
    versions: [
      { from: '2010-01-01', text: V1 },
      { from: '2012-01-01', amendedBy: 'sb/2011/1', extra: { text_omitted: 'size budget' } },
      { from: '2014-01-01', amendedBy: 'sb/2013/2' },
    ],
  }),
  // The Labour Code's shape: one version from 2007 whose only text is that of 2026-01-01.
  enactedOnlyRecord('sb/2006/262', {
    title: 'Zákoník práce',
    text: LABOUR,
    published: '2006-06-07',
    from: '2007-01-01',
    currentFrom: '2026-01-01',
  }),
  // A title-only file: a document without provisions.
  enactedOnlyRecord('sb/1963/99', {
    title: 'Občanský soudní řád',
    text: '# Občanský soudní řád\n',
    published: '1963-12-04',
    from: '1964-04-01',
  }),
];

describe('provisions: table of contents, one provision, history, diff', () => {
  let h: Harness;
  let key: string;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    h = await createHarness();
    dir = mkdtempSync(join(tmpdir(), 'dp-provisions-'));
    file = join(dir, 'corpus.jsonl');
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    await importCorpusFile(h.db, file);
    key = (await h.newKey()).key;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  const ok = async (path: string) => {
    const res = await h.get(path, key);
    expect({ path, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({ path, status: 200, body: null });
    return res.body.data;
  };

  it('the table of contents of today, by any form of the document id, in pages that add up to the whole', async () => {
    const whole = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions');
    expect(whole.version).toMatchObject({ version: 3, is_current: true });
    expect(whole.text_available).toBe(true);
    expect(whole.provisions.map((p: { id: string }) => p.id)).toEqual([
      'cast_1',
      'par_1',
      'par_1/odst_1',
      'par_1/odst_2',
      'par_1/odst_2/pism_a',
      'par_1/odst_2/pism_b',
      'par_2',
      'par_4',
    ]);
    expect(whole.provisions[1]).toEqual({
      id: 'par_1',
      kind: 'section',
      label: '§ 1',
      heading: 'Předmět',
      parent: 'cast_1',
      depth: 2,
      start: V3.indexOf('##### § 1'),
      end: V3.indexOf('##### § 2'),
      repealed: false,
      text_status: 'current',
    });
    expect(whole.provisions.find((p: { id: string }) => p.id === 'par_2').repealed).toBe(true);
    expect(whole).toMatchObject({ total: 8, has_more: false, next_cursor: null, parse: { unparsed_count: 0 } });
    for (const ref of ['sb/2010/5', 'SB-2010-5', '5%2F2010%20Sb.', 'eli/cz/sb/2010/5']) {
      expect((await ok(`/v1/legal/documents/${ref}/provisions`)).provisions).toEqual(whole.provisions);
    }

    const ids: string[] = [];
    let path = '/v1/legal/documents/sb%2F2010%2F5/provisions?limit=3';
    for (let pages = 0; pages < 10; pages++) {
      const page = await ok(path);
      ids.push(...page.provisions.map((p: { id: string }) => p.id));
      if (!page.has_more) break;
      path = `/v1/legal/documents/sb%2F2010%2F5/provisions?limit=3&cursor=${page.next_cursor}`;
    }
    expect(ids).toEqual(whole.provisions.map((p: { id: string }) => p.id));

    const top = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions?depth=2&limit=2');
    expect(top.provisions.map((p: { id: string }) => p.id)).toEqual(['cast_1', 'par_1']);
    expect(top.total).toBe(4);
    // A cursor of another depth (or day) is not this list's.
    const bad = await h.get(`/v1/legal/documents/sb%2F2010%2F5/provisions?depth=1&cursor=${top.next_cursor}`, key);
    expect(bad.status).toBe(400);
    expect(errorFields(bad)).toEqual(['cursor']);
  });

  it('an earlier day shows that version’s contents; a day before the version’s text shows none and says why', async () => {
    const past = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions?at=2011-06-01');
    expect(past.version).toMatchObject({ version: 1, is_current: false });
    expect(past.provisions.map((p: { id: string }) => p.id)).toContain('par_3');

    const hashOnly = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions?at=2013-01-01');
    expect(hashOnly).toMatchObject({ text_available: false, provisions: [], parse: null, text_unavailable: { reason: 'hash_only' } });

    // #35: the source's one text of the Labour Code is the act as enacted, of its version's first
    // day, whatever later day its source URL names: a later day shows it, dated as it is.
    const labour = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions?at=2015-06-01');
    expect(labour).toMatchObject({ text_available: true, text_unavailable: null, version: { text_as_of: '2007-01-01' } });
    expect(labour.provisions.map((p: { id: string }) => p.id)).toContain('par_52/pism_g');
    const none = await ok('/v1/legal/documents/sb%2F1963%2F99/provisions');
    expect(none).toMatchObject({ text_available: true, provisions: [], total: 0, parse: { unparsed_count: 0 } });
  });

  it('one provision at any depth, its id raw or percent-encoded: text, containers, neighbours, links', async () => {
    const raw = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/odst_2/pism_b');
    const encoded = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions/par_1%2Fodst_2%2Fpism_b');
    expect(encoded).toEqual(raw);
    const p = raw.provision;
    expect(p).toMatchObject({ id: 'par_1/odst_2/pism_b', kind: 'letter', label: '§ 1 odst. 2 písm. b)', depth: 4 });
    expect(p.text).toBe('- b) nemovitá věc, a to i budoucí.\n\n');
    expect(p.containers.map((c: { id: string }) => c.id)).toEqual(['cast_1', 'par_1', 'par_1/odst_2']);
    expect(p.prev).toMatchObject({ id: 'par_1/odst_2/pism_a', label: '§ 1 odst. 2 písm. a)' });
    expect(p.next).toBeNull();
    expect(raw.links).toEqual({
      document: 'http://api.test/v1/legal/documents/sb%2F2010%2F5',
      provisions: 'http://api.test/v1/legal/documents/sb%2F2010%2F5/provisions',
      self: 'http://api.test/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/odst_2/pism_b',
      history: 'http://api.test/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/odst_2/pism_b/history',
      e_sbirka: 'https://e-sbirka.gov.cz/eli/cz/sb/2010/5',
    });

    const section = (await ok('/v1/legal/documents/sb%2F2010%2F5/provisions/par_1?text_limit=20')).provision;
    expect(section.text).toBe(V3.slice(V3.indexOf('##### § 1'), V3.indexOf('##### § 1') + 20));
    expect(section.text_page).toMatchObject({ offset: 0, returned_chars: 20, next_offset: 20 });
    expect(section.children.map((c: { id: string }) => c.id)).toEqual(['par_1/odst_1', 'par_1/odst_2']);
    expect(section.prev).toBeNull();
    expect(section.next).toMatchObject({ id: 'par_2' });

    // On a day of version 1, that version's text of § 3 (which version 3 removed).
    const old = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions/par_3?at=2011-06-01');
    expect(old.provision.text).toBe('##### § 3\n\nLhůta je 10 dní.\n');
    expect(old.version).toMatchObject({ version: 1 });
    expect(old.links.e_sbirka).toBe('https://e-sbirka.gov.cz/eli/cz/sb/2010/5/2011-06-01');
  });

  it('an unknown provision is a 404 naming the nearest ones; a text is dated by what it is', async () => {
    const missing = await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions/par_3', key);
    expect(missing.status).toBe(404);
    expect(missing.body.error.details.nearest.map((n: { id: string }) => n.id)).toEqual(['par_2', 'par_4', 'par_1']);
    const deep = await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/odst_2/pism_c', key);
    expect(deep.status).toBe(404);
    expect(deep.body.error.details.nearest.map((n: { id: string }) => n.id).slice(0, 3)).toEqual([
      'par_1/odst_2',
      'par_1/odst_2/pism_b',
      'par_1/odst_2/pism_a',
    ]);
    expect(deep.body.error.details.nearest[0].label).toBe('§ 1 odst. 2');

    const labour = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_52/pism_g?at=2015-06-01');
    expect(labour).toMatchObject({
      provision: { label: '§ 52 písm. g)' },
      text_available: true,
      version: { valid_from: '2007-01-01', text_as_of: '2007-01-01' },
      links: { e_sbirka: 'https://e-sbirka.gov.cz/eli/cz/sb/2006/262/2015-06-01' },
    });
    const today = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_52/pism_g');
    expect(today.provision).toMatchObject({ label: '§ 52 písm. g)', text: '- g) porušuje-li zaměstnanec povinnosti.\n' });
  });

  it('history: every version that added, changed, repealed or removed the provision, with its amending act', async () => {
    const changed = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/odst_2/pism_b/history');
    expect(changed.provision).toEqual({ id: 'par_1/odst_2/pism_b', kind: 'letter', label: '§ 1 odst. 2 písm. b)', heading: null });
    expect(changed.history).toEqual([
      {
        version: 1,
        valid_from: '2010-01-01',
        valid_to: '2012-01-01',
        text_as_of: '2010-01-01',
        change: 'added',
        compared_with: null,
        amended_by: null,
        provision_url: 'http://api.test/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/odst_2/pism_b?at=2010-01-01',
        e_sbirka: 'https://e-sbirka.gov.cz/eli/cz/sb/2010/5/2010-01-01',
      },
      {
        version: 3,
        valid_from: '2014-01-01',
        valid_to: null,
        text_as_of: '2014-01-01',
        change: 'changed',
        compared_with: 1,
        amended_by: { natural_key: 'sb/2013/2', doc_number: '2/2013 Sb.' },
        provision_url: 'http://api.test/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/odst_2/pism_b?at=2014-01-01',
        e_sbirka: 'https://e-sbirka.gov.cz/eli/cz/sb/2010/5/2014-01-01',
      },
    ]);
    expect(changed.versions_without_text).toEqual([2]);
    const changes = async (id: string) =>
      (await ok(`/v1/legal/documents/sb%2F2010%2F5/provisions/${id}/history`)).history.map((e: { version: number; change: string }) => [
        e.version,
        e.change,
      ]);
    expect(await changes('par_1/odst_1')).toEqual([[1, 'added']]);
    expect(await changes('par_2')).toEqual([
      [1, 'added'],
      [3, 'repealed'],
    ]);
    expect(await changes('par_3')).toEqual([
      [1, 'added'],
      [3, 'removed'],
    ]);
    expect(await changes('par_4')).toEqual([[3, 'added']]);
    const removed = await ok('/v1/legal/documents/sb%2F2010%2F5/provisions/par_3/history');
    expect(removed.provision.label).toBe('§ 3');
    expect(removed.history[1].provision_url).toBeNull();
    const unknown = await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions/par_9/history', key);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.details.nearest.length).toBeGreaterThan(0);
  });

  it('diff: provisions added, removed, repealed and changed between two days, with word runs; unified as text', async () => {
    const d = await ok('/v1/legal/documents/sb%2F2010%2F5/diff?from=2011-01-01&to=2015-01-01');
    expect(d.from).toMatchObject({ day: '2011-01-01', version: { version: 1 }, text_available: true });
    expect(d.to).toMatchObject({ day: '2015-01-01', version: { version: 3 }, text_available: true });
    expect(d.summary).toEqual({ added: 1, removed: 1, repealed: 1, changed: 2 });
    expect(d.added.map((p: { id: string }) => p.id)).toEqual(['par_4']);
    expect(d.removed.map((p: { id: string }) => p.id)).toEqual(['par_3']);
    expect(d.repealed.map((p: { id: string }) => p.id)).toEqual(['par_2']);
    expect(d.changed.map((p: { id: string }) => p.id)).toEqual(['par_1', 'par_2']);
    const words = d.changed[0].words;
    expect(d.changed[0].words_complete).toBe(true);
    expect(
      words
        .filter((w: { op: string }) => w.op === 'insert')
        .map((w: { text: string }) => w.text)
        .join(''),
    ).toContain('a to i budoucí');
    const oldText = V1.slice(V1.indexOf('##### § 1'), V1.indexOf('##### § 2'));
    const insert = words.find((w: { op: string }) => w.op === 'insert');
    expect(oldText.slice(0, insert.old_offset)).toContain('nemovitá věc');
    expect(d.changed[1]).toMatchObject({ id: 'par_2', repealed: true });
    expect(d.changed[1].words.map((w: { op: string; text: string }) => [w.op, w.text.trim()])).toEqual([
      ['delete', 'Pojmy.'],
      ['insert', '(zrušeno)'],
    ]);

    const one = await ok('/v1/legal/documents/sb%2F2010%2F5/diff?from=2011-01-01&to=2015-01-01&provision=par_1/odst_2/pism_b');
    expect(one.changed.map((p: { id: string }) => p.id)).toEqual(['par_1/odst_2/pism_b']);
    expect(one.added).toEqual([]);
    const paged = await ok('/v1/legal/documents/sb%2F2010%2F5/diff?from=2011-01-01&to=2015-01-01&limit=1');
    expect(paged.changed.map((p: { id: string }) => p.id)).toEqual(['par_1']);
    const rest = await ok(`/v1/legal/documents/sb%2F2010%2F5/diff?from=2011-01-01&to=2015-01-01&limit=1&cursor=${paged.next_cursor}`);
    expect(rest.changed.map((p: { id: string }) => p.id)).toEqual(['par_2']);
    expect(rest.has_more).toBe(false);

    const unified = await h.http
      .get('/v1/legal/documents/sb%2F2010%2F5/diff?from=2011-01-01&to=2015-01-01&format=unified')
      .set('Authorization', `Bearer ${key}`);
    expect(unified.status).toBe(200);
    expect(unified.headers['content-type']).toMatch(/^text\/plain/);
    expect(unified.text).toContain('--- sb/2010/5/par_3\tversion 1 (in force from 2010-01-01, text as of 2010-01-01)');
    expect(unified.text).toContain('-Lhůta je 10 dní.');
    expect(unified.text).toContain('+- b) nemovitá věc, a to i budoucí.');
    expect(unified.text).toContain('+Účinnost dnem vyhlášení.');

    // A side whose text the database does not hold: no difference, and why.
    const hashOnly = await ok('/v1/legal/documents/sb%2F2010%2F5/diff?from=2013-01-01&to=2015-01-01');
    expect(hashOnly).toMatchObject({
      summary: null,
      changed: [],
      from: { text_available: false, text_unavailable: { reason: 'hash_only' } },
    });
    // One version on both days (the act as enacted, #35): nothing changed between them.
    const labour = await ok('/v1/legal/documents/sb%2F2006%2F262/diff?from=2015-01-01&to=2026-06-01');
    expect(labour).toMatchObject({ from: { text_available: true }, to: { text_available: true }, changed: [] });
  });

  it('the changes feed’s version_added entry names the provisions the version changed (item 6)', async () => {
    const filters = encodeURIComponent(JSON.stringify({ kinds: ['document.version_added'] }));
    // The feed holds back rows newer than the oldest transaction still open on the server (any
    // database's: other work may run beside this test), so it is polled until they show.
    const added = await eventually(
      async () => {
        const feed = await ok(`/v1/legal/changes?since=2000-01-01T00:00:00Z&limit=500&filters=${filters}`);
        const mine = feed.changes.filter((c: { document: { natural_key: string } }) => c.document.natural_key === 'sb/2010/5');
        return mine.length === 3 ? mine : undefined;
      },
      { what: 'the version_added entries in the feed', timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(added.map((c: { version: { version: number } }) => c.version.version)).toEqual([1, 2, 3]);
    expect(added[0].version.provisions).toBeUndefined(); // the first version: nothing to compare with
    expect(added[1].version.provisions).toBeUndefined(); // no text (hash only)
    expect(added[2].version.provisions).toEqual({
      compared_with: 1,
      added: ['par_4'],
      changed: ['par_1', 'par_1/odst_2', 'par_1/odst_2/pism_b'],
      repealed: ['par_2'],
      removed: ['par_3'],
      counts: { added: 1, changed: 3, repealed: 1, removed: 1 },
      truncated: false,
    });
  }, 150_000);

  it('bad input: a clear 400 or 404, never a 500; calls are metered and need a key', async () => {
    const noDays = await h.get('/v1/legal/documents/sb%2F2010%2F5/diff', key);
    expect(noDays.status).toBe(400);
    expect(errorFields(noDays)).toEqual(['from', 'to']);
    expect((await h.get('/v1/legal/documents/sb%2F2010%2F5/diff?from=2011-01-01&to=2015-01-01&provision=par_77', key)).status).toBe(404);
    expect((await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions?depth=0', key)).status).toBe(400);
    expect((await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions?include=text', key)).status).toBe(400);
    expect((await h.get(`/v1/legal/documents/sb%2F2010%2F5/provisions/${'x'.repeat(400)}`, key)).status).toBe(400);
    expect((await h.get('/v1/legal/documents/sb%2F2099%2F1/provisions', key)).status).toBe(404);
    expect((await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions?at=2009-01-01', key)).status).toBe(404); // not yet published
    expect((await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions')).status).toBe(401);
  });

  it('a version with a text whose tree is not built yet: 503, never a parse per request, until a sync fills it', async () => {
    await h.db.query(`UPDATE document_version SET provisions = NULL, provisions_format = NULL WHERE document_id = 'SB-1963-99'`);
    await h.state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
    const waiting = await eventually(
      async () => {
        const res = await h.get('/v1/legal/documents/sb%2F1963%2F99/provisions', key);
        return res.status === 503 ? res : undefined;
      },
      { what: 'the cached document to be dropped' },
    );
    expect(waiting.body.error.code).toBe('unavailable');
    expect(await fillProvisions(h.db)).toEqual({ documents: 1, versions: 1 });
    await h.state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
    await eventually(async () => ((await h.get('/v1/legal/documents/sb%2F1963%2F99/provisions', key)).status === 200 ? true : undefined), {
      what: 'the filled tree to be served',
    });
  });

  it('a re-import of the same file builds the trees an older database lacks, without a sync', async () => {
    // As a database written before trees were stored (version 1) or by an older parser (version 3).
    await h.db.query(
      `UPDATE document_version SET provisions = NULL, provisions_format = NULL WHERE document_id = 'SB-2010-5' AND version = 1`,
    );
    await h.db.query(`UPDATE document_version SET provisions_format = $1 WHERE document_id = 'SB-2010-5' AND version = 3`, [
      PROVISION_TREE_FORMAT - 1,
    ]);
    await h.state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
    await eventually(
      async () => ((await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions?at=2011-06-01', key)).status === 503 ? true : undefined),
      { what: 'the cached document to be dropped' },
    );

    const report = await importCorpusFile(h.db, file);
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: records.length, changes: 0, failed: [], provisions_filled: 2 });
    const stored = await h.db.query<{ version: number; format: number | null; from: number | null }>(
      `SELECT version, provisions_format AS format, (provision_changes->>'from')::int AS "from"
       FROM document_version WHERE document_id = 'SB-2010-5' AND provisions IS NOT NULL ORDER BY version`,
    );
    expect(stored).toEqual([
      { version: 1, format: PROVISION_TREE_FORMAT, from: null },
      { version: 3, format: PROVISION_TREE_FORMAT, from: 1 },
    ]);

    await h.state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
    const past = await eventually(
      async () => {
        const res = await h.get('/v1/legal/documents/sb%2F2010%2F5/provisions?at=2011-06-01', key);
        return res.status === 200 ? res.body.data : undefined;
      },
      { what: 'the filled tree to be served' },
    );
    expect(past.provisions.map((p: { id: string }) => p.id)).toContain('par_3');
    expect((await ok('/v1/legal/documents/sb%2F2010%2F5/provisions/par_3/history')).history.length).toBeGreaterThan(0);
    // Complete now: the next import has nothing to fill.
    expect(await importCorpusFile(h.db, file)).toMatchObject({ unchanged: records.length, provisions_filled: 0 });
  });

  it('each read costs 1 unit under its own operation; a failed one costs nothing', async () => {
    const { key: own } = await h.newKey();
    for (const path of [
      '/v1/legal/documents/sb%2F2010%2F5/provisions',
      '/v1/legal/documents/sb%2F2010%2F5/provisions/par_1',
      '/v1/legal/documents/sb%2F2010%2F5/provisions/par_1/history',
      '/v1/legal/documents/sb%2F2010%2F5/diff?from=2011-01-01&to=2015-01-01',
      '/v1/legal/documents/sb%2F2010%2F5/provisions/par_404',
    ]) {
      await h.get(path, own);
    }
    const usage = (await h.get('/v1/usage', own)).body.data;
    const byOp = Object.fromEntries(
      usage.by_operation.map((o: { operation: string; units: number; requests: number }) => [o.operation, o]),
    );
    expect(usage.units.used).toBe(4);
    expect(byOp['documents.provisions']).toMatchObject({ requests: 1, units: 1 });
    expect(byOp['documents.provision']).toMatchObject({ requests: 2, units: 1 });
    expect(byOp['documents.provision_history']).toMatchObject({ requests: 1, units: 1 });
    expect(byOp['documents.diff']).toMatchObject({ requests: 1, units: 1 });
  });
});
