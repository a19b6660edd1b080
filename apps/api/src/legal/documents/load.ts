import { ApiError, eSbirkaUrl, formatIsoDate, notFound, todayUtc, type TextUnavailableReason, type V1Schemas } from '@dp/core';
import {
  decodeProvisionTree,
  MISSING_BLOB_REASON,
  normalizeDocumentRef,
  looksLikeNaturalKey,
  sql,
  type Database,
  type Section,
  type Selectable,
  type Tables,
  type ProvisionChanges,
  type ProvisionTree,
} from '@dp/db';

type InferredFrom = V1Schemas['Version']['valid_from_inferred_from'];
const INFERRED_FROM: readonly string[] = ['previous_version_end', 'published', 'effective_from'] satisfies NonNullable<InferredFrom>[];
/** The stored basis of an inferred start date, as the contract names it (anything else: none). */
const inferredFrom = (stored: string | null): InferredFrom =>
  stored !== null && INFERRED_FROM.includes(stored) ? (stored as InferredFrom) : null;

export type DocumentRow = NonNullable<Awaited<ReturnType<Database['prisma']['document']['findUnique']>>>;

export interface VersionMeta {
  version: number;
  validFrom: Date;
  validTo: Date | null;
  kind: string;
  amendedBy: string | null;
  amendedByKey: string | null;
  textSha256: string | null;
  textChars: number | null;
  hasText: boolean;
  textIsCurrent: boolean;
  textOmitted: string | null;
  /** Null: valid_from as the source states it; else what the importer stood in for it. */
  validFromInferredFrom: InferredFrom;
  /** The day the version's text represents: its valid_from, unless stored otherwise (#35). */
  textAsOf: Date;
  /** 'source': the upstream's own text; 'rebuilt': made from amending acts' instructions (#36). */
  textSource: string;
  /**
   * A rebuilt version's points first left unapplied in it (its own, and those of earlier amending
   * acts of which nothing applied); its chain's earlier versions list theirs.
   */
  failed: { amendingKey: string; ordinal: number }[];
  /** Its provision tree is stored (#24): every version with a text has one once built. */
  hasTree: boolean;
}

export type DocumentMeta = Omit<DocumentRow, 'text' | 'sections'>;

/** Loads a document by id or natural key, without its large parts (text, sections). */
export async function loadDocument(db: Database, rawRef: string): Promise<DocumentMeta> {
  const ref = normalizeDocumentRef(rawRef);
  if (!ref || ref.length > 200) throw notFound('The document', { id: rawRef });
  const where = looksLikeNaturalKey(ref) ? { naturalKey: ref.toLowerCase() } : { id: ref };
  const doc = await db.prisma.document.findUnique({ where, omit: { text: true, sections: true } });
  if (!doc) throw notFound(`Document '${ref}'`, { id: ref });
  return doc;
}

/** Section headings with offsets into the current text (large for long acts: read on demand). */
export async function loadSections(db: Database, documentId: string): Promise<Section[]> {
  const row = await db.kysely.selectFrom('document').select('sections').where('id', '=', documentId).executeTakeFirst();
  // A jsonb column (unknown to Kysely), written only as `Section[]` (the importer's record, the sync's extractSections).
  return (row?.sections ?? []) as Section[];
}

/** A version as the version reads select it: its columns, and whether it has a text and a tree. */
export function selectVersions(db: Database) {
  return db.kysely
    .selectFrom('document_version')
    .select((eb) => [
      'version',
      'valid_from',
      'valid_to',
      'kind',
      'amended_by',
      'amended_by_key',
      'text_sha256',
      'text_chars',
      eb('text', 'is not', null).$castTo<boolean>().as('has_text'),
      'text_is_current',
      'text_omitted',
      'valid_from_inferred_from',
      sql<Date>`coalesce(text_as_of, valid_from)`.as('text_as_of'),
      'text_source',
      sql<{ amending_key: string; ordinal: number }[] | null>`CASE WHEN text_source = 'rebuilt' THEN rebuild -> 'failed' END`.as(
        'rebuild_failed',
      ),
      eb('provisions', 'is not', null).$castTo<boolean>().as('has_tree'),
    ]);
}

