import type { Database, RawTx } from '../client';
import { collectGarbage, GC_EVERY_CHARS } from '../sync/collect-garbage';
import { sql } from 'kysely';
import { selectIn, sqlBuilder } from '../typed-sql';
import {
  buildProvisionTree,
  compareProvisionTrees,
  decodeProvisionTree,
  encodeProvisionTree,
  PROVISION_TREE_FORMAT,
  type ProvisionChanges,
  type ProvisionTree,
} from './provision-tree';

type Tx = RawTx;

/** The provision columns of a `document_version` row (null: the version has no text, so no tree). */
export interface VersionProvisionColumns {
  provisions: string | null;
  provisions_format: number | null;
  provision_changes: ProvisionChanges | null;
}

export interface TreeOfVersion {
  version: number;
  tree: ProvisionTree;
}

/**
 * Adds each version row's tree, and its comparison with the previous version that has one, to
 * rows about to be written (ascending versions). `previous`: the newest stored version with a tree
 * before them, if any. `textOf` gives a row's text where the row itself holds none (the current
 * version of a JSONL record, whose text is the document's). Returns the newest tree.
 */
export function attachProvisions<T extends { version: number; text: string | null }>(
  rows: T[],
  previous: TreeOfVersion | null,
  textOf: (row: T) => string | null = (row) => row.text,
  /** A tree built beforehand (the sync builds them while the other writer's transaction runs). */
  built: (row: T, index: number) => ProvisionTree | undefined = () => undefined,
): { rows: (T & VersionProvisionColumns)[]; last: TreeOfVersion | null } {
  let last = previous;
  const out = rows.map((row, i) => {
    const text = textOf(row);
    if (text === null) return { ...row, provisions: null, provisions_format: null, provision_changes: null };
    const tree = built(row, i) ?? buildProvisionTree(text);
    const changes: ProvisionChanges | null = last ? { from: last.version, ...compareProvisionTrees(last.tree, tree) } : null;
    last = { version: row.version, tree };
    return { ...row, provisions: encodeProvisionTree(tree), provisions_format: PROVISION_TREE_FORMAT, provision_changes: changes };
  });
  return { rows: out, last };
}

/**
 * A version's tree built ahead of its write (the sync's buildDocument, in a worker thread): stored
 * as encoded, and compared there with the version built before it (`against`, its commit).
 */
export interface PrebuiltProvisions {
  encoded: string;
  format: number;
  /** Against the previous version with a text of the same batch; null for the batch's first. */
  changes: { against: string; changes: Omit<ProvisionChanges, 'from'> } | null;
}

/**
 * As attachProvisions, for rows whose trees were built ahead (`prebuilt`, by index; rows with a
 * text and none are built here): a tree compared ahead with the row before it is not compared
 * again, and a tree is decoded only where it is compared here (with `previous`, the stored one).
 */
export function attachPrebuiltProvisions<T extends { version: number; text: string | null; source_commit: string | null }>(
  rows: T[],
  previous: TreeOfVersion | null,
  prebuilt: (index: number) => PrebuiltProvisions | undefined,
): (T & VersionProvisionColumns)[] {
  let last: { version: number; commit: string | null; tree: () => ProvisionTree } | null = previous
    ? { version: previous.version, commit: null, tree: () => previous.tree }
    : null;
  return rows.map((row, i) => {
    if (row.text === null) return { ...row, provisions: null, provisions_format: null, provision_changes: null };
    const pre = prebuilt(i);
    let tree: ProvisionTree | undefined = pre ? undefined : buildProvisionTree(row.text);
    const treeOf = () => (tree ??= decodeProvisionTree(pre!.encoded));
    let changes: ProvisionChanges | null = null;
    if (last) {
      const compared = pre?.changes && last.commit !== null && pre.changes.against === last.commit ? pre.changes.changes : null;
      changes = { from: last.version, ...(compared ?? compareProvisionTrees(last.tree(), treeOf())) };
    }
    last = { version: row.version, commit: row.source_commit, tree: treeOf };
    return {
      ...row,
      provisions: pre ? pre.encoded : encodeProvisionTree(tree!),
      provisions_format: pre ? pre.format : PROVISION_TREE_FORMAT,
      provision_changes: changes,
    };
  });
}

