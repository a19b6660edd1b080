import { createHash } from 'node:crypto';
import type { Database, RawTx } from '../client';
import { documentFieldChanges, recordChanges, TRACKED_FIELDS_SQL, versionChange, type NewChange } from '../changes/record-changes';
import type { CorpusRelation, CorpusVersion } from '../corpus/corpus-record';
import { appendVersions, chunkBy, insertDocumentTree, updateDocumentRow, type DocumentRowInput } from '../corpus/document-sql';
import { writeSearchAliases } from '../search/search-signals';
import { isTransientConflict } from '../errors/transient-conflict';
import { lockCrossDocument } from '../changes/cross-document-lock';
import type { ExtractedEffects } from '../amendments/extract-effects';
import { writeAmendmentEffects } from '../amendments/write-effects';
import { sql } from 'kysely';
import { executeIn, selectIn, sqlBuilder, type RowOf, type TableRow } from '../typed-sql';
import { attachPrebuiltProvisions, attachProvisions, latestStoredTree, refreshDocumentProvisions } from '../provisions/version-provisions';
import { writeProvisionIndex } from '../search/provision-index';
import type { VersionInput } from './build-version';
import { deriveTextRelations, type TextRelation } from './derive-text-relations';
import type { DocumentIdentity } from './document-identity';
import { extractSections } from './extract-sections';
import { mapFrontMatter, type DocumentMeta } from './map-front-matter';

type Tx = RawTx;

export interface DocumentInput {
  identity: DocumentIdentity;
  path: string;
  /** New versions, oldest first (versions whose commit is already stored are skipped here too). */
  versions: VersionInput[];
  /**
   * Stored versions (by commit) whose text is missing from the database and was read from the
   * repository: the text is filled in where the stored hash, if any, matches it.
   */
  fills?: VersionInput[];
  /**
   * A document another writer (a JSONL import) stored with every version the repository has: what
   * the sync derives from its commits and newest front matter beyond the rows (the amendment facts
   * its `amends` edges come from) is recorded, once. `versions` are every commit's metadata
   * (no texts), `meta` the newest readable front matter.
   */
  adopt?: { versions: VersionInput[]; meta: DocumentMeta | null; lastCommit: string };
  /** `source.repo` of the document row. */
  repo: string;
  /** Title when no version has usable front matter (from the commit subject). */
  fallbackTitle: string;
  /**
   * #35: what the newest readable version's text says it changes in other acts (extractEffects,
   * read ahead of the write); absent when no new version has a text.
   */
  effects?: ExtractedEffects;
}

export interface ApplyDocumentResult {
  outcome: 'created' | 'updated' | 'unchanged';
  versionsAdded: number;
  textsFilled: number;
  /** Commits of `fills` whose text differs from the stored hash (left as they were). */
  textsMismatched: string[];
  changes: number;
  deliveries: number;
}

/** What a document row written by the sync from `commit` is identified by (a JSONL import's differs). */
export function syncContentHash(commit: string): string {
  return createHash('sha256').update(`dp-git-sync-v1\n${commit}`).digest('hex');
}

const LICENSE = 'public domain (official work, s. 3(a) Act No. 121/2000 Coll.)';
const INFERRED_FROM = "repealing act's effectiveness_date (repeal found by text pattern)";
const SOURCE_HISTORY = 'source-history';
const SOURCE_METADATA = 'source-metadata';
const SOURCE_TEXT = 'source-text';

/** The stored row as `readStored` reads it: these columns, and the tracked fields as text (raw: `TRACKED_FIELDS_SQL`). */
type StoredDocument = Pick<TableRow<'document'>, 'id' | 'status' | 'doc_number' | 'doc_type'> & Record<string, unknown>;

interface DocRef {
  id: string;
  naturalKey: string;
  docNumber: string;
  docType: string;
  status: string;
}

/** What the sync knows of an act amending a document (a row of `sync_amendment`). */
const selectFacts = (targetKey: string) =>
  sqlBuilder
    .selectFrom('sync_amendment')
    // from_text (#35): the amending act's own text has a block amending this document (written from its side).
    .select(['amending_key', 'from_history', 'from_metadata', 'from_text', 'version_dates'])
    .where('target_key', '=', targetKey);
type AmendmentFact = RowOf<ReturnType<typeof selectFacts>>;

