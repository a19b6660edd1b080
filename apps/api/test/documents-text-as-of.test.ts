import { MISSING_BLOB_REASON } from '@dp/db';
import { testRecord, type TestRecordOptions } from '@dp/testing';
import { createHarness, type Harness } from './harness';

// Honest versions (#24 item 1, #35 item 1): a read at a day shows the text of that day or says why
// it cannot. The records have the shapes of the real collection: the Labour Code (one version
// dated 2007 holding the act as enacted, under a source URL of 2026-01-01), an act with a real
// history (every file under the newest version's URL date), a version kept as a hash only.

const record = (n: number, o: TestRecordOptions) => testRecord(`sb/2006/${n}`, o);

const ENACTED_TEXT = '# Zákoník\n\n##### § 1\n\nZnění ke dni účinnosti.\n';

const records = [
  // One version from 2007-01-01: the act as enacted, under a source URL dated 2026-01-01.
  record(262, {
    dates: { published: '2006-06-07', effective_from: '2007-01-01', current_version_from: '2026-01-01' },
    text: ENACTED_TEXT,
    versions: [{ version: 1, valid_from: '2007-01-01', valid_to: null, kind: 'bootstrap', text: null, text_is_current: true }],
  }),
  // A history: each version's text is of its own day, though every file names the newest date.
  record(89, {
    dates: { published: '2006-03-22', effective_from: '2008-01-01', current_version_from: '2012-01-01' },
    text: 'v3',
    versions: [
      { version: 1, valid_from: '2008-01-01', valid_to: '2010-01-01', kind: 'bootstrap', text: 'v1' },
      { version: 2, valid_from: '2010-01-01', valid_to: '2012-01-01', kind: 'reform', text: null, text_omitted: 'size budget' },
      { version: 3, valid_from: '2012-01-01', valid_to: null, kind: 'reform', text: null, text_is_current: true },
    ],
  }),
  // The source URL lags behind the newest version it lists (sb/2009/40's shape).
  record(7, {
    dates: { published: '2006-01-01', effective_from: '2006-02-01', current_version_from: '2026-01-01' },
    text: 'v2',
    versions: [
      { version: 1, valid_from: '2006-02-01', valid_to: '2026-06-12', kind: 'bootstrap', text: 'v1' },
      { version: 2, valid_from: '2026-06-12', valid_to: null, kind: 'reform', text: null, text_is_current: true },
    ],
  }),
  // Both files missing from the source repository (sb/1998/1's shape).
  record(1, {
    dates: { published: '1998-01-01', effective_from: '1998-01-01', current_version_from: '2001-01-01' },
    text: '',
    versions: [
      { version: 1, valid_from: '1998-01-01', valid_to: '2001-01-01', kind: 'bootstrap', text: null, text_omitted: MISSING_BLOB_REASON },
      { version: 2, valid_from: '2001-01-01', valid_to: null, kind: 'reform', text: null, text_omitted: MISSING_BLOB_REASON },
    ],
  }),
];

describe('a read at a day shows the text of that day, or says why not', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness({ records });
    key = (await h.newKey()).key;
  });
  afterAll(() => h.close());

  const doc = async (path: string) => {
    const res = await h.get(path, key);
    expect(res.status).toBe(200);
    return res.body.data.document;
  };

  it('the one text of a document is the act as enacted: dated at its version start, shown on later days (#35)', async () => {
    for (const at of ['2007-01-01', '2010-06-01', '2026-02-01']) {
      const d = await doc(`/v1/legal/documents/sb%2F2006%2F262?at=${at}&include=text`);
      expect(d.version).toMatchObject({ version: 1, valid_from: '2007-01-01', text_as_of: '2007-01-01' });
      expect(d.text).toBe(ENACTED_TEXT);
      expect(d.text_available).toBe(true);
      expect(d.text_unavailable).toBeNull();
    }
    const bare = await doc('/v1/legal/documents/sb%2F2006%2F262?include=text');
    expect(bare.version.text_as_of).toBe('2007-01-01');
  });

  it('current_version_from is the current version start, whatever date the source URL names', async () => {
    const d = await doc('/v1/legal/documents/sb%2F2006%2F7');
    expect(d.dates.current_version_from).toBe('2026-06-12');
    expect(d.version).toMatchObject({ version: 2, valid_from: '2026-06-12', text_as_of: '2026-06-12', is_current: true });
  });

  it('a version whose file the source lacks says so, today and on a past day', async () => {
    for (const path of ['/v1/legal/documents/sb%2F2006%2F1?include=text', '/v1/legal/documents/sb%2F2006%2F1?at=2000-06-01&include=text']) {
      const d = await doc(path);
      expect(d.text).toBeNull();
      expect(d.text_unavailable.reason).toBe('source_file_missing');
    }
  });

  it('a real history: each version is the text of its own day', async () => {
    const d = await doc('/v1/legal/documents/sb%2F2006%2F89?at=2009-01-01&include=text,versions');
    expect(d.text).toBe('v1');
    expect(d.versions.map((v: { text_as_of: string }) => v.text_as_of)).toEqual(['2008-01-01', '2010-01-01', '2012-01-01']);
    const hashOnly = await doc('/v1/legal/documents/sb%2F2006%2F89?at=2011-01-01&include=text');
    expect(hashOnly.text).toBeNull();
    expect(hashOnly.text_unavailable.reason).toBe('hash_only');
  });

  it('published but not yet in force: the document that day, no version, no text; before publication a 404', async () => {
    const d = await doc('/v1/legal/documents/sb%2F2006%2F89?at=2007-06-01&include=text,effectivity');
    expect(d).toMatchObject({ as_of: '2007-06-01', status: 'not_yet_in_force', version: null, text: null, text_available: false });
    expect(d.text_unavailable.reason).toBe('not_yet_in_force');
    expect(d.effectivity).toMatchObject({ status: 'not_yet_in_force', version_in_force: null });
    const before = await h.get('/v1/legal/documents/sb%2F2006%2F89?at=2006-01-01', key);
    expect(before.status).toBe(404);
    expect(before.body.error.details).toMatchObject({ reason: 'not_yet_published', published: '2006-03-22' });
  });
});