/** The newest stored version of a document that has a tree, with the tree (null: none). */
export async function latestStoredTree(tx: Tx, documentId: string): Promise<TreeOfVersion | null> {
  const [row] = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('document_version')
      .select(['version', 'provisions'])
      .where('document_id', '=', documentId)
      .where('provisions', 'is not', null)
      .$narrowType<{ provisions: string }>()
      .orderBy('version', 'desc')
      .limit(1),
  );
  return row ? { version: Number(row.version), tree: decodeProvisionTree(row.provisions) } : null;
}

const UPDATE_PROVISIONS_SQL = `
UPDATE "document_version" v SET provisions = coalesce(p.provisions, v.provisions),
  provisions_format = coalesce(p.provisions_format, v.provisions_format), provision_changes = p.provision_changes
FROM jsonb_to_recordset($2::jsonb) AS p(version int, provisions text, provisions_format smallint, provision_changes jsonb)
WHERE v.document_id = $1 AND v.version = p.version`;

// Trees travel in one JSON parameter per statement, a few MB at most.
const CHUNK_CHARS = 4_000_000;

/**
 * Makes one document's stored trees complete and current, in the caller's transaction: every
 * version with a text gets a tree of the current format (versions of an older database, or texts
 * filled in since), and every tree's comparison names the previous version with a tree. Trees
 * already right are not parsed again. Returns the number of versions whose tree was (re)built and
 * the characters of text parsed.
 */
export async function refreshDocumentProvisions(tx: Tx, documentId: string): Promise<{ versions: number; chars: number }> {
  const versions = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('document_version')
      .select((eb) => [
        'version',
        eb.or([eb('text', 'is not', null), eb.ref('text_is_current')]).as('has_text'),
        'provisions_format as format',
        // The comparison's `from`, as the writer stored it (ProvisionChanges).
        sql<number | null>`(provision_changes->>'from')::int`.as('from'),
        eb('provision_changes', 'is not', null).as('has_changes'),
      ])
      .where('document_id', '=', documentId)
      .orderBy('version'),
  );
  const stale = versions.filter((v) => v.has_text && v.format !== PROVISION_TREE_FORMAT).map((v) => Number(v.version));
  const rebuilt = new Set(stale);
  // Which comparisons are wrong: a tree rebuilt (its own or its predecessor's), or a predecessor that moved.
  const recompare = new Set<number>();
  let prev: number | null = null;
  for (const v of versions.filter((x) => x.has_text)) {
    const n = Number(v.version);
    const storedFrom = v.has_changes ? (v.from === null ? null : Number(v.from)) : null;
    if (rebuilt.has(n) || (prev !== null && rebuilt.has(prev)) || storedFrom !== prev || (prev === null && v.has_changes)) recompare.add(n);
    prev = n;
  }
  if (!recompare.size) return { versions: 0, chars: 0 };
  let chars = 0;

  const trees = new Map<number, ProvisionTree>();
  if (stale.length) {
    const texts = await selectIn(
      tx,
      sqlBuilder
        .selectFrom('document_version as v')
        .innerJoin('document as d', 'd.id', 'v.document_id')
        .select((eb) => [
          'v.version',
          eb.fn.coalesce('v.text', eb.case().when(eb.ref('v.text_is_current')).then(eb.ref('d.text')).end()).as('text'),
        ])
        .where('v.document_id', '=', documentId)
        .where('v.version', '=', (eb) => eb.fn.any(eb.val(stale))),
    );
    for (const t of texts) {
      if (t.text === null) continue;
      trees.set(Number(t.version), buildProvisionTree(t.text));
      chars += t.text.length;
    }
  }
  const treeOf = async (n: number): Promise<ProvisionTree> => {
    let tree = trees.get(n);
    if (!tree) {
      // A version to compare has a tree: it has a text, and a stale one was built above.
      const [row] = await selectIn(
        tx,
        sqlBuilder
          .selectFrom('document_version')
          .select('provisions')
          .where('document_id', '=', documentId)
          .where('version', '=', n)
          .$narrowType<{ provisions: string }>(),
      );
      tree = decodeProvisionTree(row.provisions);
      trees.set(n, tree);
    }
    return tree;
  };

  // A tree only compared again is not written again.
  const updates: (VersionProvisionColumns & { version: number })[] = [];
  prev = null;
  for (const v of versions.filter((x) => x.has_text)) {
    const n = Number(v.version);
    if (recompare.has(n)) {
      const tree = await treeOf(n);
      const changes = prev === null ? null : { from: prev, ...compareProvisionTrees(await treeOf(prev), tree) };
      const built = rebuilt.has(n);
      updates.push({
        version: n,
        provisions: built ? encodeProvisionTree(tree) : null,
        provisions_format: built ? tree.format : null,
        provision_changes: changes,
      });
    }
    // Trees older than the one before are not needed again.
    if (prev !== null) trees.delete(prev);
    prev = n;
  }
  let chunk: typeof updates = [];
  let size = 0;
  const flush = async () => {
    if (chunk.length) await tx.$executeRawUnsafe(UPDATE_PROVISIONS_SQL, documentId, JSON.stringify(chunk));
    chunk = [];
    size = 0;
  };
  for (const u of updates) {
    const chars = u.provisions?.length ?? 0;
    if (chunk.length && size + chars > CHUNK_CHARS) await flush();
    chunk.push(u);
    size += chars;
  }
  await flush();
  return { versions: stale.length, chars };
}

