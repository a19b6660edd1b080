import type { Database } from '../client';
import { createHash } from 'node:crypto';
import { documentFieldChanges, recordChanges, TRACKED_FIELDS_SQL, versionChange, type NewChange } from '../changes/record-changes';
import type { CorpusRecord } from './corpus-record';
import { attachProvisions } from '../provisions/version-provisions';
import { textUnits, unitChunks, writeProvisionIndex } from '../search/provision-index';
import { buildProvisionTree, type ProvisionTree } from '../provisions/provision-tree';
import { writeSearchAliases } from '../search/search-signals';
import { extractEffectsOfTexts } from '../amendments/extract-effects';
import { attachTextEdges, writeAmendmentEffects } from '../amendments/write-effects';
import { lockCrossDocument } from '../changes/cross-document-lock';
import { documentRow, insertDocumentTree, replaceVersions, syncRelations, updateDocumentRow } from './document-sql';
import { executeIn, selectIn, sqlBuilder, type TableRow } from '../typed-sql';

export type ImportOutcome = 'created' | 'updated' | 'unchanged';

export interface ImportDocumentResult {
  outcome: ImportOutcome;
  documentId: string;
  /** Change entries written (0 when unchanged). */
  changes: number;
  /** Outbox rows (webhook deliveries) written with them. */
  deliveries: number;
}

const edgeKey = (type: string, target: string) => `${type}\u0000${target}`;

/**
 * Writes one validated record — document row, versions, relations and the change entries that
 * describe the difference to what was stored — in ONE transaction (a raw one: its parameters
 * carry the record's texts): any failure leaves nothing of the record behind. The natural key is
 * the identity; a stored document keeps its id.
 */
