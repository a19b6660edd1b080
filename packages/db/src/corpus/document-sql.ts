import type { DB } from '../generated/kysely/types';
import { executeIn, sqlBuilder } from '../typed-sql';
import type { CorpusRecord, CorpusRelation, CorpusVersion } from './corpus-record';
import type { RawTx } from '../client';

// The row writes of the importer as set-based SQL. Rows travel as ONE JSON parameter per table and
// are expanded by jsonb_to_record(set): Prisma's createMany spends milliseconds per call compiling
// and serialising large texts, which alone blew the 30 s budget for the corpus; this way a new
// document with all its versions and edges is one statement.

type Tx = RawTx;

const DOCUMENT_COLUMNS = [
  ['id', 'text'],
  ['natural_key', 'text'],
  ['doc_number', 'text'],
  ['eli', 'text'],
  ['title', 'text'],
  ['citation', 'text'],
  ['doc_type', 'text'],
  ['doc_type_source', 'jsonb'],
  ['is_amending_act', 'boolean'],
  ['language', 'text'],
  ['text_format', 'text'],
  ['text', 'text'],
  ['sections', 'jsonb'],
  ['published_on', 'date'],
  ['effective_from', 'date'],
  ['effective_to', 'date'],
  ['current_version_from', 'date'],
  ['last_updated', 'date'],
  ['status', 'text'],
  ['source_version_type', 'text'],
  ['never_effective', 'boolean'],
  ['repealed_by', 'text[]'],
  ['inferred_effective_to', 'date'],
  ['inferred_from', 'text'],
  ['gazette', 'jsonb'],
  ['source', 'jsonb'],
  ['content_hash', 'text'],
] as const satisfies readonly (readonly [keyof DB['document'], string])[]; // the schema's columns

/** The document row as the writers send it: every column the statements read, as JSON (dates as ISO text). */
export type DocumentRowInput = { [K in (typeof DOCUMENT_COLUMNS)[number][0]]: unknown };

// Keys of a corpus version object are the column names of document_version.
const VERSION_COLUMNS = [
  ['version', 'int'],
  ['valid_from', 'date'],
  ['valid_to', 'date'],
  ['kind', 'text'],
  ['amended_by', 'text'],
  ['amended_by_key', 'text'],
  ['source_commit', 'text'],
  ['text_sha256', 'text'],
  ['text_chars', 'int'],
  ['text', 'text'],
  ['text_omitted', 'text'],
  ['text_is_current', 'boolean'],
  ['valid_from_inferred_from', 'text'],
  ['source_date', 'date'],
  // #24: absent from a corpus record; the writers add them (attachProvisions).
  ['provisions', 'text'],
  ['provisions_format', 'smallint'],
  ['provision_changes', 'jsonb'],
] as const satisfies readonly (readonly [keyof DB['document_version'], string])[]; // the schema's columns

const RELATION_INPUT = `jsonb_to_recordset($REL::jsonb) AS r("type" text, "target" text, "target_doc_number" text,
  "methods" text[], "evidence" text, "version_dates" text[])`;

const q = (name: string) => `"${name}"`;
const names = (cols: readonly (readonly [string, string])[]) => cols.map(([n]) => q(n)).join(', ');
const defs = (cols: readonly (readonly [string, string])[]) => cols.map(([n, t]) => `${q(n)} ${t}`).join(', ');
const prefixed = (alias: string, cols: readonly (readonly [string, string])[]) => cols.map(([n]) => `${alias}.${q(n)}`).join(', ');

const INSERT_DOCUMENT_TREE_SQL = `
WITH doc AS (
  INSERT INTO "document" (${names(DOCUMENT_COLUMNS)})
  SELECT ${prefixed('d', DOCUMENT_COLUMNS)} FROM jsonb_to_record($1::jsonb) AS d(${defs(DOCUMENT_COLUMNS)})
  RETURNING id
), ver AS (
  INSERT INTO "document_version" (document_id, ${names(VERSION_COLUMNS)})
  SELECT doc.id, ${prefixed('v', VERSION_COLUMNS)}
  FROM doc, jsonb_to_recordset($2::jsonb) AS v(${defs(VERSION_COLUMNS)})
  RETURNING 1
), rel AS (
  INSERT INTO "document_relation" (source_id, "type", target_key, target_doc_number, methods, evidence, version_dates)
  SELECT doc.id, r."type", r."target", r."target_doc_number", r."methods", r."evidence", r."version_dates"
  FROM doc, ${RELATION_INPUT.replace('$REL', '$3')}
  RETURNING 1
)
SELECT (SELECT count(*) FROM ver)::int AS versions, (SELECT count(*) FROM rel)::int AS relations`;

const UPDATABLE_DOCUMENT_COLUMNS = DOCUMENT_COLUMNS.filter(([n]) => n !== 'id');
const UPDATE_DOCUMENT_SQL = `
UPDATE "document" SET (${names(UPDATABLE_DOCUMENT_COLUMNS)}, updated_at) =
  (SELECT ${prefixed('d', UPDATABLE_DOCUMENT_COLUMNS)}, now() FROM jsonb_to_record($1::jsonb) AS d(${defs(DOCUMENT_COLUMNS)}))
WHERE id = $2`;

