import { createHash } from 'node:crypto';
import {
  applySteps,
  consolidationSteps,
  CONSOLIDATION_ENGINE_VERSION,
  EXCEPT_MARK,
  stepSkipReason,
  textLacks,
  textLacksStep,
  WHOLE_ACT_TARGET,
  type PointOutcome,
} from '@dp/czech-law';
import type { Database } from '../client';
import { lockCrossDocument } from '../changes/cross-document-lock';
import { recordChanges, versionChange, type NewChange } from '../changes/record-changes';
import type { CorpusVersion } from '../corpus/corpus-record';
import { chunkBy } from '../corpus/document-sql';
import { decodeProvisionTree } from '../provisions/provision-tree';
import { effectPoints } from './extract-effects';
import { attachProvisions } from '../provisions/version-provisions';
import { provisionIndexIsCurrent, writeProvisionIndex } from '../search/provision-index';
import { collectGarbage, GC_EVERY_CHARS } from '../sync/collect-garbage';
import { sql } from 'kysely';
import { executeIn, runIn, runOn, selectIn, sqlBuilder, type RowOf, type SelectRunner, type TableRow } from '../typed-sql';

/**
 * #36: rebuilt versions. Where the source's newest text of an act is older than amendments of the
 * collection that changed it, the consolidation engine (packages/czech-law consolidation) applies
 * those amendments' instruction points to that text, one amending act at a time in order of
 * effect, and each result is stored as a version (`text_source = 'rebuilt'`) with its provenance:
 * the amending act, each point applied or not (and why), the points still unapplied, and the
 * provisions whose wording the engine changed. Derived data: a document's rebuilt versions are
 * dropped whenever the source gives it a new version (apply-document) and made again from their
 * inputs; `rebuild_state` keeps a hash of the inputs so unchanged documents are left alone.
 */

/** What a rebuilt version records of how it was made (`document_version.rebuild`). */
export interface RebuildProvenance {
  engine: number;
  /** The source version the chain of rebuilt versions starts from. */
  base_version: number;
  amending_act: { natural_key: string; doc_number: string | null };
  /** This version's points: applied, or not with the engine's reason. */
  points: { ordinal: number; point: string | null; applied: boolean; reason: string | null }[];
  /**
   * Points the engine did not apply, first in this version: its own, and those of earlier steps that
   * made no version (nothing of them applied). Earlier versions of the chain list theirs.
   */
  failed: { amending_key: string; ordinal: number; reason: string | null }[];
  /** Provision ids whose wording this version's points changed, with the points that did it. */
  changed: Record<string, { amending_key: string; ordinal: number }[]>;
}

export interface RebuildReport {
  documents: number;
  versions: number;
  applied: number;
  unapplied: number;
  changes: number;
}

const INSERT_REBUILT_SQL = `
INSERT INTO "document_version" (document_id, version, valid_from, valid_to, kind, amended_by, amended_by_key, text_sha256,
  text_chars, text, text_is_current, text_source, rebuild, provisions, provisions_format, provision_changes)
SELECT $1, v.version, v.valid_from, v.valid_to, v.kind, v.amended_by, v.amended_by_key, v.text_sha256, v.text_chars, v.text,
  false, 'rebuilt', v.rebuild, v.provisions, v.provisions_format, v.provision_changes
FROM jsonb_to_recordset($2::jsonb) AS v(version int, valid_from date, valid_to date, kind text, amended_by text,
  amended_by_key text, text_sha256 text, text_chars int, text text, rebuild jsonb, provisions text,
  provisions_format smallint, provision_changes jsonb)`;

/** SQL: the effect's targets (an expression of type text[]) repeal the whole act without exceptions. */
export const wholeRepealSql = (targets: string) =>
  `('${WHOLE_ACT_TARGET}' = ANY (${targets}) AND NOT EXISTS (SELECT 1 FROM unnest(${targets}) AS x(t) WHERE left(x.t, 1) = '${EXCEPT_MARK}'))`;

/**
 * A whole act repealed without exceptions: no later text exists to rebuild (the engine refuses it).
 * One with exceptions (`!id` beside `*whole`: "Předpis se zrušuje s výjimkou …") is a partial repeal
 * the engine applies, like any other effect.
 */
const WHOLE_REPEAL_SQL = wholeRepealSql('e.targets');

/**
 * SQL: an effect `e` (its act `a`, left-joined) that a source text of day `day` and act `act` (SQL
 * expressions) may lack: `textLacks` of @dp/czech-law in SQL (after the day; on or before it by an
 * act published after it; on the day by another act, or by its own act published after it, which
 * the text itself then tells: `textLacksStep`). `sameDay` narrows the last: the rebuild takes every such effect as a candidate,
 * what is read of the rebuilt versions afterwards only those the rebuild took (`rebuildTookSql`).
 */