export interface FillProvisionsReport {
  documents: number;
  /** Versions whose tree was built. */
  versions: number;
}

/**
 * The documents with a version whose tree is missing or of an older format: versions with a text
 * and no tree of the current format (a database written before trees were stored, or by an older
 * parser, or a text filled in since).
 */
export function documentsLackingProvisions(db: Database) {
  return db.kysely
    .selectFrom('document as d')
    .select(['d.id', 'd.natural_key'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('document_version as v')
          .select(sql.lit(1).as('one'))
          .whereRef('v.document_id', '=', 'd.id')
          .where((v) => v.or([v('v.text', 'is not', null), v.ref('v.text_is_current')]))
          .where('v.provisions_format', 'is distinct from', PROVISION_TREE_FORMAT),
      ),
    )
    .orderBy('d.id')
    .execute();
}

/**
 * Makes one document's trees complete and current (refreshDocumentProvisions) in a transaction of
 * its own that holds the document: the sync's or an import's writer of the same document waits
 * for it, and it for them.
 */
export async function fillDocumentProvisions(
  db: Database,
  documentId: string,
  options: { timeoutMs?: number } = {},
): Promise<{ versions: number; chars: number }> {
  const timeout = options.timeoutMs ?? 300_000;
  return db.prisma.$transaction(
    async (tx) => {
      await selectIn(tx, sqlBuilder.selectFrom('document').select(sql.lit(1).as('one')).where('id', '=', documentId).forNoKeyUpdate());
      return refreshDocumentProvisions(tx, documentId);
    },
    { timeout, maxWait: timeout },
  );
}

/**
 * Builds the trees a database lacks (documentsLackingProvisions). Each document in its own
 * transaction, `concurrency` at a time; a document already complete is not touched.
 */
export async function fillProvisions(
  db: Database,
  options: { concurrency?: number; onProgress?: (done: number, total: number) => void; timeoutMs?: number } = {},
): Promise<FillProvisionsReport> {
  const pending = await documentsLackingProvisions(db);
  const report: FillProvisionsReport = { documents: 0, versions: 0 };
  let next = 0;
  let sinceCollection = 0;
  const worker = async () => {
    for (let i = next++; i < pending.length; i = next++) {
      const built = await fillDocumentProvisions(db, pending[i].id, { timeoutMs: options.timeoutMs });
      if (built.versions) report.documents += 1;
      report.versions += built.versions;
      // As the sync does (collectGarbage): texts and their trees would otherwise pile up in the heap.
      sinceCollection += built.chars * 2;
      if (sinceCollection > GC_EVERY_CHARS) {
        sinceCollection = 0;
        collectGarbage();
      }
      options.onProgress?.(i + 1, pending.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, pending.length)) }, worker));
  return report;
}
