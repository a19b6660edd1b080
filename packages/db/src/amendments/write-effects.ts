import type { NewChange } from '../changes/record-changes';
import type { Prisma } from '../generated/client';

type Tx = Prisma.TransactionClient;

/**
 * The version of the amending-act reader and instruction grammar whose effects are stored
 * (`amendment_source.version`): a sync rewrites the effects of amending acts written by an older one.
 * Raise it when the reader or the grammar reads differently.
 */
export const AMENDMENT_READER_VERSION = 6;

/** One instruction point of an amending act for one amended act, as stored (`amendment_effect`). */
export interface EffectInput {
  targetKey: string;
  /** The amended act's number as the amending act writes it (`262/2006 Sb.`). */
  targetDocNumber: string | null;
  ordinal: number;
  point: string | null;
  part: string | null;
  article: string | null;
  effectiveFrom: string | null;
  dateBasis: string | null;
  kinds: string[];
  targets: string[];
  instruction: string;
}

export interface AmendingDocument {
  id: string;
  naturalKey: string;
  docNumber: string;
  docType: string;
  status: string;
}

const INSERT_EFFECTS_SQL = `
INSERT INTO "amendment_effect" (amending_key, target_key, ordinal, point, part, article, effective_from, date_basis, kinds, targets, instruction)
SELECT $1, e.target_key, e.ordinal, e.point, e.part, e.article, e.effective_from, e.date_basis, e.kinds, e.targets, e.instruction
FROM jsonb_to_recordset($2::jsonb) AS e(target_key text, ordinal int, point text, part text, article text,
  effective_from date, date_basis text, kinds text[], targets text[], instruction text)`;

// from_text of every act this amending act's text amends (and no longer amends): the facts the
// `amends` edges are kept from, whichever of the two documents is written second.
const UPSERT_TEXT_FACTS_SQL = `
INSERT INTO "sync_amendment" (target_key, amending_key, target_doc_number, from_text)
SELECT t.target_key, $1, t.target_doc_number, t.from_text
FROM jsonb_to_recordset($2::jsonb) AS t(target_key text, target_doc_number text, from_text boolean)
ON CONFLICT (target_key, amending_key) DO UPDATE SET from_text = excluded.from_text,
  target_doc_number = coalesce("sync_amendment".target_doc_number, excluded.target_doc_number)
WHERE "sync_amendment".from_text IS DISTINCT FROM excluded.from_text`;

// The `amends` edges of this act to the acts in the collection it amends, by any evidence. An edge
// a JSONL record brought keeps its own methods and version dates beside the text's.
const UPSERT_AMENDS_EDGES_SQL = `
INSERT INTO "document_relation" (source_id, "type", target_key, target_doc_number, methods, evidence, version_dates)
SELECT $1, 'amends', f.target_key, coalesce(d.doc_number, f.target_doc_number),
  array_remove(ARRAY[CASE WHEN f.from_history THEN 'source-history' END, CASE WHEN f.from_metadata THEN 'source-metadata' END,
                     CASE WHEN f.from_text THEN 'source-text' END], NULL),
  NULL, f.version_dates
FROM "sync_amendment" f JOIN "document" d ON d.natural_key = f.target_key
WHERE f.amending_key = $2 AND f.target_key = ANY($3::text[]) AND f.target_key <> $2
  AND (f.from_history OR f.from_metadata OR f.from_text)
ON CONFLICT (source_id, "type", target_key) DO UPDATE SET
  target_doc_number = excluded.target_doc_number,
  methods = ARRAY(SELECT DISTINCT m FROM unnest(array_remove(document_relation.methods, 'source-text') || excluded.methods) AS m ORDER BY m),
  version_dates = CASE WHEN cardinality(excluded.version_dates) > 0 THEN excluded.version_dates ELSE document_relation.version_dates END
RETURNING target_key, target_doc_number, (xmax = 0) AS inserted`;