// Edges of several source documents at once; RETURNING tells new rows (xmax = 0) from updated ones.
const UPSERT_EDGES_SQL = `
INSERT INTO "document_relation" (source_id, "type", target_key, target_doc_number, methods, evidence, version_dates)
SELECT r.source_id, r."type", r.target, r.target_doc_number, r.methods, r.evidence, r.version_dates
FROM jsonb_to_recordset($1::jsonb) AS r(source_id text, "type" text, target text, target_doc_number text,
  methods text[], evidence text, version_dates text[])
ON CONFLICT (source_id, "type", target_key) DO UPDATE SET
  target_doc_number = excluded.target_doc_number, methods = excluded.methods,
  evidence = excluded.evidence, version_dates = excluded.version_dates
WHERE (document_relation.target_doc_number, document_relation.methods, document_relation.evidence, document_relation.version_dates)
  IS DISTINCT FROM (excluded.target_doc_number, excluded.methods, excluded.evidence, excluded.version_dates)
RETURNING source_id, "type", target_key, (xmax = 0) AS inserted`;
/** A row UPSERT_EDGES_SQL returns (raw: a record set from JSON, and `xmax`, which the builder cannot name). */
type UpsertedEdge = Pick<TableRow<'document_relation'>, 'source_id' | 'type' | 'target_key'> & { inserted: boolean };

const UPSERT_FACTS_SQL = `
INSERT INTO "sync_amendment" (target_key, amending_key, target_doc_number, from_history, from_metadata, version_dates)
SELECT $1, f.amending_key, $2, f.from_history, f.from_metadata, f.version_dates
FROM jsonb_to_recordset($3::jsonb) AS f(amending_key text, from_history boolean, from_metadata boolean, version_dates text[])
ON CONFLICT (target_key, amending_key) DO UPDATE SET
  target_doc_number = excluded.target_doc_number, from_history = excluded.from_history,
  from_metadata = excluded.from_metadata, version_dates = excluded.version_dates`;

// repealed_by of a document = the documents whose `repeals` edges name it; the inferred end of
// its effectivity = the earliest effectiveness date among them. Rows already right are not touched.
const REFRESH_REPEALED_SQL = `
UPDATE "document" d SET repealed_by = s.keys, inferred_effective_to = s.eff,
  inferred_from = CASE WHEN cardinality(s.keys) > 0 THEN $2 ELSE NULL END
FROM (
  SELECT t.key,
    coalesce((SELECT array_agg(src.natural_key ORDER BY src.natural_key) FROM "document_relation" r
              JOIN "document" src ON src.id = r.source_id WHERE r.target_key = t.key AND r."type" = 'repeals'), '{}') AS keys,
    (SELECT min(src.effective_from) FROM "document_relation" r
     JOIN "document" src ON src.id = r.source_id WHERE r.target_key = t.key AND r."type" = 'repeals') AS eff
  FROM unnest($1::text[]) AS t(key)
) s
WHERE d.natural_key = s.key
  AND (d.repealed_by, d.inferred_effective_to, d.inferred_from)
      IS DISTINCT FROM (s.keys, s.eff, CASE WHEN cardinality(s.keys) > 0 THEN $2 ELSE NULL END)`;

const edgeKey = (type: string, target: string) => `${type}\u0000${target}`;

/** A document's new versions, in JSON parameters of a few MB each (see chunkBy). */
function chunks<T extends CorpusVersion & { provisions?: string | null }>(rows: T[]): T[][] {
  return chunkBy(rows, (r) => (r.text?.length ?? 0) + (r.provisions?.length ?? 0));
}

/** Metadata of a document none of whose versions could be read: from the commit subject and path. */
function fallbackMeta(identity: DocumentIdentity, title: string): DocumentMeta {
  // The subject reads like a citation ("Vyhláška Ministerstva … č. 1/1998 Sb."): it names the kind.
  const { meta } = mapFrontMatter({ title, official_code: identity.docNumber, full_citation: title }, identity, title);
  return { ...meta, citation: null };
}

function documentRow(
  input: DocumentInput,
  id: string,
  meta: DocumentMeta,
  text: string,
  lastCommit: string,
  currentVersionFrom: string | null,
): DocumentRowInput {
  return {
    id,
    natural_key: input.identity.naturalKey,
    doc_number: meta.docNumber,
    eli: meta.eli,
    title: meta.title,
    citation: meta.citation,
    doc_type: meta.docType,
    doc_type_source: meta.docTypeSource,
    is_amending_act: meta.isAmendingAct,
    language: 'cs',
    text_format: 'markdown',
    text,
    sections: extractSections(text),
    published_on: meta.published,
    effective_from: meta.effectiveFrom,
    effective_to: null,
    current_version_from: currentVersionFrom,
    last_updated: meta.lastUpdated,
    status: meta.status,
    source_version_type: meta.sourceVersionType,
    never_effective: meta.neverEffective,
    repealed_by: [],
    inferred_effective_to: null,
    inferred_from: null,
    gazette: meta.gazette,
    source: { repo: input.repo, commit: lastCommit, path: input.path, url: meta.sourceUrl, license: LICENSE },
    // Identifies what the row was written from; a JSONL import of the same document differs.
    content_hash: syncContentHash(lastCommit),
  };
}

