import { sql, type NotNull } from 'kysely';
import type { Database } from '../client';
import { selectIn, sqlBuilder } from '../typed-sql';
import { lockCrossDocument } from '../changes/cross-document-lock';
import { recordChanges } from '../changes/record-changes';
import { extractEffectsOfTexts } from './extract-effects';
import { AMENDMENT_READER_VERSION, writeAmendmentEffects } from './write-effects';
import { dropRepealsNoLongerStated } from '../sync/apply-document';

export interface FillEffectsReport {
  /** Documents whose text was read as an amending act (all, once, for a new reader version). */
  documents: number;
  /** Of them, documents with at least one block amending another act. */
  amending: number;
  points: number;
  /** `repeals` edges its text no longer states (a partial repeal read before as whole), deleted. */
  repealsDropped: number;
}

const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * The effects of documents whose text was not read by this version of the reader (a database
 * written before #35, or by an older reader): each document's current text read as an amending
 * act (with its older texts, for an amending act), one document per transaction, `concurrency` at a time. The writers of new texts (sync,
 * import) read them as they write; this catches up what they did not.
 */
export async function fillAmendmentEffects(
  db: Database,
  options: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<FillEffectsReport> {
  const pending = await db.kysely
    .selectFrom('document as d')
    .leftJoin('amendment_source as s', 's.document_id', 'd.id')
    .select('d.id')
    .where((eb) => eb.or([eb('s.document_id', 'is', null), eb('s.version', '<>', AMENDMENT_READER_VERSION)]))
    .orderBy('d.id')
    .execute();
  const report: FillEffectsReport = { documents: 0, amending: 0, points: 0, repealsDropped: 0 };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < pending.length; i = next++) {
      await db.prisma.$transaction(
        async (tx) => {
          const [doc] = await selectIn(
            tx,
            sqlBuilder
              .selectFrom('document')
              .select(['id', 'natural_key', 'doc_number', 'doc_type', 'status', 'text', 'published_on', 'effective_from'])
              .where('id', '=', pending[i].id)
              .forNoKeyUpdate(),
          );

          if (!doc) return;
          const meta = { naturalKey: doc.natural_key, publishedOn: iso(doc.published_on), effectiveFrom: iso(doc.effective_from) };
          // An amending act's older texts may hold parts its current one lost, every one of them even; and a
          // text that is its title only still names the act it amends (extractEffectsOfTexts, as the sync reads).
          const older = await selectIn(
            tx,
            sqlBuilder
              .selectFrom('document_version as v')
              .select('v.text')
              .where('v.document_id', '=', doc.id)
              .where('v.text_source', '=', sql.lit('source'))
              .where('v.text', 'is not', null)
              .where((eb) => eb.not(eb.ref('v.text_is_current')))
              .orderBy('v.version')
              .$narrowType<{ text: NotNull }>(),
          );

          const read = extractEffectsOfTexts([...older.map((o) => o.text), doc.text], meta);
          await lockCrossDocument(tx);
          const changes = await writeAmendmentEffects(
            tx,
            { id: doc.id, naturalKey: doc.natural_key, docNumber: doc.doc_number, docType: doc.doc_type, status: doc.status },
            read.effects,
            read,
          );
          await recordChanges(tx, changes);
          const texts = [...older.map((o) => o.text), doc.text].filter((t): t is string => !!t);
          report.repealsDropped += (await dropRepealsNoLongerStated(tx, { id: doc.id, naturalKey: doc.natural_key }, texts)).length;
          report.documents += 1;
          if (read.blocks) report.amending += 1;
          report.points += read.points;
        },
        { timeout: 120_000, maxWait: 120_000 },
      );
      options.onProgress?.(i + 1, pending.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, pending.length)) }, worker));
  return report;
}