export const lacksSql = (day: string, act: string, sameDay = 'true') => `(e.effective_from > ${day}
  OR (e.amending_key IS DISTINCT FROM ${act} AND a.published_on > ${day})
  OR (e.effective_from = ${day} AND (e.amending_key IS DISTINCT FROM ${act} OR a.published_on > ${day}) AND ${sameDay}))`;

/**
 * SQL: the rebuild took an effect `e` of the text's own day from document `doc`'s source text of day
 * `day` (`sourceLacks` of the API): a rebuilt version of that day made by its act, or its point failed
 * in the chain.
 */
export const rebuildTookSql = (doc: string, day: string) => `EXISTS (SELECT 1 FROM "document_version" r
  WHERE r.document_id = ${doc} AND r.text_source = 'rebuilt' AND coalesce(r.text_as_of, r.valid_from) = ${day}
    AND (r.amended_by_key = e.amending_key
         OR coalesce(r.rebuild -> 'failed', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('amending_key', e.amending_key, 'ordinal', e.ordinal))))`;

/** The documents that have effects their newest source text may lack: candidates for rebuilding. */
const CANDIDATES_SQL = `
WITH newest AS (
  SELECT d.id, d.natural_key, t.text_day, t.text_act
  FROM "document" d
  LEFT JOIN LATERAL (
    SELECT coalesce(v.text_as_of, v.valid_from) AS text_day, v.amended_by_key AS text_act FROM "document_version" v
    WHERE v.document_id = d.id AND v.text_source = 'source' AND (v.text IS NOT NULL OR v.text_is_current)
    ORDER BY v.version DESC LIMIT 1) t ON true
  WHERE EXISTS (SELECT 1 FROM "amendment_effect" e WHERE e.target_key = d.natural_key)
     OR EXISTS (SELECT 1 FROM "rebuild_state" r WHERE r.document_id = d.id)
)
SELECT n.id, n.natural_key FROM newest n
WHERE n.text_day IS NOT NULL
  AND (EXISTS (SELECT 1 FROM "amendment_effect" e LEFT JOIN "document" a ON a.natural_key = e.amending_key
               WHERE e.target_key = n.natural_key AND e.effective_from IS NOT NULL
                 AND ${lacksSql('n.text_day', 'n.text_act')} AND NOT ${WHOLE_REPEAL_SQL})
       OR EXISTS (SELECT 1 FROM "rebuild_state" r WHERE r.document_id = n.id))
ORDER BY n.id`;

/**
 * Rebuilds the documents whose inputs changed since their rebuilt versions were made (all of them
 * the first time), `concurrency` at a time. Each document is planned outside any transaction (its
 * inputs read, the engine run: the long part) and written in one short transaction that first
 * checks its inputs did not change meanwhile. Run by the sync after its documents (and the
 * follower through it) and by the import.
 */
export async function rebuildAmendedDocuments(
  db: Database,
  options: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<RebuildReport> {
  // Raw: a CTE of correlated subqueries, kept as written; its rows typed through the table's type.
  const candidates = await db.query<Pick<TableRow<'document'>, 'id' | 'natural_key'>>(CANDIDATES_SQL);
  const report: RebuildReport = { documents: 0, versions: 0, applied: 0, unapplied: 0, changes: 0 };
  let next = 0;
  let sinceCollection = 0;
  const worker = async () => {
    for (let i = next++; i < candidates.length; i = next++) {
      const r = await rebuildDocument(db, candidates[i].id, candidates[i].natural_key);
      if (r.rebuilt) report.documents += 1;
      report.versions += r.versions;
      report.applied += r.applied;
      report.unapplied += r.unapplied;
      report.changes += r.changes;
      sinceCollection += r.chars;
      if (sinceCollection > GC_EVERY_CHARS) {
        sinceCollection = 0;
        collectGarbage();
      }
      options.onProgress?.(i + 1, candidates.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, candidates.length)) }, worker));
  return report;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The document as a rebuild reads it (its change entries name it). */
const selectDocument = (documentId: string) =>
  sqlBuilder.selectFrom('document').select(['id', 'natural_key', 'doc_number', 'doc_type', 'status', 'title']).where('id', '=', documentId);