function versionRow(v: VersionInput, number: number, validTo: string | null, isCurrent: boolean): CorpusVersion {
  return {
    version: number,
    valid_from: v.validFrom,
    valid_to: validTo,
    kind: v.kind,
    amended_by: v.amendedBy?.docNumber ?? null,
    amended_by_key: v.amendedBy?.naturalKey ?? null,
    source_commit: v.commit,
    text_sha256: v.textSha256,
    text_chars: v.text === null ? null : v.text.length,
    text: v.text,
    text_omitted: v.textOmitted,
    text_is_current: isCurrent,
    // The commit's date is the version's date: a sync never has to infer one.
    valid_from_inferred_from: null,
    source_date: v.sourceDate,
  };
}

function relationChange(doc: DocRef, type: 'amends' | 'repeals' | 'cites', target: string, docNumber: string | null): NewChange {
  return { kind: 'relation.created', document: doc, relation: { type, target: { natural_key: target, doc_number: docNumber } } };
}

function toCorpusRelation(r: TextRelation): CorpusRelation {
  return {
    type: r.type,
    target: r.target,
    target_doc_number: r.targetDocNumber,
    methods: r.methods,
    evidence: r.evidence,
    version_dates: [],
  };
}

/**
 * Writes one document's new versions — and everything they imply — in ONE transaction: the
 * document row (created, or updated from its newest readable version), the versions appended
 * (the predecessor's valid_to closed), its own `repeals`/`cites` edges from its current text,
 * `amends` edges on the acts that amended it (or kept as facts until those acts arrive), the
 * `repealed_by` of the documents it repeals, and the change rows + webhook outbox rows for exactly
 * what is new. Versions whose commit is already stored are skipped, so re-applying after an
 * interrupted sync writes nothing twice.
 */
export async function applyDocument(db: Database, input: DocumentInput): Promise<ApplyDocumentResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      // On pg directly, not Prisma's interactive transaction: Prisma serialises every parameter to
      // JSON and parses it back (the versions' texts and trees, megabytes a document) and captures
      // a stack per call. Each statement keeps the pool's time limits.
      return await db.rawTransaction((tx) => applyInTransaction(tx, input));
    } catch (e) {
      // Two writers touching each other's documents can deadlock (PostgreSQL aborts one): redo it.
      if (attempt >= MAX_ATTEMPTS || !isTransientConflict(e)) throw e;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
    }
  }
}

const MAX_ATTEMPTS = 5;

/** The document's versions from the source, as the sync compares them with the new ones. */
const selectStoredVersions = (documentId: string) =>
  sqlBuilder
    .selectFrom('document_version')
    .select(['version', 'source_commit', 'text_is_current'])
    .where('document_id', '=', documentId)
    .where('text_source', '=', 'source')
    .orderBy('version');
type StoredVersion = RowOf<ReturnType<typeof selectStoredVersions>>;

/** What the new versions say about the document row: the newest readable text and metadata. */
interface NewestOf {
  lastReadable: VersionInput | undefined;
  lastWithMeta: VersionInput | undefined;
  lastCommit: string;
  currentVersionFrom: string | null;
}

/** What writing the document row and its own edges produced, for the steps that follow. */
interface DocumentWrite {
  doc: DocRef;
  changes: NewChange[];
  /** Its own `repeals` edges may have changed: the documents they name get their repealed_by again. */
  ownEdgesChanged: boolean;
  /** Targets of `repeals` edges it no longer has. */
  formerRepeals: string[];
}

async function applyInTransaction(tx: Tx, input: DocumentInput): Promise<ApplyDocumentResult> {
  const key = input.identity.naturalKey;
  // One commit per document: waiting for each WAL flush dominates an initial sync. Safe here: a
  // server crash can lose only whole, most recent transactions, and sync_state (written with a
  // normal commit at the end) then still points before them, so the next run writes them again.
  await tx.$executeRawUnsafe('SET LOCAL synchronous_commit = off');
  const { stored, storedVersions } = await readStored(tx, key);
  const known = new Set(storedVersions.map((v) => v.source_commit));
  const fresh = input.versions.filter((v) => !known.has(v.commit));
  if (stored && fresh.length) await dropRebuiltVersions(tx, stored.id);
  const filled = stored ? await fillTexts(tx, stored.id, input.fills ?? []) : { filled: 0, mismatched: [] };
  const fills = { textsFilled: filled.filled, textsMismatched: filled.mismatched };
  // Texts filled in get their trees (and their successors' comparisons move to them) at once.
  if (stored && filled.filled && fresh.length === 0) await refreshDocumentProvisions(tx, stored.id);
  if (fresh.length === 0) {
    if (stored && input.adopt) return { ...(await adoptDocument(tx, key, stored, input.adopt)), ...fills };
    return { outcome: filled.filled ? 'updated' : 'unchanged', versionsAdded: 0, changes: 0, deliveries: 0, ...fills };
  }

  const newest = newestOf(fresh);
  const rows = await newVersionRows(tx, stored, storedVersions, fresh, newest.lastReadable);
  const write = stored
    ? await updateDocument(tx, input, stored, storedVersions, fresh, rows, newest)
    : await createDocument(tx, input, rows, newest);
  const { doc, changes } = write;

  changes.push(...(await recordAmendments(tx, doc, fresh, newest.lastWithMeta?.meta ?? null, !stored)));
  // The acts this one's newest text amends, point by point (under the cross-document lock).
  if (newest.lastReadable && input.effects) {
    changes.push(...(await writeAmendmentEffects(tx, doc, input.effects.effects, input.effects)));
  }
  if (write.ownEdgesChanged) await refreshRepealedTargets(tx, doc.id, write.formerRepeals);

  const written = await recordChanges(tx, changes);
  return {
    outcome: stored ? 'updated' : 'created',
    versionsAdded: rows.length,
    changes: written.changes,
    deliveries: written.deliveries,
    ...fills,
  };
}

