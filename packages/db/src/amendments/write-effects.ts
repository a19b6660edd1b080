import { WHOLE_ACT_TARGET } from '@dp/czech-law';
import type { NewChange } from '../changes/record-changes';
import { sql } from 'kysely';
import { executeIn, selectIn, sqlBuilder, type TableRow } from '../typed-sql';
import type { RawTx } from '../client';

type Tx = RawTx;

/**
 * The version of the amending-act reader and instruction grammar whose effects are stored
 * (`amendment_source.version`): a sync rewrites the effects of amending acts written by an older one.
 * Raise it when the reader or the grammar reads differently. 20: the catch-up also drops the
 * `repeals` edges a repealing act's text no longer states (a partial repeal, #36 h-engine12).
 * 21: the grammar reads citations and words named by their brackets, clauses joined by "; ",
 * "ustanovení písmene b)" and "dosavadní odkaz na poznámku" (#36 h-engine13).
 * 22: container words in capitals ("DÍL VIII včetně nadpisu zní:", "Za ČÁST DRUHOU …"), #35 h-recall11.
 * 23: mixed repeal lists, container labels repealed and ordinals in the genitive and locative
 * (#36 h-engine14).
 * 24: a renumbering "a zní:" words the renumbered unit; "v nadpise … a v textu …", "za slovem „A“
 * vypouštějí slova „B“", footnote marks replaced or dropped with their footnote (#36 h-engine15).
 * 25: word-level forms: headings inside a list of places, a reference without its "V" before words,
 * "návětí", amounts without quotation marks, a mark after words repealed and words put in its place,
 * "na konci úvodní části ustanovení", "věta za středníkem", two words in one clause (#36 h-engine17).
 * 26: containers written after the ones they hold ("Nadpis dílu třetího hlavy třinácté"), "Název
 * hlavy čtvrté zní:", "označení a nadpis hlavy II", a "nadpis" (or "slova" above "§ 4") that is a container's label, "Za znění
 * § 272 se vkládá oddíl druhý" (#36 h-engine16).
 * 27: "nadpis nad § 77" right after the containers of its place is inside them (it was a target of
 * its own beside the hlava), "na konci se vypouští tečka a připojují se tato slova:" (#36 h-engine19).
 * and "Dosavadní část čtvrtá se označuje jako „ČÁST PÁTÁ“" (a container renumbered to a quoted
 * label), "Označení hlavy třetí části druhé se včetně nadpisu nahrazuje takto:" (#36 h-engine18).
 * 28: "na konci se připojuje čárka a slovo „nebo“ a odstavec se doplňuje písmenem c)", "včetně
 * společného nadpisu" of several §§, "odkazy na poznámky pod čarou … zrušují", Slovak wordings
 * (#36 h-engine20).
 * 28; also the last block's next point, or the renumbering its last point's new unit starts, set after
 * the act's účinnost sentence (before the signatures) is that block's; "za slovo „A“ se vkládá čárka
 * a doplňují se tato slova: „B“" adds B after A, not at the unit's end (#36 h-engine21).
 * 29: "Dosavadní odstavec 2 se označuje jako odstavec 3 a … v něm …" read as the renumbering and
 * the change in the renumbered unit; "V příloze č. N v části „…“ se slova …" read as words of the
 * annex (#36 h-engine23).
 * 30: annex forms: "V příloze v části B v náplni položky N se slova …" (words of an item's náplň),
 * "V příloze č. N část „…“ zní:", "… se za část „…“ vkládá nová část („…“), která zní:" (a part
 * named by its heading), "… se za slova „Příloha č. N …“ vkládá nadpis přílohy „…“", "Text před
 * přílohou č. N zní:" (#36 h-engine25).
 * 31: repeal lists and renumberings of ranges: písmena past z as "aa), ab)" or "aa), bb)", "včetně
 * nadpisu nad § N" of the first § repealed and "Společný nadpis nad § N se zrušuje", "včetně nadpisů
 * hlavy 4, 5 a 6 části II", "§ 98 včetně nadpisu, § 99 a 100", footnotes named with their carets
 * ("č. ^2) a ^3)"), "prvé čtyři věty", "čl. 22 č. 1 až 5" as body, a footnote renumbering's "včetně
 * odkazů na ně" before the verb or "jako", "se označí jako" (#36 h-engine24).
 * 32: "Společný (Skupinový) nadpis nad § N zní:" (the §'s heading), "Poznámka č. 10 k § 16 a 17 zní:"
 * (the footnote) (#36 h-engine26).
 * 33 (32 on both branches): a heading put below a §'s label ("Pod označení § N se vkládá nadpis") targets the §; units
 * inside a § repealed or reworded "včetně nadpisu" target the § too (its heading is its own text);
 * the footnotes an act gives at its end are its points' also where the end block gives some number
 * twice (the others), or a point's quotation is left unbalanced; a qualifier "pokud jde o …" inside
 * an exception list of the účinnost provision qualifies the point before it, and the list goes on
 * (#35 item 4, h-recall12); a point that names no § ("Dosavadní odstavec 2 se označuje jako
 * odstavec 4.") targets units of the § the block's points before it named (its operation unchanged).
 * 34: a § number whose "§" the source's text of the act lost ("V 31 odst. 2 se …", "V 38a se doplňuje
 * odstavec 9") or set against the place word ("V§ 45b odst. 2") is read as the § (#35 item 4, h-recall13).
 * 35: "Nad (označení) § N se vkládá (skupinový) nadpis" (a heading that is no container's, the §'s
 * own), "Za § N se vkládá nové označení části V", "… včetně jejího nadpisu", "… v tomto znění:",
 * "za slovo „A“ vkládají (připojují) čárka a tato slova: „B“", verbs the act misspells ("vládá",
 * "vkládají" as "vkladají", "nahazuje") (#36 h-engine29).
 * 36: a change throughout the text that names the amended act ("Ve všech ustanoveních trestního zákona",
 * "… zákoníku práce", "… vyhlášky č. 132/1964 Sb., ve znění pozdějších předpisů,") is read as one; such
 * a point the grammar refuses (pairs of words) targets `*` (#35 item 4, h-recall16).
 * 37: a footnote whose own text ("^9d) …" opening a line) a point's quotation gives is among its
 * targets whatever its verb, a refused sentence's too; a footnote written right after a point's
 * quoted new text that cites it is that text's (no instruction of its own); "poznámky po čarou" is
 * read as "pod čarou" (#35 item 4, h-recall17).
 * 38: words replaced or repealed "na konci textu" of a numbered unit, and the same words added "na konci
 * textu odstavce 4 a na konci textu odstavce 5", are read (their kinds and the units they name, no longer
 * those of an unread sentence) (#36 h-engine36).
 * 39: "Za § 42 se vkládají nové § 43 až 45a, které včetně nadpisu nad § 43 znějí:" and the same words
 * added "na konci" of units in several places each with its own "na konci" are read (their kinds and
 * units, no longer those of an unread sentence) (#36 h-engine37).
 */