/** The source's versions of a document, days as ISO text (they enter the inputs' hash as such). */
const selectSourceVersions = (documentId: string) =>
  sqlBuilder
    .selectFrom('document_version as v')
    .select((eb) => [
      'v.version',
      eb.cast<string>('v.valid_from', 'text').as('valid_from'),
      eb.cast<string>(eb.fn.coalesce('v.text_as_of', 'v.valid_from'), 'text').as('text_as_of'),
      'v.text_sha256',
      'v.amended_by_key',
      eb.or([eb('v.text', 'is not', null), eb.ref('v.text_is_current')]).as('has_text'),
      'v.text_is_current',
    ])
    .where('v.document_id', '=', documentId)
    .where('v.text_source', '=', 'source')
    .orderBy('v.version');
type SourceVersionRow = RowOf<ReturnType<typeof selectSourceVersions>>;

/**
 * The effects on an act its text (of day `after`, made for act `textAct`) may lack (`lacksSql`), in
 * the order the engine applies them; a whole act repealed without exceptions is none (no later text
 * exists to rebuild), so a document rebuilt for it before is left with no rebuild at all.
 */
const selectEffects = (naturalKey: string, after: string, textAct: string | null) =>
  sqlBuilder
    .selectFrom('amendment_effect as e')
    .leftJoin('document as a', 'a.natural_key', 'e.amending_key')
    // The text's day and act as a row, so that `lacksSql` reads them as it reads the candidates' columns.
    .crossJoin(sql<{ day: Date; act: string | null }>`(SELECT ${after}::date AS day, ${textAct}::text AS act)`.as('t'))
    .select((eb) => [
      'e.amending_key',
      'e.ordinal',
      'e.point',
      // Not null: compared with a day below.
      eb.cast<string>('e.effective_from', 'text').as('effective_from'),
      'e.instruction',
      'a.doc_number',
      'a.title as amending_title',
      eb.cast<string | null>('a.published_on', 'text').as('published_on'),
    ])
    .where('e.target_key', '=', naturalKey)
    .where('e.effective_from', 'is not', null)
    .where(sql<boolean>`${sql.raw(lacksSql('t.day', 't.act'))}`)
    .where(sql<boolean>`NOT ${sql.raw(WHOLE_REPEAL_SQL)}`)
    .orderBy('e.effective_from')
    .orderBy('a.published_on', (ob) => ob.asc().nullsLast())
    .orderBy('e.amending_key')
    .orderBy('e.ordinal');
type EffectRow = RowOf<ReturnType<typeof selectEffects>>;

/** An effect as `textLacks` reads it. */
const stepOrder = (e: EffectRow) => ({ act: e.amending_key, effectiveFrom: e.effective_from, publishedOn: e.published_on });

/** Why the engine does not apply an effect's act to the document at all (`stepSkipReason`), or null. */
const skipReason = (doc: { title: string }, e: EffectRow) => stepSkipReason(e.amending_title, doc.title);

interface Inputs {
  doc: RowOf<ReturnType<typeof selectDocument>>;
  newestSource: SourceVersionRow | undefined;
  base: SourceVersionRow | undefined;
  effects: EffectRow[];
  usable: boolean;
  inputHash: string;
}

/** A document's rebuild inputs and their hash (no texts: those are read only when they changed). */
async function readInputs(run: SelectRunner, documentId: string, naturalKey: string): Promise<Inputs | null> {
  const [doc] = await run(selectDocument(documentId));
  if (!doc) return null;
  const sources = await run(selectSourceVersions(documentId));
  const base = [...sources].reverse().find((v) => v.has_text);
  const newestSource = sources[sources.length - 1];
  const effects = base ? await run(selectEffects(naturalKey, base.text_as_of, base.amended_by_key)) : [];
  // Only the newest source version may be followed by rebuilt ones (an older text would skip the
  // source's own later versions, which always win).
  const usable = base !== undefined && base === newestSource && effects.length > 0;
  const inputHash = usable
    ? sha256(
        JSON.stringify([
          CONSOLIDATION_ENGINE_VERSION,
          base.version,
          base.text_sha256,
          effects.map((e) => [e.amending_key, e.ordinal, e.effective_from, sha256(e.instruction), skipReason(doc, e)]),
        ]),
      )
    : 'none';
  return { doc, newestSource, base, effects, usable, inputHash };
}

type RebuiltRow = CorpusVersion & { text_source: string; rebuild: RebuildProvenance };

/**
 * Each unit the step changed, with the points that changed it: a provision's provenance names the
 * instructions that made its wording, not every point its amending act applied elsewhere.
 */