/** The stored document row (locked) and its versions from the source, if it is stored. */
async function readStored(tx: Tx, key: string): Promise<{ stored: StoredDocument | undefined; storedVersions: StoredVersion[] }> {
  // NO KEY UPDATE: another writer's foreign-key check on this row (an `amends` edge it adds from
  // this document) does not wait for this transaction.
  const [stored] = await tx.$queryRawUnsafe<StoredDocument[]>(
    `SELECT id, status, doc_number, doc_type, ${TRACKED_FIELDS_SQL} FROM "document" WHERE natural_key = $1 FOR NO KEY UPDATE`,
    key,
  );
  const storedVersions = stored ? await selectIn(tx, selectStoredVersions(stored.id)) : [];
  return { stored, storedVersions };
}

/**
 * #36: rebuilt versions follow the newest source text; the source's own new text wins, and the
 * rebuild after the sync makes them again from it where amendments remain unapplied.
 */
async function dropRebuiltVersions(tx: Tx, documentId: string): Promise<void> {
  await executeIn(tx, sqlBuilder.deleteFrom('document_version').where('document_id', '=', documentId).where('text_source', '=', 'rebuilt'));
  await executeIn(tx, sqlBuilder.deleteFrom('rebuild_state').where('document_id', '=', documentId));
}

/** A document another writer stored whole: the amendment facts its commits imply, recorded once. */
async function adoptDocument(
  tx: Tx,
  key: string,
  stored: StoredDocument,
  adopt: NonNullable<DocumentInput['adopt']>,
): Promise<Omit<ApplyDocumentResult, 'textsFilled' | 'textsMismatched'>> {
  const doc: DocRef = { id: stored.id, naturalKey: key, docNumber: stored.doc_number, docType: stored.doc_type, status: stored.status };
  await lockCrossDocument(tx);
  const adopted = await recordAmendments(tx, doc, adopt.versions, adopt.meta);
  await executeIn(
    tx,
    sqlBuilder
      .updateTable('document')
      .set({ content_hash: syncContentHash(adopt.lastCommit) })
      .where('id', '=', stored.id),
  );
  const written = await recordChanges(tx, adopted);
  return { outcome: 'updated', versionsAdded: 0, changes: written.changes, deliveries: written.deliveries };
}

function newestOf(fresh: VersionInput[]): NewestOf {
  // The newest version's own date is the current version's date even when its text is missing.
  const newest = fresh[fresh.length - 1];
  return {
    lastReadable: [...fresh].reverse().find((v) => v.text !== null),
    lastWithMeta: [...fresh].reverse().find((v) => v.meta !== null),
    lastCommit: newest.commit,
    // Undated (…/0000-00-00) stays null; a version without readable metadata has its commit's date.
    currentVersionFrom: newest.meta ? newest.meta.currentVersionFrom : newest.validFrom,
  };
}

/**
 * The new versions' rows, numbered after the stored ones. Each with a text gets its provision
 * tree, compared with the newest stored one (whose tree is first made complete: texts filled in
 * above, or a database older than trees).
 */
async function newVersionRows(
  tx: Tx,
  stored: StoredDocument | undefined,
  storedVersions: StoredVersion[],
  fresh: VersionInput[],
  lastReadable: VersionInput | undefined,
) {
  const base = storedVersions.length ? Number(storedVersions[storedVersions.length - 1].version) : 0;
  if (stored) await refreshDocumentProvisions(tx, stored.id);
  const rows = fresh.map((v, i) =>
    versionRow(v, base + i + 1, fresh[i + 1]?.validFrom ?? null, lastReadable !== undefined && v === lastReadable),
  );
  const previous = stored ? await latestStoredTree(tx, stored.id) : null;
  if (fresh.some((v) => v.prebuilt)) return attachPrebuiltProvisions(rows, previous, (i) => fresh[i].prebuilt);
  return attachProvisions(
    rows,
    previous,
    (row) => row.text,
    (_row, i) => fresh[i].provisionTree,
  ).rows;
}

