import { ApiError, notFound, type V1Schemas } from '@dp/core';
import { normalizeDocumentRef, looksLikeNaturalKey, type Database } from '@dp/db';

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
export async function loadSections(db: Database, documentId: string): Promise<unknown> {
  const rows = await db.query<{ sections: unknown }>('SELECT sections FROM document WHERE id = $1', [documentId]);
  return rows[0]?.sections ?? [];
}

export async function loadVersions(db: Database, documentId: string): Promise<VersionMeta[]> {
  const rows = await db.query<{
    version: number;
    valid_from: Date;
    valid_to: Date | null;
    kind: string;
    amended_by: string | null;
    amended_by_key: string | null;
    text_sha256: string | null;
    text_chars: number | null;
    has_text: boolean;
    text_is_current: boolean;
    text_omitted: string | null;
    valid_from_inferred_from: string | null;
  }>(
    `SELECT version, valid_from, valid_to, kind, amended_by, amended_by_key, text_sha256, text_chars,
            (text IS NOT NULL) AS has_text, text_is_current, text_omitted, valid_from_inferred_from
     FROM document_version WHERE document_id = $1 ORDER BY valid_from, version`,
    [documentId],
  );
  return rows.map((r) => ({
    version: r.version,
    validFrom: toDate(r.valid_from)!,
    validTo: toDate(r.valid_to),
    kind: r.kind,
    amendedBy: r.amended_by,
    amendedByKey: r.amended_by_key,
    textSha256: r.text_sha256,
    textChars: r.text_chars,
    hasText: r.has_text || r.text_is_current,
    textIsCurrent: r.text_is_current,
    textOmitted: r.text_omitted,
    validFromInferredFrom: inferredFrom(r.valid_from_inferred_from),
  }));
}

/** DATE arrives as a Date (pg) or, from some queries, as text; normalise to a UTC midnight Date. */
export function toDate(v: Date | string | null): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return new Date(Date.UTC(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()));
  return new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
}

/**
 * The version in view on a day: the one with valid_from ≤ day < valid_to; past the last one's
 * end, the last one. Before the first version the document was not yet published.
 */
export function versionAt(versions: VersionMeta[], day: Date): VersionMeta {
  const t = day.getTime();
  if (!versions.length || t < versions[0].validFrom.getTime()) {
    throw new ApiError('not_found', 'The document had not been published on that date.', {
      reason: 'not_yet_published',
      at: day.toISOString().slice(0, 10),
      first_version_from: versions[0]?.validFrom.toISOString().slice(0, 10) ?? null,
    });
  }
  let chosen = versions[0];
  for (const v of versions) if (v.validFrom.getTime() <= t) chosen = v;
  return chosen;
}

export function currentVersion(versions: VersionMeta[]): VersionMeta | undefined {
  return versions.find((v) => v.textIsCurrent) ?? versions[versions.length - 1];
}

/** The text of a version: the document's own text for the current version, else the version's. */
export async function loadVersionText(
  db: Database,
  documentId: string,
  v: VersionMeta,
  current: VersionMeta | undefined,
): Promise<string | null> {
  if (current && v.version === current.version) {
    const rows = await db.query<{ text: string }>('SELECT text FROM document WHERE id = $1', [documentId]);
    return rows[0]?.text ?? null;
  }
  if (!v.hasText) return null;
  const rows = await db.query<{ text: string | null }>('SELECT text FROM document_version WHERE document_id = $1 AND version = $2', [
    documentId,
    v.version,
  ]);
  return rows[0]?.text ?? null;
}