export function changedBy(
  act: string,
  step: readonly { ordinal: number }[],
  points: readonly PointOutcome[],
): RebuildProvenance['changed'] {
  const changed: RebuildProvenance['changed'] = {};
  step.forEach((e, i) => {
    const r = points[i];
    if (r?.status !== 'applied') return;
    for (const id of r.changed) (changed[id] ??= []).push({ amending_key: act, ordinal: e.ordinal });
  });
  return changed;
}

/** The engine's chain from the newest source text: a row per step that changed the text. */
function planVersions(inputs: Inputs, text: string): { rows: RebuiltRow[]; applied: number; unapplied: number; chars: number } {
  const { base, newestSource, effects } = inputs;
  // One step per amending act and effective date, in order of effect (the query's order), each
  // applied to the text the last one left: the consolidation replay's window mode runs the same.
  // A step of an act dated on the text's own day is taken only where the text lacks it (its points
  // apply to it), or where it is of the other republic (skipped all the same, never "lacked").
  const steps = consolidationSteps(effects, (e) => ({ act: e.amending_key, effectiveFrom: e.effective_from })).filter((step) => {
    const why = textLacks(stepOrder(step[0]), base!.text_as_of, base!.amended_by_key);
    return why === 'same_day' ? !skipReason(inputs.doc, step[0]) && textLacksStep(text, effectPoints(step)) : why !== null;
  });
  let pendingFailed: RebuildProvenance['failed'] = [];
  const rows: RebuiltRow[] = [];
  let applied = 0;
  let unapplied = 0;
  let chars = 0;
  // A step skipped whole (an act of the other republic) is listed in the next version's `failed`
  // with its reason, as a point that did not apply.
  for (const { step, result } of applySteps(text, steps, effectPoints, {}, (s) => skipReason(inputs.doc, s[0]))) {
    const act = step[0].amending_key;
    const outcome = step.map((e, i) => {
      const r = result.points[i];
      const ok = r?.status === 'applied';
      return { ordinal: e.ordinal, point: e.point, applied: ok, reason: ok ? null : (r?.reason ?? 'not_applied') };
    });
    applied += outcome.filter((o) => o.applied).length;
    const failed = outcome.filter((o) => !o.applied).map((o) => ({ amending_key: act, ordinal: o.ordinal, reason: o.reason }));
    unapplied += failed.length;
    pendingFailed = [...pendingFailed, ...failed];
    if (result.text === text) continue;
    const changed = changedBy(act, step, result.points);
    text = result.text;
    chars += text.length;
    rows.push({
      version: newestSource!.version + rows.length + 1,
      // A step the text lacks though dated on or before its day (retroactive, or of its own day) is
      // in force from the text's day in the rebuilt chain: before it, the source's older texts stand.
      valid_from: step[0].effective_from > base!.text_as_of ? step[0].effective_from : base!.text_as_of,
      valid_to: null,
      kind: 'rebuilt',
      amended_by: step[0].doc_number,
      amended_by_key: act,
      source_commit: null,
      text_sha256: sha256(text),
      text_chars: text.length,
      text,
      text_omitted: null,
      text_is_current: false,
      valid_from_inferred_from: null,
      source_date: null,
      text_source: 'rebuilt',
      rebuild: {
        engine: CONSOLIDATION_ENGINE_VERSION,
        base_version: base!.version,
        amending_act: { natural_key: act, doc_number: step[0].doc_number },
        points: outcome,
        failed: pendingFailed,
        changed,
      },
    });
    pendingFailed = [];
  }
  rows.forEach((r, i) => (r.valid_to = rows[i + 1]?.valid_from ?? null));
  return { rows, applied, unapplied, chars };
}

/**
 * One document's rebuilt versions, made again when their inputs changed. Returns what it did;
 * `rebuilt` false when the stored versions were current (or the inputs changed while the engine
 * ran: the next sync makes them).
 */