type VersionRows = Awaited<ReturnType<typeof newVersionRows>>;

/**
 * The version a read serves once these rows are written, with its units, when the writer computed
 * them: the newest readable new version is current (its document's rebuilt versions were dropped),
 * and the document row carries `named`'s title and citation. Else undefined: read back.
 */
function currentUnits(rows: VersionRows, lastReadable: VersionInput | undefined, named: { title: string; citation: string | null }) {
  const row = rows.find((r) => r.text_is_current);
  if (!lastReadable?.units || !row || row.provisions === null || row.source_commit !== lastReadable.commit) return undefined;
  const act = lastReadable.actTerms;
  const terms = act && act.title === named.title && act.citation === named.citation ? act.terms : undefined;
  return { version: row.version, units: lastReadable.units, title: named.title, citation: named.citation, terms };
}

function versionsAdded(doc: DocRef, rows: VersionRows): NewChange[] {
  return rows.map((r) => ({ kind: 'document.version_added', document: doc, version: versionChange(r) }));
}

/** The search aliases of a document from its names and current text. */
async function writeAliasesOf(
  tx: Tx,
  id: string,
  key: string,
  named: { title: string; citation: string | null },
  text: string,
  version: VersionInput | undefined,
): Promise<void> {
  await writeSearchAliases(tx, {
    id,
    naturalKey: key,
    title: named.title,
    citation: named.citation,
    text,
    provisions: version?.headings ?? version?.provisionTree?.nodes,
  });
}

/** A document new to the database: its row, versions, own edges, and the `amends` edges of acts synced before it. */
async function createDocument(tx: Tx, input: DocumentInput, rows: VersionRows, newest: NewestOf): Promise<DocumentWrite> {
  const key = input.identity.naturalKey;
  const id = input.identity.id;
  const meta = newest.lastWithMeta?.meta ?? fallbackMeta(input.identity, input.fallbackTitle);
  const text = newest.lastReadable?.text ?? '';
  const row = documentRow(input, id, meta, text, newest.lastCommit, newest.currentVersionFrom);
  const doc: DocRef = { id, naturalKey: key, docNumber: meta.docNumber, docType: meta.docType, status: meta.status };
  const own = deriveTextRelations(text, key).map(toCorpusRelation);
  const [head = [], ...rest] = chunks(rows);
  await insertDocumentTree(tx, row, head, own);
  for (const chunk of rest) await appendVersions(tx, id, chunk);
  await writeAliasesOf(tx, id, key, meta, text, newest.lastReadable);
  // #37: its provisions searchable in the same transaction, before the cross-document lock.
  await writeProvisionIndex(tx, id, undefined, currentUnits(rows, newest.lastReadable, meta));
  await lockCrossDocument(tx);
  const amends = await writeAmendsFromFacts(tx, doc);
  const changes: NewChange[] = [{ kind: 'document.created', document: doc }, ...versionsAdded(doc, rows)];
  for (const r of [...amends, ...own]) changes.push(relationChange(doc, r.type, r.target, r.target_doc_number));
  await tx.$executeRawUnsafe(REFRESH_REPEALED_SQL, [key], INFERRED_FROM);
  return { doc, changes, ownEdgesChanged: own.some((r) => r.type === 'repeals'), formerRepeals: [] };
}

/** Acts this document is, whose amended documents were synced before it: their `amends` edges. */
async function writeAmendsFromFacts(tx: Tx, doc: DocRef): Promise<CorpusRelation[]> {
  const facts = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('sync_amendment')
      .select(['target_key', 'target_doc_number', 'from_history', 'from_metadata', 'from_text', 'version_dates'])
      .where('amending_key', '=', doc.naturalKey)
      .where((eb) => eb.or([eb('from_history', '=', true), eb('from_metadata', '=', true), eb('from_text', '=', true)]))
      .where('target_key', '<>', doc.naturalKey)
      .orderBy('target_key'),
  );
  const amends: CorpusRelation[] = facts.map((f) => ({
    type: 'amends',
    target: f.target_key,
    target_doc_number: f.target_doc_number,
    methods: methodsOf(f),
    evidence: null,
    version_dates: f.version_dates,
  }));
  if (amends.length) {
    await tx.$executeRawUnsafe(UPSERT_EDGES_SQL, JSON.stringify(amends.map((r) => ({ ...r, source_id: doc.id }))));
  }
  return amends;
}