// The text no longer amends an act: 'source-text' leaves the edge's methods, and an edge left with
// no evidence at all goes (edges of other evidence, a JSONL record's included, stay).
const DROP_TEXT_METHOD_SQL = `
UPDATE "document_relation" r SET methods = array_remove(r.methods, 'source-text')
FROM "sync_amendment" f
WHERE r.source_id = $1 AND r."type" = 'amends' AND r.target_key = ANY($3::text[]) AND 'source-text' = ANY(r.methods)
  AND f.amending_key = $2 AND f.target_key = r.target_key AND NOT f.from_text`;
const DELETE_BARE_EDGES_SQL = `
DELETE FROM "document_relation" r
WHERE r.source_id = $1 AND r."type" = 'amends' AND r.target_key = ANY($2::text[]) AND cardinality(r.methods) = 0`;

// The amended acts in the collection, with the day of their newest source text (for `applied`).
const TARGETS_SQL = `
SELECT d.id, d.natural_key, d.doc_number, d.doc_type, d.status,
  (SELECT max(coalesce(v.text_as_of, v.valid_from))::text FROM "document_version" v
   WHERE v.document_id = d.id AND v.text_source = 'source' AND (v.text IS NOT NULL OR v.text_is_current)) AS text_day
FROM "document" d WHERE d.natural_key = ANY($1::text[])`;

/**
 * Stores what an amending act's text says it changes — one row per instruction point per amended
 * act — replacing what an earlier text of it said, and keeps the facts and `amends` edges that
 * follow from it. Must run in the amending document's transaction, after the cross-document lock
 * (lockCrossDocument): it reads and writes other documents' rows. Returns the
 * change entries: `relation.created` for new edges on the amending act, and
 * `document.amendment_known` on each amended act in the collection that this text newly names.
 */