export async function rebuildDocument(
  db: Database,
  documentId: string,
  naturalKey: string,
): Promise<{ rebuilt: boolean; versions: number; applied: number; unapplied: number; changes: number; chars: number }> {
  const none = { rebuilt: false, versions: 0, applied: 0, unapplied: 0, changes: 0, chars: 0 };
  const inputs = await readInputs(runOn(db), documentId, naturalKey);
  if (!inputs) return none;
  const state = await db.kysely.selectFrom('rebuild_state').select('input_hash').where('document_id', '=', documentId).executeTakeFirst();
  const hasRebuilt = state !== undefined;
  if (state?.input_hash === inputs.inputHash || (!inputs.usable && !hasRebuilt)) return none;

  let plan: ReturnType<typeof planVersions> = { rows: [], applied: 0, unapplied: 0, chars: 0 };
  let provisions: string | null = null;
  if (inputs.usable) {
    const stored = await db.kysely
      .selectFrom('document_version as v')
      .innerJoin('document as d', 'd.id', 'v.document_id')
      .select((eb) => [
        eb.case().when(eb.ref('v.text_is_current')).then(eb.ref('d.text')).else(eb.ref('v.text')).end().as('text'),
        'v.provisions',
      ])
      .where('v.document_id', '=', documentId)
      .where('v.version', '=', inputs.base!.version)
      .executeTakeFirst();
    if (!stored?.text) return none;
    plan = planVersions(inputs, stored.text);
    provisions = stored.provisions;
  }
  const previous = provisions ? { version: inputs.base!.version, tree: decodeProvisionTree(provisions) } : null;
  const withTrees = attachProvisions(plan.rows, previous).rows;

  // On pg directly (as the sync's documents): the rebuilt versions' texts and trees are megabytes
  // that Prisma's raw calls would serialise to JSON and parse back.
  return db.rawTransaction(async (tx) => {
    await selectIn(tx, sqlBuilder.selectFrom('document').select(sql.lit(1).as('one')).where('id', '=', documentId).forNoKeyUpdate());
    // The inputs must be those the plan was made from (a writer may have changed them meanwhile).
    const now = await readInputs(runIn(tx), documentId, naturalKey);
    if (!now || now.inputHash !== inputs.inputHash) return none;
    const old = await selectIn(
      tx,
      sqlBuilder
        .deleteFrom('document_version')
        .where('document_id', '=', documentId)
        .where('text_source', '=', 'rebuilt')
        .returning((eb) => [eb.cast<string>('valid_from', 'text').as('valid_from'), 'amended_by_key', 'text_sha256']),
    );
    const newest = inputs.newestSource;
    if (newest) {
      await executeIn(
        tx,
        sqlBuilder
          .updateTable('document_version')
          .set({ valid_to: sql<Date | null>`${withTrees[0]?.valid_from ?? null}::date` })
          .where('document_id', '=', documentId)
          .where('version', '=', newest.version),
      );
    }
    if (!inputs.usable) {
      await executeIn(tx, sqlBuilder.deleteFrom('rebuild_state').where('document_id', '=', documentId));
      if (old.length) await writeProvisionIndex(tx, documentId);
      return { ...none, rebuilt: old.length > 0 };
    }
    for (const chunk of chunkBy(withTrees, (r) => (r.text?.length ?? 0) + (r.provisions?.length ?? 0)))
      await tx.$executeRawUnsafe(INSERT_REBUILT_SQL, documentId, JSON.stringify(chunk));
    await executeIn(
      tx,
      sqlBuilder
        .insertInto('rebuild_state')
        .values({
          document_id: documentId,
          input_hash: inputs.inputHash,
          versions: withTrees.length,
          applied: plan.applied,
          unapplied: plan.unapplied,
          built_at: sql<Date>`now()`,
        })
        .onConflict((oc) =>
          oc.column('document_id').doUpdateSet((eb) => ({
            input_hash: eb.ref('excluded.input_hash'),
            versions: eb.ref('excluded.versions'),
            applied: eb.ref('excluded.applied'),
            unapplied: eb.ref('excluded.unapplied'),
            built_at: sql<Date>`now()`,
          })),
        ),
    );
    // #37: a rebuilt version in force today is the text a read serves: its provisions are searched.
    // Where none is (no step changed the text, or none is in force yet), the source's current text
    // still is, and its index, written with that text, is left as it is.
    if (!(await provisionIndexIsCurrent(tx, documentId))) await writeProvisionIndex(tx, documentId);
    // A rebuilt version that was there before (same day, act and text) was announced then.
    const known = new Set(old.map((o) => `${o.valid_from}|${o.amended_by_key}|${o.text_sha256}`));
    const d = inputs.doc;
    const ref = { id: d.id, naturalKey: d.natural_key, docNumber: d.doc_number, docType: d.doc_type, status: d.status };
    const changes: NewChange[] = withTrees
      .filter((r) => !known.has(`${r.valid_from}|${r.amended_by_key}|${r.text_sha256}`))
      .map((r) => ({ kind: 'document.version_added', document: ref, version: { ...versionChange(r), text_source: 'rebuilt' } }));
    // Change rows are numbered in commit order under the cross-document lock, taken last and briefly.
    if (changes.length) await lockCrossDocument(tx);
    const written = await recordChanges(tx, changes);
    return {
      rebuilt: true,
      versions: withTrees.length,
      applied: plan.applied,
      unapplied: plan.unapplied,
      changes: written.changes,
      chars: plan.chars,
    };
  });
}