export const AMENDMENT_READER_VERSION = 39;

/** One instruction point of an amending act for one amended act, as stored (`amendment_effect`). */
export interface EffectInput {
  targetKey: string;
  /** The amended act's number as the amending act writes it (`262/2006 Sb.`). */
  targetDocNumber: string | null;
  ordinal: number;
  point: string | null;
  part: string | null;
  article: string | null;
  /** ISO day; null when the act's účinnost could not be read for this point. */
  effectiveFrom: string | null;
  dateBasis: string | null;
  kinds: string[];
  /** Provision ids (`par_75`, `par_76/odst_1`, `fn_5`, `cast_1/hlava_2`); empty when not read. */
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

/** Rows UPSERT_AMENDS_EDGES_SQL returns (raw: its conflict update merges arrays through subqueries; `xmax` tells new rows). */
type UpsertedEdge = Pick<TableRow<'document_relation'>, 'target_key' | 'target_doc_number'> & { inserted: boolean };
/** Rows ATTACH_TEXT_EDGES_SQL returns (raw for the same reason). */
type AttachedEdge = Pick<TableRow<'document_relation'>, 'source_id'> & { inserted: boolean };

/** The amended acts in the collection, with the day of their newest source text (for `applied`). */
const selectTargets = (keys: string[]) =>
  sqlBuilder
    .selectFrom('document as d')
    .select((eb) => [
      'd.id',
      'd.natural_key',
      'd.doc_number',
      'd.doc_type',
      'd.status',
      eb
        .selectFrom('document_version as v')
        .select(sql<string>`max(coalesce(v.text_as_of, v.valid_from))::text`.as('day'))
        .whereRef('v.document_id', '=', 'd.id')
        .where('v.text_source', '=', 'source')
        .where((v) => v.or([v('v.text', 'is not', null), v.ref('v.text_is_current')]))
        .as('text_day'),
    ])
    .where('d.natural_key', '=', (eb) => eb.fn.any(eb.val(keys)))
    // The changes it yields are numbered in this order: the same on every run.
    .orderBy('d.natural_key');

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
  const before = await selectIn(
    tx,
    sqlBuilder.selectFrom('amendment_effect').select('target_key').distinct().where('amending_key', '=', key),
  );
  const formerTargets = new Set(before.map((r) => r.target_key));
  await executeIn(tx, sqlBuilder.deleteFrom('amendment_effect').where('amending_key', '=', key));
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
  await executeIn(
    tx,
    sqlBuilder
      .insertInto('amendment_source')
      .values({ document_id: doc.id, version: AMENDMENT_READER_VERSION, blocks: read.blocks, points: read.points })
      .onConflict((oc) =>
        oc.column('document_id').doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          blocks: eb.ref('excluded.blocks'),
          points: eb.ref('excluded.points'),
        })),
      ),
  );

  const byTarget = new Map<string, EffectInput[]>();
  // A whole act repealed is no `amends` edge: the `repeals` relation states it (docs/DECISIONS.md, h-recall3).
  for (const e of own) if (!e.targets.includes(WHOLE_ACT_TARGET)) byTarget.set(e.targetKey, [...(byTarget.get(e.targetKey) ?? []), e]);
  const facts = [
    ...[...byTarget].map(([target, list]) => ({ target_key: target, target_doc_number: list[0].targetDocNumber, from_text: true })),
    ...[...formerTargets].filter((t) => !byTarget.has(t)).map((t) => ({ target_key: t, target_doc_number: null, from_text: false })),
  ];
  if (!facts.length) return [];
  await tx.$executeRawUnsafe(UPSERT_TEXT_FACTS_SQL, key, JSON.stringify(facts));
  const touched = facts.map((f) => f.target_key);
  // The text no longer amends an act: 'source-text' leaves the edge's methods, and an edge left
  // with no evidence at all goes (edges of other evidence, a JSONL record's included, stay).
  await executeIn(
    tx,
    sqlBuilder
      .updateTable('document_relation as r')
      .from('sync_amendment as f')
      .set({ methods: sql<string[]>`array_remove(r.methods, 'source-text')` })
      .where('r.source_id', '=', doc.id)
      .where('r.type', '=', 'amends')
      .where('r.target_key', '=', (eb) => eb.fn.any(eb.val(touched)))
      .where(sql<boolean>`'source-text' = ANY(r.methods)`)
      .where('f.amending_key', '=', key)
      .whereRef('f.target_key', '=', 'r.target_key')
      .where((eb) => eb.not(eb.ref('f.from_text'))),
  );
  await executeIn(
    tx,
    sqlBuilder
      .deleteFrom('document_relation as r')
      .where('r.source_id', '=', doc.id)
      .where('r.type', '=', 'amends')
      .where('r.target_key', '=', (eb) => eb.fn.any(eb.val(touched)))
      .where(sql<number>`cardinality(r.methods)`, '=', sql.lit(0)),
  );
  const edges = await tx.$queryRawUnsafe<UpsertedEdge[]>(UPSERT_AMENDS_EDGES_SQL, doc.id, key, touched);

  const changes: NewChange[] = [];
  // RETURNING follows the plan's order, not the keys': sorted, the changes are numbered alike on every run.
  edges.sort((a, b) => (a.target_key < b.target_key ? -1 : a.target_key > b.target_key ? 1 : 0));
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
    const targets = await selectIn(tx, selectTargets(newly));
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
  const rows = await tx.$queryRawUnsafe<AttachedEdge[]>(ATTACH_TEXT_EDGES_SQL, target.naturalKey, target.docNumber);
  const fresh = rows.filter((r) => r.inserted).map((r) => r.source_id);
  if (!fresh.length) return [];
  const acts: AmendingDocument[] = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('document')
      .select(['id', 'natural_key as naturalKey', 'doc_number as docNumber', 'doc_type as docType', 'status'])
      .where('id', '=', (eb) => eb.fn.any(eb.val(fresh))),
  );
  return acts.map((a) => ({
    kind: 'relation.created' as const,
    document: a,
    relation: { type: 'amends' as const, target: { natural_key: target.naturalKey, doc_number: target.docNumber } },
  }));
}