const INSERT_VERSIONS_SQL = `
INSERT INTO "document_version" (document_id, ${names(VERSION_COLUMNS)})
SELECT $1, ${prefixed('v', VERSION_COLUMNS)} FROM jsonb_to_recordset($2::jsonb) AS v(${defs(VERSION_COLUMNS)})`;

// An edge that exists keeps its created_at; it is rewritten only when something about it differs.
const UPSERT_RELATIONS_SQL = `
INSERT INTO "document_relation" (source_id, "type", target_key, target_doc_number, methods, evidence, version_dates)
SELECT $1, r."type", r."target", r."target_doc_number", r."methods", r."evidence", r."version_dates"
FROM ${RELATION_INPUT.replace('$REL', '$2')}
ON CONFLICT (source_id, "type", target_key) DO UPDATE SET
  target_doc_number = excluded.target_doc_number, methods = excluded.methods,
  evidence = excluded.evidence, version_dates = excluded.version_dates
WHERE (document_relation.target_doc_number, document_relation.methods, document_relation.evidence, document_relation.version_dates)
  IS DISTINCT FROM (excluded.target_doc_number, excluded.methods, excluded.evidence, excluded.version_dates)`;

const DELETE_RELATIONS_SQL = `
DELETE FROM "document_relation" AS dr
WHERE dr.source_id = $1
  AND NOT EXISTS (SELECT 1 FROM ${RELATION_INPUT.replace('$REL', '$2')} WHERE r."type" = dr."type" AND r."target" = dr.target_key)`;

/** The document row as JSON keyed by column name (dates stay ISO strings; Postgres casts them). */
export function documentRow(rec: CorpusRecord, id: string, contentHash: string): DocumentRowInput {
  return {
    id,
    natural_key: rec.natural_key,
    doc_number: rec.doc_number,
    eli: rec.eli,
    title: rec.title,
    citation: rec.citation,
    doc_type: rec.doc_type,
    doc_type_source: rec.doc_type_source,
    is_amending_act: rec.is_amending_act,
    language: rec.language,
    text_format: rec.text_format,
    text: rec.text,
    sections: rec.sections,
    published_on: rec.dates.published,
    effective_from: rec.dates.effective_from,
    effective_to: rec.dates.effective_to,
    current_version_from: rec.dates.current_version_from,
    last_updated: rec.dates.last_updated,
    status: rec.effectivity.status,
    source_version_type: rec.effectivity.source_version_type,
    never_effective: rec.effectivity.never_effective,
    repealed_by: rec.effectivity.repealed_by,
    inferred_effective_to: rec.effectivity.inferred_effective_to,
    inferred_from: rec.effectivity.inferred_from,
    gazette: rec.gazette,
    source: rec.source,
    content_hash: contentHash,
  };
}

/** A new document with its versions and outgoing edges: one statement. */
export async function insertDocumentTree(
  tx: Tx,
  row: DocumentRowInput,
  versions: CorpusVersion[],
  relations: CorpusRelation[],
): Promise<void> {
  await tx.$queryRawUnsafe(INSERT_DOCUMENT_TREE_SQL, JSON.stringify(row), JSON.stringify(versions), JSON.stringify(relations));
}

export async function updateDocumentRow(tx: Tx, id: string, row: DocumentRowInput): Promise<void> {
  await tx.$executeRawUnsafe(UPDATE_DOCUMENT_SQL, JSON.stringify(row), id);
}

/** Versions carry no history of their own, so a changed document's versions are rewritten. */
export async function replaceVersions(tx: Tx, documentId: string, versions: CorpusVersion[]): Promise<void> {
  await executeIn(tx, sqlBuilder.deleteFrom('document_version').where('document_id', '=', documentId));
  if (versions.length) await tx.$executeRawUnsafe(INSERT_VERSIONS_SQL, documentId, JSON.stringify(versions));
}

/** Makes the stored edges of a document exactly `relations`, touching only what differs. */
export async function syncRelations(tx: Tx, documentId: string, relations: CorpusRelation[]): Promise<void> {
  const json = JSON.stringify(relations);
  await tx.$executeRawUnsafe(DELETE_RELATIONS_SQL, documentId, json);
  if (relations.length) await tx.$executeRawUnsafe(UPSERT_RELATIONS_SQL, documentId, json);
}

/** Adds versions to a stored document without touching the ones it has (the git sync appends). */
export async function appendVersions(tx: Tx, documentId: string, versions: CorpusVersion[]): Promise<void> {
  if (versions.length) await tx.$executeRawUnsafe(INSERT_VERSIONS_SQL, documentId, JSON.stringify(versions));
}

// Versions travel as one JSON parameter per statement; a document with dozens of multi-MB versions
// is sent in several statements (same transaction) so no single JSON string holds all its texts.
const CHUNK_CHARS = 4_000_000;

/** Rows in batches of at most a few MB of text each (one statement per batch). */
export function chunkBy<T>(rows: T[], charsOf: (row: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const r of rows) {
    const chars = charsOf(r);
    if (current.length && size + chars > CHUNK_CHARS) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(r);
    size += chars;
  }
  if (current.length) out.push(current);
  return out;
}