export async function importDocument(db: Database, rec: CorpusRecord, contentHash: string): Promise<ImportDocumentResult> {
  return db.rawTransaction(async (tx) => {
    // FOR UPDATE: two importers of the same document serialise here instead of interleaving.
    // Raw: the tracked fields as text (`TRACKED_FIELDS_SQL`); its other columns typed by the schema.
    const [stored] = await tx.$queryRawUnsafe<
      (Pick<TableRow<'document'>, 'id' | 'status' | 'content_hash'> & { text_sha256: string } & Record<string, unknown>)[]
    >(
      `SELECT id, status, content_hash, ${TRACKED_FIELDS_SQL}, encode(sha256(convert_to(text, 'UTF8')), 'hex') AS text_sha256
         FROM "document" WHERE natural_key = $1 FOR UPDATE`,
      rec.natural_key,
    );
    if (stored && stored.content_hash === contentHash) {
      return { outcome: 'unchanged', documentId: stored.id, changes: 0, deliveries: 0 };
    }

    const documentId = stored?.id ?? rec.id;
    // A record states its source URL's date once, for the document (every commit of a source
    // file carries the same URL): each version's text_as_of is derived from it (core's textAsOf).
    for (const v of rec.versions) v.source_date ??= rec.dates.current_version_from;
    const row = documentRow(rec, documentId, contentHash);
    const doc = {
      id: documentId,
      naturalKey: rec.natural_key,
      docNumber: rec.doc_number,
      docType: rec.doc_type,
      status: rec.effectivity.status,
    };
    // The feed lists versions oldest first; the source lists them newest first. Each version with
    // a text gets its provision tree (the current version's text is the record's text); the
    // versions are all rewritten, so their trees are too.
    // The current version's tree is kept: its provisions are indexed and its headings named below.
    const currentTrees = new Map<number, BuiltTree>();
    const textOf = (v: CorpusRecord['versions'][number]) => v.text ?? (v.text_is_current ? rec.text : null);
    const versionsAsc = attachProvisions(
      [...rec.versions].sort((a, b) => a.version - b.version),
      null,
      textOf,
      (v) => {
        if (!v.text_is_current) return undefined;
        const text = textOf(v);
        const tree = text === null ? undefined : buildProvisionTree(text);
        if (text !== null && tree) currentTrees.set(v.version, { tree, text });
        return tree;
      },
    ).rows;
    const current = currentVersion(versionsAsc, currentTrees);
    const relationChange = (r: CorpusRecord['relations'][number]): NewChange => ({
      kind: 'relation.created',
      document: doc,
      relation: { type: r.type, target: { natural_key: r.target, doc_number: r.target_doc_number } },
    });
    const changes: NewChange[] = [];
    const aliasSource = {
      id: documentId,
      naturalKey: rec.natural_key,
      title: rec.title,
      citation: rec.citation,
      text: rec.text,
      // Headings of this very text (a current version may carry a text of its own): not parsed again.
      provisions: current?.builtFrom === rec.text ? current.tree.nodes : undefined,
    };

    if (!stored) {
      await insertDocumentTree(tx, row, versionsAsc, rec.relations);
      await writeSearchAliases(tx, aliasSource);
      changes.push({ kind: 'document.created', document: doc });
      for (const v of versionsAsc) changes.push({ kind: 'document.version_added', document: doc, version: versionChange(v) });
      for (const r of rec.relations) changes.push(relationChange(r));
    } else {
      // What was stored decides which versions and edges are new, hence which changes to write.
      const storedVersions = await selectIn(
        tx,
        sqlBuilder.selectFrom('document_version').select('version').where('document_id', '=', documentId),
      );
      const storedEdges = await selectIn(
        tx,
        sqlBuilder.selectFrom('document_relation').select(['type', 'target_key']).where('source_id', '=', documentId),
      );
      await updateDocumentRow(tx, documentId, row);
      // An appended version also closes its predecessor (valid_to), so all versions are rewritten
      // (rebuilt ones too: the rebuild after the import makes them again from the new texts).
      await replaceVersions(tx, documentId, versionsAsc);
      await executeIn(tx, sqlBuilder.deleteFrom('rebuild_state').where('document_id', '=', documentId));
      await syncRelations(tx, documentId, rec.relations);
      await writeSearchAliases(tx, aliasSource);

      const knownVersions = new Set(storedVersions.map((v) => Number(v.version)));
      const knownEdges = new Set(storedEdges.map((e) => edgeKey(e.type, e.target_key)));
      for (const v of versionsAsc) {
        if (!knownVersions.has(v.version)) {
          changes.push({ kind: 'document.version_added', document: doc, version: versionChange(v) });
        }
      }
      if (stored.status !== rec.effectivity.status) {
        changes.push({ kind: 'document.status_changed', document: doc });
      }
      // Metadata (or, without a new version, the text) a reader sees changed: mirrors must hear of it.
      const fields = documentFieldChanges(stored, row) ?? {};
      const textSha256 = createHash('sha256').update(rec.text).digest('hex');
      const versionAdded = versionsAsc.some((v) => !knownVersions.has(v.version));
      if (textSha256 !== stored.text_sha256 && !versionAdded) fields.text = { from: stored.text_sha256, to: textSha256 };
      if (Object.keys(fields).length) changes.push({ kind: 'document.updated', document: doc, fields });
      for (const r of rec.relations) {
        if (!knownEdges.has(edgeKey(r.type, r.target))) changes.push(relationChange(r));
      }
    }

    // #37: the provisions of its current text searchable, before the cross-document lock.
    // Its current version is the one just written (no rebuilt version survives the write): not read back.
    await writeProvisionIndex(
      tx,
      documentId,
      undefined,
      current && {
        version: current.version,
        units: unitChunks(rec.text ? textUnits(rec.text, current.tree.nodes) : []),
        title: rec.title,
        citation: rec.citation,
      },
    );
    // #35: what this act's text says it changes in other acts, under the cross-document lock.
    // Read as the sync and the fill read: its older texts too, and a title-only text still names the act it amends.
    const older = versionsAsc.flatMap((v) => (!v.text_is_current && v.text ? [v.text] : []));
    const read = extractEffectsOfTexts([...older, rec.text], {
      naturalKey: rec.natural_key,
      publishedOn: rec.dates.published,
      effectiveFrom: rec.dates.effective_from,
    });
    await lockCrossDocument(tx);
    changes.push(...(await writeAmendmentEffects(tx, doc, read.effects, read)));
    if (!stored) changes.push(...(await attachTextEdges(tx, { naturalKey: rec.natural_key, docNumber: rec.doc_number })));

    const written = await recordChanges(tx, changes);
    return {
      outcome: stored ? 'updated' : 'created',
      documentId,
      changes: written.changes,
      deliveries: written.deliveries,
    };
  });
}

/**
 * The version a read serves once a record's versions are written (CURRENT_VERSION_SQL of the
 * provision index, with no rebuilt version left): the newest source-current one with a tree.
 */
function currentVersion(
  versions: readonly { version: number; text_is_current: boolean; provisions: string | null }[],
  trees: ReadonlyMap<number, BuiltTree>,
): { version: number; tree: ProvisionTree; builtFrom: string } | undefined {
  let best: { version: number; tree: ProvisionTree; builtFrom: string } | undefined;
  for (const v of versions) {
    const built = trees.get(v.version);
    if (v.text_is_current && v.provisions !== null && built && (!best || v.version > best.version)) {
      best = { version: v.version, tree: built.tree, builtFrom: built.text };
    }
  }
  return best;
}

/** A version's tree with the text it was built from. */
interface BuiltTree {
  tree: ProvisionTree;
  text: string;
}
