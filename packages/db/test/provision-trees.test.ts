import { createHash } from 'node:crypto';
import {
  buildProvisionTree,
  changeProvisions,
  compareProvisionTrees,
  decodeProvisionTree,
  encodeProvisionTree,
  importCorpusFile,
  MAX_EVENT_PROVISION_IDS,
  PROVISION_TREE_FORMAT,
  syncRepository,
  type ProvisionChanges,
} from '@dp/db';
import { createTestDatabase, writeJsonl, type TestDatabase } from './corpus-helpers';
import {
  amendThingAct,
  bootstrapMessage,
  createTinyRepo,
  docFile,
  reformMessage,
  repositoryHistoryRecord,
  testRecord,
  THING_ACT_V1,
  type TinyRepo,
} from '@dp/testing';

// #24 item 2: every version's provision tree is stored when the version is written (import and
// sync), with what it changed against the previous version with a tree; a sync over a database
// written before trees existed fills them in.

const TODAY = '2026-06-01';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const V1 = THING_ACT_V1;
// § 1 odst. 2 písm. b) changed, § 2 repealed (a "zrušeno" stub), § 3 removed, § 4 added.
const V2 = amendThingAct('Účinnost.');
// Untidy shapes: no headings at all, a title-only file, duplicated § numbers.
const NO_HEADINGS = 'Vláda nařizuje:\n\nToto nařízení nabývá účinnosti dnem vyhlášení.\n';
const TITLE_ONLY = '# Vyhláška o něčem\n';
const DUPLICATES = '##### § 1\n\nPrvní.\n\n##### § 1\n\nDruhý se stejným číslem.\n';

describe('provision trees (unit)', () => {
  it('an event lists at most 200 ids per kind of change, with the full counts', () => {
    const many = Array.from({ length: 250 }, (_, i) => `par_${i + 1}`);
    const p = changeProvisions({ from: 4, added: many, changed: ['cast_1', 'cast_1/hlava_2', 'par_1'], repealed: [], removed: [] });
    expect(p?.added).toHaveLength(MAX_EVENT_PROVISION_IDS);
    expect(p?.changed).toEqual(['par_1']);
    expect(p).toMatchObject({ compared_with: 4, counts: { added: 250, changed: 1, repealed: 0, removed: 0 }, truncated: true });
    expect(changeProvisions({ from: null, added: [], changed: [], repealed: [], removed: [] })).toBeUndefined();
  });

  it('round-trips a tree through its compact encoding, labels and ids included', () => {
    for (const text of [V1, V2, NO_HEADINGS, TITLE_ONLY, DUPLICATES, '']) {
      const tree = buildProvisionTree(text);
      expect(decodeProvisionTree(encodeProvisionTree(tree))).toEqual(tree);
    }
    const tree = buildProvisionTree(V1);
    expect(tree.nodes.map((n) => n.id)).toEqual([
      'cast_1',
      'par_1',
      'par_1/odst_1',
      'par_1/odst_2',
      'par_1/odst_2/pism_a',
      'par_1/odst_2/pism_b',
      'par_2',
      'par_3',
    ]);
    expect(tree.nodes.find((n) => n.id === 'par_1/odst_2/pism_b')?.label).toBe('§ 1 odst. 2 písm. b)');
    expect(tree.format).toBe(PROVISION_TREE_FORMAT);
  });

  it('untidy texts give trees without failing and say what they could not structure', () => {
    expect(buildProvisionTree(NO_HEADINGS).nodes).toEqual([]);
    expect(buildProvisionTree(TITLE_ONLY).nodes).toEqual([]);
    expect(buildProvisionTree(DUPLICATES).nodes.map((n) => n.id)).toEqual(['par_1', 'par_1~2']);
    const odd = buildProvisionTree('##### § 19 zní:\n\nnové znění\n\n##### § 20\n\nText.\n');
    expect(odd.parse.unparsedCount).toBe(1);
    expect(odd.parse.unparsed[0].reason).toMatch(/amendment instruction/);
    expect(odd.nodes.map((n) => n.id)).toEqual(['par_20']);
  });

  it('compares two trees: added, changed (up the tree), repealed, removed; whitespace is no change', () => {
    const a = buildProvisionTree(V1);
    const b = buildProvisionTree(V2);
    expect(compareProvisionTrees(a, b)).toEqual({
      added: ['par_4'],
      changed: ['cast_1', 'par_1', 'par_1/odst_2', 'par_1/odst_2/pism_b'],
      repealed: ['par_2'],
      removed: ['par_3'],
    });
    const rewrapped = buildProvisionTree(V1.replace('Tento zákon upravuje věci.', 'Tento zákon\nupravuje   věci.'));
    expect(compareProvisionTrees(a, rewrapped)).toEqual({ added: [], changed: [], repealed: [], removed: [] });
  });
});