/** A stored document with new versions: they follow the stored ones; its row and own edges follow the newest text. */
async function updateDocument(
  tx: Tx,
  input: DocumentInput,
  stored: StoredDocument,
  storedVersions: StoredVersion[],
  fresh: VersionInput[],
  rows: VersionRows,
  newest: NewestOf,
): Promise<DocumentWrite> {
  const key = input.identity.naturalKey;
  const { lastReadable } = newest;
  const meta = newest.lastWithMeta?.meta ?? null;
  const doc: DocRef = {
    id: stored.id,
    naturalKey: key,
    docNumber: meta?.docNumber ?? stored.doc_number,
    docType: meta?.docType ?? stored.doc_type,
    status: meta?.status ?? stored.status,
  };
  const predecessor = storedVersions[storedVersions.length - 1];
  if (predecessor) await closePredecessor(tx, stored.id, predecessor.version, fresh[0].validFrom, lastReadable !== undefined);
  for (const chunk of chunks(rows)) await appendVersions(tx, stored.id, chunk);
  const fields = await updateCurrentText(tx, input, stored, meta, newest);
  const changes: NewChange[] = [];
  // status_changed first: every entry carries the status after its change, and the feed's
  // contract (record-changes.ts) is that the entry before a status_changed has the old status.
  if (meta && meta.status !== stored.status) changes.push({ kind: 'document.status_changed', document: doc });
  if (fields) changes.push({ kind: 'document.updated', document: doc, fields });
  changes.push(...versionsAdded(doc, rows));
  let ownEdgesChanged = false;
  let formerRepeals: string[] = [];
  if (lastReadable) {
    const edges = await replaceOwnEdges(tx, doc, lastReadable.text ?? '');
    changes.push(...edges.changes);
    formerRepeals = edges.formerRepeals;
    ownEdgesChanged = edges.repealsChanged || meta !== null;
  }
  // #37: the provision index follows the new current text (rebuilt versions were dropped above).
  await writeProvisionIndex(tx, stored.id, undefined, meta ? currentUnits(rows, lastReadable, meta) : undefined);
  await lockCrossDocument(tx);
  if (meta) await tx.$executeRawUnsafe(REFRESH_REPEALED_SQL, [key], INFERRED_FROM);
  return { doc, changes, ownEdgesChanged, formerRepeals };
}

/** The new versions follow the stored ones: close the last one; the current text moves on. */
async function closePredecessor(tx: Tx, documentId: string, version: number, validTo: string, newText: boolean): Promise<void> {
  await executeIn(
    tx,
    sqlBuilder
      .updateTable('document_version')
      .set({ valid_to: sql<Date>`${validTo}::date`, ...(newText ? { text_is_current: false } : {}) })
      .where('document_id', '=', documentId)
      .where('version', '=', version),
  );
  if (newText) {
    await executeIn(
      tx,
      sqlBuilder
        .updateTable('document_version')
        .set({ text_is_current: false })
        .where('document_id', '=', documentId)
        .where('text_is_current', '=', true),
    );
  }
}

/**
 * The document row after new versions: rewritten from the newest readable version with metadata,
 * the text alone when its file is malformed, only the current version's date when none is
 * readable. Returns the tracked fields that changed (the first case only).
 */