/** A `document_version` row as the version queries select it (its types the schema's). */
export type VersionRow = Awaited<ReturnType<ReturnType<typeof selectVersions>['execute']>>[number];

export function versionFromRow(r: VersionRow): VersionMeta {
  const validFrom = toDate(r.valid_from)!;
  const validTo = toDate(r.valid_to);
  return {
    version: r.version,
    validFrom,
    validTo,
    kind: r.kind,
    amendedBy: r.amended_by,
    amendedByKey: r.amended_by_key,
    textSha256: r.text_sha256,
    textChars: r.text_chars,
    hasText: r.has_text || r.text_is_current,
    textIsCurrent: r.text_is_current,
    textOmitted: r.text_omitted,
    validFromInferredFrom: inferredFrom(r.valid_from_inferred_from),
    textAsOf: toDate(r.text_as_of)!,
    textSource: r.text_source,
    failed: (r.rebuild_failed ?? []).map((f) => ({ amendingKey: f.amending_key, ordinal: f.ordinal })),
    hasTree: r.has_tree,
  };
}

export async function loadVersions(db: Database, documentId: string): Promise<VersionMeta[]> {
  return (await loadVersionsOf(db, [documentId])).get(documentId) ?? [];
}

/** The versions of several documents in one query, by document id (a search page's documents). */
export async function loadVersionsOf(db: Database, documentIds: readonly string[]): Promise<Map<string, VersionMeta[]>> {
  const out = new Map<string, VersionMeta[]>(documentIds.map((id) => [id, []]));
  if (!documentIds.length) return out;
  const rows = await selectVersions(db)
    .select('document_id')
    .where('document_id', 'in', [...documentIds])
    .orderBy('document_id')
    .orderBy('valid_from')
    .orderBy('version')
    .execute();
  for (const r of rows) out.get(r.document_id)?.push(versionFromRow(r));
  return out;
}

/** Several documents by id in one query, without their large parts (absent: no such document). */
export async function loadDocumentsById(db: Database, ids: readonly string[]): Promise<Map<string, DocumentMeta>> {
  if (!ids.length) return new Map();
  const docs = await db.prisma.document.findMany({ where: { id: { in: [...ids] } }, omit: { text: true, sections: true } });
  return new Map(docs.map((d) => [d.id, d]));
}

/** DATE arrives as a Date (pg) or, from some queries, as text; normalise to a UTC midnight Date. */
export function toDate(v: Date | string | null): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return new Date(Date.UTC(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()));
  return new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
}

/**
 * The version in view on a day: the one with valid_from ≤ day < valid_to; past the last one's
 * end, the last one. Before the first version: none (undefined) when the document was published
 * by then (it exists, not yet in force), else a 404 (it had not been published).
 */
export function versionAt(versions: VersionMeta[], day: Date, publishedOn: Date | null): VersionMeta | undefined {
  const t = day.getTime();
  if (!versions.length || t < versions[0].validFrom.getTime()) {
    const published = toDate(publishedOn);
    if (published && t >= published.getTime()) return undefined;
    throw new ApiError('not_found', 'The document had not been published on that date.', {
      reason: 'not_yet_published',
      at: formatIsoDate(day),
      published: published ? formatIsoDate(published) : null,
      first_version_from: versions[0] ? formatIsoDate(versions[0].validFrom) : null,
    });
  }
  let chosen = versions[0];
  for (const v of versions) if (v.validFrom.getTime() <= t) chosen = v;
  return chosen;
}

export interface TextUnavailable {
  reason: TextUnavailableReason;
  message: string;
  /** The version for that day at e-Sbírka, the official source, which anyone can open. */
  source_url: string | null;
}

/**
 * Whether a read on `day` can show a text, and if not why: no version in force yet, a version
 * whose text is of a later day than the one asked (the source lacks the text of that day), or a
 * text the database does not hold. Never another day's text passed off as that day's. `day` null:
 * a read of the current version without a day (its text is shown with its text_as_of).
 */