interface StoredVersion {
  version: number;
  provisions: string | null;
  provisions_format: number | null;
  provision_changes: ProvisionChanges | null;
}

async function storedVersions(db: TestDatabase, naturalKey: string): Promise<StoredVersion[]> {
  return db.query<StoredVersion>(
    `SELECT v.version, v.provisions, v.provisions_format, v.provision_changes FROM document_version v
     JOIN document d ON d.id = v.document_id WHERE d.natural_key = $1 ORDER BY v.version`,
    [naturalKey],
  );
}

const idsOf = (v: StoredVersion) => (v.provisions === null ? null : decodeProvisionTree(v.provisions).nodes.map((n) => n.id));

describe('provision trees stored by the JSONL import', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.destroy());

  it('stores a tree for every version with a text (the current one from the record text), none for a hash-only one', async () => {
    const v3 = V2.replace('Účinnost.', 'Účinnost dnem vyhlášení.');
    const record = testRecord('sb/2010/5', {
      title: 'Zákon o věci 5',
      dates: { published: '2010-01-01', effective_from: '2010-01-01', current_version_from: '2014-01-01' },
      text: v3,
      versions: [
        {
          version: 1,
          valid_from: '2010-01-01',
          valid_to: '2012-01-01',
          kind: 'bootstrap',
          text_sha256: sha(V1),
          text_chars: V1.length,
          text: V1,
        },
        {
          version: 2,
          valid_from: '2012-01-01',
          valid_to: '2014-01-01',
          kind: 'reform',
          text_sha256: sha(V2),
          text_chars: V2.length,
          text: null,
          text_omitted: 'size budget; text is in source_commit',
        },
        {
          version: 3,
          valid_from: '2014-01-01',
          valid_to: null,
          kind: 'reform',
          text_sha256: sha(v3),
          text_chars: v3.length,
          text: null,
          text_is_current: true,
        },
      ],
    });
    const report = await importCorpusFile(db, writeJsonl([record]));
    expect(report.created).toBe(1);
    const [one, two, three] = await storedVersions(db, 'sb/2010/5');
    expect(idsOf(one)).toEqual(buildProvisionTree(V1).nodes.map((n) => n.id));
    expect(one.provisions_format).toBe(PROVISION_TREE_FORMAT);
    expect(one.provision_changes).toBeNull(); // nothing before it to compare with
    expect(two.provisions).toBeNull(); // hash only: no text, no tree
    expect(two.provision_changes).toBeNull();
    expect(idsOf(three)).toEqual(buildProvisionTree(v3).nodes.map((n) => n.id));
    // Compared with version 1, the previous version with a tree.
    expect(three.provision_changes).toEqual({
      from: 1,
      added: ['par_4'],
      changed: ['cast_1', 'par_1', 'par_1/odst_2', 'par_1/odst_2/pism_b'],
      repealed: ['par_2'],
      removed: ['par_3'],
    });
  });
});