async function updateCurrentText(
  tx: Tx,
  input: DocumentInput,
  stored: StoredDocument,
  meta: DocumentMeta | null,
  newest: NewestOf,
): Promise<ReturnType<typeof documentFieldChanges>> {
  const key = input.identity.naturalKey;
  const { lastReadable, lastCommit, currentVersionFrom } = newest;
  if (meta && lastReadable) {
    const row = documentRow(input, stored.id, meta, lastReadable.text ?? '', lastCommit, currentVersionFrom);
    const fields = documentFieldChanges(stored, row);
    await updateDocumentRow(tx, stored.id, row);
    await writeAliasesOf(tx, stored.id, key, meta, lastReadable.text ?? '', lastReadable);
    return fields;
  }
  if (lastReadable) {
    // Malformed newest file: new text, metadata as it was.
    const text = lastReadable.text ?? '';
    await executeIn(
      tx,
      sqlBuilder
        .updateTable('document')
        .set({
          text,
          sections: sql`${JSON.stringify(extractSections(text))}::jsonb`,
          current_version_from: sql<Date>`${currentVersionFrom}::date`,
          source: sql`jsonb_set(coalesce(source, '{}'::jsonb), '{commit}', to_jsonb(${lastCommit}::text))`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', stored.id),
    );
    const [named] = await selectIn(tx, sqlBuilder.selectFrom('document').select(['title', 'citation']).where('id', '=', stored.id));
    if (named) await writeAliasesOf(tx, stored.id, key, named, text, lastReadable);
    return null;
  }
  // Only unreadable versions: the stored text stays the current readable one.
  await executeIn(
    tx,
    sqlBuilder
      .updateTable('document')
      .set({ current_version_from: sql<Date>`${currentVersionFrom}::date`, updated_at: sql<Date>`now()` })
      .where('id', '=', stored.id),
  );
  return null;
}

/**
 * A stored document's own `repeals`/`cites` edges made to match its new current text: stale ones
 * deleted, the rest upserted. Returns the relation.created changes of the new ones.
 */
async function replaceOwnEdges(
  tx: Tx,
  doc: DocRef,
  text: string,
): Promise<{ changes: NewChange[]; formerRepeals: string[]; repealsChanged: boolean }> {
  const own = deriveTextRelations(text, doc.naturalKey);
  const before = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('document_relation')
      .select(['type', 'target_key'])
      .where('source_id', '=', doc.id)
      .where('type', 'in', ['repeals', 'cites']),
  );
  const wanted = new Set(own.map((r) => edgeKey(r.type, r.target)));
  const stale = before.filter((e) => !wanted.has(edgeKey(e.type, e.target_key)));
  if (stale.length) {
    await executeIn(
      tx,
      sqlBuilder
        .deleteFrom('document_relation')
        .where('source_id', '=', doc.id)
        .where(sql<string>`"type" || ' ' || target_key`, '=', sql<string>`ANY(${stale.map((e) => `${e.type} ${e.target_key}`)}::text[])`),
    );
  }
  const written = own.length
    ? await tx.$queryRawUnsafe<UpsertedEdge[]>(
        UPSERT_EDGES_SQL,
        JSON.stringify(own.map((r) => ({ ...toCorpusRelation(r), source_id: doc.id }))),
      )
    : [];
  const changes: NewChange[] = [];
  for (const w of written) {
    if (!w.inserted) continue;
    const r = own.find((o) => o.type === w.type && o.target === w.target_key);
    if (r) changes.push(relationChange(doc, r.type, r.target, r.targetDocNumber));
  }
  return {
    changes,
    formerRepeals: stale.filter((e) => e.type === 'repeals').map((e) => e.target_key),
    repealsChanged: stale.some((e) => e.type === 'repeals') || written.some((w) => w.type === 'repeals'),
  };
}

/**
 * A document's stored `repeals` edges that only its text stated (method `text-pattern`) and that none
 * of its texts states now — a repeal once read as whole that keeps some units ("…, s výjimkou § …",
 * a partial repeal) — deleted, and their targets' repealed_by recomputed. The reader's catch-up
 * (fillAmendmentEffects) runs it on every document when AMENDMENT_READER_VERSION rises, so a database
 * synced before such a change is relabelled with no new upstream commit. Needs the cross-document lock.
 */
export async function dropRepealsNoLongerStated(
  tx: Tx,
  doc: { id: string; naturalKey: string },
  texts: readonly string[],
): Promise<string[]> {
  const stored = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('document_relation')
      .select(['target_key', 'methods'])
      .where('source_id', '=', doc.id)
      .where('type', '=', 'repeals'),
  );
  const fromText = stored.filter((e) => e.methods?.length === 1 && e.methods[0] === 'text-pattern');
  if (!fromText.length) return [];
  const stated = new Set(
    texts.flatMap((t) => deriveTextRelations(t, doc.naturalKey).flatMap((r) => (r.type === 'repeals' ? [r.target] : []))),
  );
  const gone = fromText.map((e) => e.target_key).filter((k) => !stated.has(k));
  if (!gone.length) return [];
  await executeIn(
    tx,
    sqlBuilder
      .deleteFrom('document_relation')
      .where('source_id', '=', doc.id)
      .where('type', '=', 'repeals')
      .where('target_key', '=', sql<string>`ANY(${gone}::text[])`),
  );
  await refreshRepealedTargets(tx, doc.id, gone);
  return gone;
}

/** The documents this one repeals (now or before) get their repealed_by recomputed. */
async function refreshRepealedTargets(tx: Tx, documentId: string, formerRepeals: string[]): Promise<void> {
  const targets = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('document_relation')
      .select('target_key')
      .distinct()
      .where('source_id', '=', documentId)
      .where('type', '=', 'repeals'),
  );
  const keys = [...new Set([...targets.map((t) => t.target_key), ...formerRepeals])];
  if (keys.length) await tx.$executeRawUnsafe(REFRESH_REPEALED_SQL, keys, INFERRED_FROM);
}

// A text is filled in only where none is stored and the stored hash (if any) is the text's: the
// version was announced when it was first written, so filling in its text writes no change row.
const FILL_TEXTS_SQL = `
UPDATE "document_version" v SET text = f.text, text_sha256 = f.text_sha256, text_chars = f.text_chars,
  text_omitted = NULL, source_date = coalesce(v.source_date, f.source_date)
FROM jsonb_to_recordset($2::jsonb) AS f(source_commit text, text text, text_sha256 text, text_chars int, source_date date)
WHERE v.document_id = $1 AND v.source_commit = f.source_commit AND v.text IS NULL AND NOT v.text_is_current
  AND (v.text_sha256 IS NULL OR v.text_sha256 = f.text_sha256)
RETURNING v.source_commit`;