export async function writeAmendmentEffects(
  tx: Tx,
  doc: AmendingDocument,
  effects: readonly EffectInput[],
  read: { blocks: number; points: number },
): Promise<NewChange[]> {
  const key = doc.naturalKey;
  const before = await tx.$queryRawUnsafe<{ target_key: string }[]>(
    'SELECT DISTINCT target_key FROM "amendment_effect" WHERE amending_key = $1',
    key,
  );
  const formerTargets = new Set(before.map((r) => r.target_key));
  await tx.$executeRawUnsafe('DELETE FROM "amendment_effect" WHERE amending_key = $1', key);
  const own = effects.filter((e) => e.targetKey !== key);
  if (own.length) {
    await tx.$executeRawUnsafe(
      INSERT_EFFECTS_SQL,
      key,
      JSON.stringify(
        own.map((e) => ({
          target_key: e.targetKey,
          ordinal: e.ordinal,
          point: e.point,
          part: e.part,
          article: e.article,
          effective_from: e.effectiveFrom,
          date_basis: e.dateBasis,
          kinds: e.kinds,
          targets: e.targets,
          instruction: e.instruction,
        })),
      ),
    );
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO "amendment_source" (document_id, version, blocks, points) VALUES ($1, $2, $3, $4)
     ON CONFLICT (document_id) DO UPDATE SET version = excluded.version, blocks = excluded.blocks, points = excluded.points`,
    doc.id,
    AMENDMENT_READER_VERSION,
    read.blocks,
    read.points,
  );

  const byTarget = new Map<string, EffectInput[]>();
  for (const e of own) byTarget.set(e.targetKey, [...(byTarget.get(e.targetKey) ?? []), e]);
  const facts = [
    ...[...byTarget].map(([target, list]) => ({ target_key: target, target_doc_number: list[0].targetDocNumber, from_text: true })),
    ...[...formerTargets].filter((t) => !byTarget.has(t)).map((t) => ({ target_key: t, target_doc_number: null, from_text: false })),
  ];
  if (!facts.length) return [];
  await tx.$executeRawUnsafe(UPSERT_TEXT_FACTS_SQL, key, JSON.stringify(facts));
  const touched = facts.map((f) => f.target_key);
  await tx.$executeRawUnsafe(DROP_TEXT_METHOD_SQL, doc.id, key, touched);
  await tx.$executeRawUnsafe(DELETE_BARE_EDGES_SQL, doc.id, touched);
  const edges = await tx.$queryRawUnsafe<{ target_key: string; target_doc_number: string | null; inserted: boolean }[]>(
    UPSERT_AMENDS_EDGES_SQL,
    doc.id,
    key,
    touched,
  );

  const changes: NewChange[] = [];
  for (const e of edges) {
    if (!e.inserted) continue;
    changes.push({
      kind: 'relation.created',
      document: doc,
      relation: { type: 'amends', target: { natural_key: e.target_key, doc_number: e.target_doc_number } },
    });
  }
  const newly = [...byTarget.keys()].filter((t) => !formerTargets.has(t));
  if (newly.length) {
    const targets = await tx.$queryRawUnsafe<
      { id: string; natural_key: string; doc_number: string; doc_type: string; status: string; text_day: string | null }[]
    >(TARGETS_SQL, newly);
    for (const t of targets) {
      const list = byTarget.get(t.natural_key)!;
      const dates = [...new Set(list.map((e) => e.effectiveFrom).filter((d): d is string => d !== null))].sort();
      changes.push({
        kind: 'document.amendment_known',
        document: { id: t.id, naturalKey: t.natural_key, docNumber: t.doc_number, docType: t.doc_type, status: t.status },
        amendment: {
          amending_act: { natural_key: key, doc_number: doc.docNumber },
          points: list.length,
          effective_from: dates,
          applied: dates.length > 0 && t.text_day !== null && dates.every((d) => d <= t.text_day!),
        },
      });
    }
  }
  return changes;
}

// The `amends` edges, into a document just written, of the acts whose texts amend it and that are
// in the collection (their effects were written before it arrived).
const ATTACH_TEXT_EDGES_SQL = `
INSERT INTO "document_relation" (source_id, "type", target_key, target_doc_number, methods, evidence, version_dates)
SELECT a.id, 'amends', f.target_key, $2, ARRAY['source-text'], NULL, '{}'
FROM "sync_amendment" f JOIN "document" a ON a.natural_key = f.amending_key
WHERE f.target_key = $1 AND f.from_text AND f.amending_key <> $1
ON CONFLICT (source_id, "type", target_key) DO UPDATE SET
  methods = ARRAY(SELECT DISTINCT m FROM unnest(document_relation.methods || ARRAY['source-text']) AS m ORDER BY m)
WHERE NOT ('source-text' = ANY(document_relation.methods))
RETURNING source_id, (xmax = 0) AS inserted`;

/**
 * For the import's documents (the sync does the same in recordAmendments): the `amends` edges
 * into a new document from the acts whose texts amend it. Returns their `relation.created`
 * changes (on the amending acts). Under the cross-document lock.
 */
export async function attachTextEdges(tx: Tx, target: { naturalKey: string; docNumber: string }): Promise<NewChange[]> {
  const rows = await tx.$queryRawUnsafe<{ source_id: string; inserted: boolean }[]>(
    ATTACH_TEXT_EDGES_SQL,
    target.naturalKey,
    target.docNumber,
  );
  const fresh = rows.filter((r) => r.inserted).map((r) => r.source_id);
  if (!fresh.length) return [];
  const acts = await tx.$queryRawUnsafe<AmendingDocument[]>(
    `SELECT id, natural_key AS "naturalKey", doc_number AS "docNumber", doc_type AS "docType", status FROM "document" WHERE id = ANY($1::text[])`,
    fresh,
  );
  return acts.map((a) => ({
    kind: 'relation.created' as const,
    document: a,
    relation: { type: 'amends' as const, target: { natural_key: target.naturalKey, doc_number: target.docNumber } },
  }));
}