describe('provision trees stored by the git sync', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
  });
  afterAll(async () => {
    repo.destroy();
    await db.destroy();
  });

  it('writes each new version with its tree and its comparison, also when appended by a later run', async () => {
    repo.commit('cz/SB-2010-5.md', docFile({ id: 'SB-2010-5' }, V1), bootstrapMessage('SB-2010-5', '2010-01-01'), '2010-01-01');
    repo.commit('cz/SB-1963-99.md', docFile({ id: 'SB-1963-99' }, TITLE_ONLY), bootstrapMessage('SB-1963-99', '1963-01-01'), '1963-01-01');
    repo.commit('cz/SB-2011-7.md', docFile({ id: 'SB-2011-7' }, NO_HEADINGS), bootstrapMessage('SB-2011-7', '2011-01-01'), '2011-01-01');
    const first = await syncRepository(db, repo.dir, { today: TODAY });
    expect(first.documents.created).toBe(3);
    expect(first.provisions_filled).toBe(0); // written with the versions, nothing left to fill
    expect((await storedVersions(db, 'sb/1963/99')).map(idsOf)).toEqual([[]]); // a tree, empty
    expect((await storedVersions(db, 'sb/2011/7')).map(idsOf)).toEqual([[]]);

    repo.commit('cz/SB-2010-5.md', docFile({ id: 'SB-2010-5' }, V2), reformMessage('SB-2010-5', '2012-01-01', '1/2011 Sb.'), '2012-01-01');
    const second = await syncRepository(db, repo.dir, { today: TODAY });
    expect(second.versions_added).toBe(1);
    const [one, two] = await storedVersions(db, 'sb/2010/5');
    expect(idsOf(one)).toEqual(buildProvisionTree(V1).nodes.map((n) => n.id));
    expect(two.provision_changes).toEqual({
      from: 1,
      added: ['par_4'],
      changed: ['cast_1', 'par_1', 'par_1/odst_2', 'par_1/odst_2/pism_b'],
      repealed: ['par_2'],
      removed: ['par_3'],
    });

    // Item 6: the version_added entries (and so the webhooks) name the provisions; containers left out.
    const entries = await db.query<{ version: { version: number; provisions?: unknown } }>(
      `SELECT version FROM change WHERE kind = 'document.version_added' AND natural_key = 'sb/2010/5' ORDER BY seq`,
    );
    expect(entries.map((e) => e.version.version)).toEqual([1, 2]);
    expect(entries[0].version).not.toHaveProperty('provisions'); // nothing before it
    expect(entries[1].version.provisions).toEqual({
      compared_with: 1,
      added: ['par_4'],
      changed: ['par_1', 'par_1/odst_2', 'par_1/odst_2/pism_b'],
      repealed: ['par_2'],
      removed: ['par_3'],
      counts: { added: 1, changed: 3, repealed: 1, removed: 1 },
      truncated: false,
    });
  });

  it('a sync over a database without trees (or with trees of an older format) builds them, and only once', async () => {
    const before = await storedVersions(db, 'sb/2010/5');
    // As a database written before #24 (the migration adds empty columns), plus one tree of an older parser.
    await db.query('UPDATE document_version SET provisions = NULL, provisions_format = NULL, provision_changes = NULL');
    const report = await syncRepository(db, repo.dir, { today: TODAY });
    expect(report.up_to_date).toBe(true);
    expect(report.provisions_filled).toBe(4);
    expect(await storedVersions(db, 'sb/2010/5')).toEqual(before);

    await db.query(
      `UPDATE document_version SET provisions_format = 0 WHERE version = 1
         AND document_id = (SELECT id FROM document WHERE natural_key = 'sb/2010/5')`,
    );
    expect((await syncRepository(db, repo.dir, { today: TODAY })).provisions_filled).toBe(1);
    expect(await storedVersions(db, 'sb/2010/5')).toEqual(before);
    expect((await syncRepository(db, repo.dir, { today: TODAY })).provisions_filled).toBe(0);
  });
});

describe('provision trees after a sync fills texts a JSONL import lacked', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
  });
  afterAll(async () => {
    repo.destroy();
    await db.destroy();
  });

  it('builds the filled versions’ trees and moves the next comparison onto them', async () => {
    const texts = [V1, V2, V2.replace('Účinnost.', 'Účinnost dnem vyhlášení.')];
    const dates = ['2010-01-01', '2012-01-01', '2014-01-01'];
    const commits = texts.map((t, i) =>
      repo.commit(
        'cz/SB-2010-5.md',
        docFile({ id: 'SB-2010-5', versionDate: '2014-01-01' }, t),
        i === 0 ? bootstrapMessage('SB-2010-5', dates[i]) : reformMessage('SB-2010-5', dates[i], `${i}/2011 Sb.`),
        dates[i],
      ),
    );
    const record = repositoryHistoryRecord('sb/2010/5', {
      title: 'Zákon o věci 5',
      published: '2010-01-01',
      dates,
      texts,
      commits,
      keep: [0],
    });
    await importCorpusFile(db, writeJsonl([record]));
    expect((await storedVersions(db, 'sb/2010/5')).map((v) => v.provision_changes?.from ?? null)).toEqual([null, null, 1]);

    const report = await syncRepository(db, repo.dir, { today: TODAY });
    expect(report.texts_filled).toBe(1);
    const [, two, three] = await storedVersions(db, 'sb/2010/5');
    expect(idsOf(two)).toEqual(buildProvisionTree(V2).nodes.map((n) => n.id));
    expect(two.provision_changes?.from).toBe(1);
    expect(two.provision_changes?.added).toEqual(['par_4']);
    expect(three.provision_changes).toEqual({ from: 2, added: [], changed: ['cast_1', 'par_4'], repealed: [], removed: [] });
  });
});