async function fillTexts(tx: Tx, documentId: string, fills: VersionInput[]): Promise<{ filled: number; mismatched: string[] }> {
  const readable = fills.filter((v) => v.text !== null);
  if (!readable.length) return { filled: 0, mismatched: [] };
  const done = new Set<string>();
  const rows = readable.map((v) => ({
    source_commit: v.commit,
    text: v.text,
    text_sha256: v.textSha256,
    text_chars: v.text?.length ?? null,
    source_date: v.sourceDate,
  }));
  for (const chunk of chunkBy(rows, (r) => r.text?.length ?? 0)) {
    const written = await tx.$queryRawUnsafe<Pick<TableRow<'document_version'>, 'source_commit'>[]>(
      FILL_TEXTS_SQL,
      documentId,
      JSON.stringify(chunk),
    );
    for (const w of written) if (w.source_commit !== null) done.add(w.source_commit);
  }
  return { filled: done.size, mismatched: readable.filter((v) => !done.has(v.commit)).map((v) => v.commit) };
}

/**
 * Records what the new versions and the newest front matter say about the acts that amended this
 * document (sync_amendment), and keeps the `amends` edges of those acts that are in the corpus in
 * line with it. Returns the relation.created changes of edges new on those acts' documents.
 */
async function recordAmendments(
  tx: Tx,
  doc: DocRef,
  fresh: VersionInput[],
  meta: DocumentMeta | null,
  created = false,
): Promise<NewChange[]> {
  const key = doc.naturalKey;
  const stored = await selectIn(tx, selectFacts(key));
  const facts = new Map<string, AmendmentFact>(stored.map((f) => [f.amending_key, { ...f, version_dates: [...f.version_dates] }]));
  // A document new to the collection gets the edges of the acts whose texts said they amend it
  // before it arrived (their effects were written then, from their side).
  const touched = new Set<string>(created ? stored.filter((f) => f.from_text).map((f) => f.amending_key) : []);
  const fact = (act: string): AmendmentFact => {
    let f = facts.get(act);
    if (!f) {
      f = { amending_key: act, from_history: false, from_metadata: false, from_text: false, version_dates: [] };
      facts.set(act, f);
    }
    return f;
  };
  for (const v of fresh) {
    if (!v.sourceAct || v.sourceAct === key) continue;
    const f = fact(v.sourceAct);
    if (!f.version_dates.includes(v.validFrom)) {
      f.version_dates.push(v.validFrom);
      touched.add(v.sourceAct);
    }
    if (v.amendedBy && !f.from_history) {
      f.from_history = true;
      touched.add(v.sourceAct);
    }
  }
  if (meta) {
    const listed = new Set(meta.amendingActs);
    for (const act of listed) {
      const f = fact(act);
      if (!f.from_metadata) {
        f.from_metadata = true;
        touched.add(act);
      }
    }
    for (const f of facts.values()) {
      if (f.from_metadata && !listed.has(f.amending_key)) {
        f.from_metadata = false;
        touched.add(f.amending_key);
      }
    }
  }
  if (touched.size === 0) return [];
  const rows = [...touched].map((act) => fact(act));
  await tx.$executeRawUnsafe(UPSERT_FACTS_SQL, key, doc.docNumber, JSON.stringify(rows));

  const amenders = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('document')
      .select(['id', 'natural_key', 'doc_number', 'doc_type', 'status'])
      .where('natural_key', '=', (eb) => eb.fn.any(eb.val([...touched]))),
  );
  const edges: Record<string, unknown>[] = [];
  const removals: string[] = [];
  for (const a of amenders) {
    const f = fact(a.natural_key);
    if (f.from_history || f.from_metadata || f.from_text) {
      edges.push({
        source_id: a.id,
        type: 'amends',
        target: key,
        target_doc_number: doc.docNumber,
        methods: methodsOf(f),
        evidence: null,
        version_dates: f.version_dates,
      });
    } else {
      removals.push(a.id);
    }
  }
  if (removals.length) {
    await executeIn(
      tx,
      sqlBuilder
        .deleteFrom('document_relation')
        .where('type', '=', 'amends')
        .where('target_key', '=', key)
        .where('source_id', '=', (eb) => eb.fn.any(eb.val(removals))),
    );
  }
  const written = edges.length ? await tx.$queryRawUnsafe<UpsertedEdge[]>(UPSERT_EDGES_SQL, JSON.stringify(edges)) : [];
  const changes: NewChange[] = [];
  for (const w of written) {
    const a = amenders.find((x) => x.id === w.source_id);
    if (!w.inserted || !a) continue;
    const ref: DocRef = { id: a.id, naturalKey: a.natural_key, docNumber: a.doc_number, docType: a.doc_type, status: a.status };
    changes.push(relationChange(ref, 'amends', key, doc.docNumber));
  }
  return changes;
}

function methodsOf(f: { from_history: boolean; from_metadata: boolean; from_text: boolean }): string[] {
  const m: string[] = [];
  if (f.from_history) m.push(SOURCE_HISTORY);
  if (f.from_metadata) m.push(SOURCE_METADATA);
  if (f.from_text) m.push(SOURCE_TEXT);
  return m;
}