export function textUnavailable(naturalKey: string, inView: VersionMeta | undefined, day: Date | null): TextUnavailable | null {
  const iso = day ? formatIsoDate(day) : undefined;
  const source_url = eSbirkaUrl(naturalKey, iso);
  if (!inView) {
    return { reason: 'not_yet_in_force', message: `No version of the document was in force on ${iso ?? 'this day'} yet.`, source_url };
  }
  if (day && iso && day.getTime() < inView.textAsOf.getTime()) {
    const asOf = formatIsoDate(inView.textAsOf);
    return {
      reason: 'not_in_source',
      message:
        `The source holds no text of this document for ${iso}: the version in force then (from ` +
        `${formatIsoDate(inView.validFrom)}) carries the text as of ${asOf} (version.text_as_of). See source_url.`,
      source_url,
    };
  }
  if (inView.hasText) return null;
  if (inView.textOmitted === MISSING_BLOB_REASON) {
    return { reason: 'source_file_missing', message: "The source repository lacks this version's file.", source_url };
  }
  return {
    reason: 'hash_only',
    message: "The source kept only a hash of this version's text (see version.text_sha256).",
    source_url,
  };
}

/** The version whose text is the document row's own (the source's newest readable text). */
export function storedTextVersion(versions: VersionMeta[]): VersionMeta | undefined {
  return versions.find((v) => v.textIsCurrent) ?? versions[versions.length - 1];
}

/**
 * The version a read without a day shows: the source's newest, or where the engine rebuilt later
 * versions from amending acts (#36), the newest of those in force today (one scheduled for later
 * is read with `at`).
 */
export function currentVersion(versions: VersionMeta[], today: Date = todayUtc()): VersionMeta | undefined {
  const stored = storedTextVersion(versions);
  if (!stored) return undefined;
  let current = stored;
  for (const v of versions) {
    if (v.textSource === 'rebuilt' && v.version > stored.version && v.validFrom.getTime() <= today.getTime()) current = v;
  }
  return current;
}

/**
 * The text of a version: the document's own text for the version that holds it (`holder`:
 * storedTextVersion), else the version's.
 */
export async function loadVersionText(
  db: Database,
  documentId: string,
  v: VersionMeta,
  holder: VersionMeta | undefined,
): Promise<string | null> {
  if (holder && v.version === holder.version) {
    const row = await db.kysely.selectFrom('document').select('text').where('id', '=', documentId).executeTakeFirst();
    return row?.text ?? null;
  }
  if (!v.hasText) return null;
  const row = await db.kysely
    .selectFrom('document_version')
    .select('text')
    .where('document_id', '=', documentId)
    .where('version', '=', v.version)
    .executeTakeFirst();
  return row?.text ?? null;
}

/** Stored provision trees of several versions in one query, keyed `documentId|version` (absent: none stored). */
export async function loadProvisionTrees(
  db: Database,
  refs: readonly { documentId: string; version: number }[],
): Promise<Map<string, ProvisionTree>> {
  // The wanted pairs as a relation (unnest with a column list, which Kysely's builder cannot alias):
  // a statement of its own, its row type still the schema's.
  type StoredTree = Pick<Selectable<Tables['document_version']>, 'document_id' | 'version'> & { provisions: string };
  const { rows } = await sql<StoredTree>`SELECT v.document_id, v.version, v.provisions
     FROM unnest(${refs.map((r) => r.documentId)}::text[], ${refs.map((r) => r.version)}::int[]) AS w (document_id, version)
     JOIN document_version v ON v.document_id = w.document_id AND v.version = w.version
     WHERE v.provisions IS NOT NULL`.execute(db.kysely);
  return new Map(rows.map((r) => [`${r.document_id}|${r.version}`, decodeProvisionTree(r.provisions)]));
}

/** What each version changed against the previous version with a tree, by version. */
export async function loadProvisionChanges(db: Database, documentId: string): Promise<Map<number, ProvisionChanges>> {
  const rows = await db.kysely
    .selectFrom('document_version')
    .select(['version', 'provision_changes'])
    .where('document_id', '=', documentId)
    .where('provision_changes', 'is not', null)
    .$narrowType<{ provision_changes: ProvisionChanges }>() // JSON the writer stored in this shape
    .execute();
  return new Map(rows.map((r) => [r.version, r.provision_changes]));
}
