import { newId, type ChangeKind, type StoredRelationType, type V1Schemas } from '@dp/core';
import { canonicalJson } from '../corpus/content-hash';
import type { CorpusVersion } from '../corpus/corpus-record';
import type { RawTx } from '../client';
import { sql } from 'kysely';
import { selectIn, sqlBuilder } from '../typed-sql';
import type { ProvisionChanges } from '../provisions/provision-tree';

/** `version` JSON of a change: the version a `document.version_added` entry announces. */
export interface ChangeVersion {
  version: number;
  valid_from: string;
  valid_to: string | null;
  kind: string;
  amended_by: { natural_key: string; doc_number: string | null } | null;
  /** #24: the provisions the version added, changed, repealed or removed (absent: nothing to compare). */
  provisions?: ChangeProvisions;
  /** #36: `rebuilt` for a version the engine made from amending acts' instructions (absent: the source's). */
  text_source?: 'rebuilt';
}

/**
 * The provisions a new version touched against the previous version with a text (`compared_with`),
 * as ids (§ / čl. / příloha and their odstavce, písmena, body; containers, which change with
 * anything inside them, are left out). Each list holds at most MAX_EVENT_PROVISION_IDS; `counts`
 * has the full numbers and `truncated` says whether any list was cut.
 */
export interface ChangeProvisions {
  compared_with: number;
  added: string[];
  changed: string[];
  repealed: string[];
  removed: string[];
  counts: { added: number; changed: number; repealed: number; removed: number };
  truncated: boolean;
}

export const MAX_EVENT_PROVISION_IDS = 200;
const CONTAINER_SEGMENT = /(?:^|\/)(?:cast|hlava|dil|oddil|pododdil)_[^/]*$/;

export function changeProvisions(c: ProvisionChanges | null | undefined): ChangeProvisions | undefined {
  if (!c || c.from === null) return undefined;
  const lists = { added: c.added, changed: c.changed, repealed: c.repealed, removed: c.removed };
  const kept = Object.fromEntries(
    Object.entries(lists).map(([k, ids]) => [k, ids.filter((id) => !CONTAINER_SEGMENT.test(id))]),
  ) as typeof lists;
  const cut = (ids: string[]) => ids.slice(0, MAX_EVENT_PROVISION_IDS);
  return {
    compared_with: c.from,
    added: cut(kept.added),
    changed: cut(kept.changed),
    repealed: cut(kept.repealed),
    removed: cut(kept.removed),
    counts: { added: kept.added.length, changed: kept.changed.length, repealed: kept.repealed.length, removed: kept.removed.length },
    truncated: Object.values(kept).some((ids) => ids.length > MAX_EVENT_PROVISION_IDS),
  };
}

/** What a change entry says of a stored version (the amending act by natural key and number). */
export function versionChange(v: CorpusVersion & { provision_changes?: ProvisionChanges | null }): ChangeVersion {
  const provisions = changeProvisions(v.provision_changes);
  return {
    version: v.version,
    valid_from: v.valid_from,
    valid_to: v.valid_to,
    kind: v.kind,
    amended_by: v.amended_by_key ? { natural_key: v.amended_by_key, doc_number: v.amended_by } : null,
    ...(provisions ? { provisions } : {}),
  };
}

export interface ChangeRelation {
  type: StoredRelationType;
  target: { natural_key: string; doc_number: string | null };
}

/**
 * One entry of the changes feed, before it is stored.
 *
 * `document.status` is the document's effectivity status AFTER the change, on every kind (the
 * feed filters on it). A `document.status_changed` entry therefore carries the new status in the
 * `status` column and has `version` and `relation` null; the previous status is the `status` of
 * the document's preceding change (every document starts with `document.created`), so it is not
 * stored twice and the public entry keeps the documented shape.
 */
export interface NewChange {
  kind: ChangeKind;
  document: { id: string; naturalKey: string; docNumber: string; docType: string; status: string };
  version?: ChangeVersion | null;
  relation?: ChangeRelation | null;
  fields?: FieldChanges | null;
  amendment?: ChangeAmendment | null;
}

/**
 * `amendment` JSON of a `document.amendment_known` entry (#35): an amending act's text shows it
 * amends this document: the act, its points for it, their dates and whether a source text of the
 * document already reflects them.
 */
export interface ChangeAmendment {
  amending_act: { natural_key: string; doc_number: string | null };
  points: number;
  effective_from: string[];
  /** True when every dated point falls on or before the day of the document's newest source text. */
  applied: boolean;
}

/** `fields` JSON of a `document.updated` entry: each changed field, before and after. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * The metadata fields a reader sees, as `document.updated` names them, with their columns. `text`
 * is compared (and reported) as its sha256; it changes without a new version only in a JSONL import.
 */
export const TRACKED_DOCUMENT_FIELDS = [
  ['title', 'title'],
  ['citation', 'citation'],
  ['doc_number', 'doc_number'],
  ['eli', 'eli'],
  ['doc_type', 'doc_type'],
  ['is_amending_act', 'is_amending_act'],
  ['published', 'published_on'],
  ['effective_from', 'effective_from'],
  ['effective_to', 'effective_to'],
  ['gazette', 'gazette'],
] as const;

/** The stored values of the tracked fields, in the shape `documentFieldChanges` compares. */
export const TRACKED_FIELDS_SQL = TRACKED_DOCUMENT_FIELDS.map(([name, column]) =>
  ['published_on', 'effective_from', 'effective_to'].includes(column)
    ? `to_char("${column}", 'YYYY-MM-DD') AS "f_${name}"`
    : `"${column}" AS "f_${name}"`,
).join(', ');

// jsonb keeps an object's keys in its own order, so values are compared as canonical JSON.
const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/**
 * What changed between a stored document (a row read with TRACKED_FIELDS_SQL) and the row about
 * to be written (keyed by column, dates as ISO strings); null when nothing did.
 */
export function documentFieldChanges(stored: Record<string, unknown>, next: Record<string, unknown>): FieldChanges | null {
  const out: FieldChanges = {};
  for (const [name, column] of TRACKED_DOCUMENT_FIELDS) {
    if (!(column in next)) continue;
    const before = stored[`f_${name}`] ?? null;
    const after = next[column] ?? null;
    if (!same(before, after)) out[name] = { from: before, to: after };
  }
  return Object.keys(out).length ? out : null;
}

/** A change as the public feed (and a webhook payload) shows it: the API's declared `Change`. */
export type FeedChange = V1Schemas['Change'];

/** The feed shape of a stored `change` row; the SQL below builds the same shape for the outbox. */
export function toFeedChange(row: {
  id: string;
  kind: string;
  documentId: string;
  naturalKey: string;
  docNumber: string;
  at: Date;
  version?: unknown;
  relation?: unknown;
  fields?: unknown;
  amendment?: unknown;
}): FeedChange {
  // The row's kind and JSON parts were written from the same shapes (`recordChanges`).
  const entry: FeedChange = {
    id: row.id,
    kind: row.kind as FeedChange['kind'],
    document: { id: row.documentId, natural_key: row.naturalKey, doc_number: row.docNumber },
    at: row.at.toISOString(),
  };
  if (row.version !== null && row.version !== undefined) entry.version = row.version as FeedChange['version'];
  if (row.relation !== null && row.relation !== undefined) entry.relation = row.relation as FeedChange['relation'];
  if (row.fields !== null && row.fields !== undefined) entry.fields = row.fields as FeedChange['fields'];
  if (row.amendment !== null && row.amendment !== undefined) entry.amendment = row.amendment as FeedChange['amendment'];
  return entry;
}

// Changes and their outbox rows in one statement: the change rows get their seq from the INSERT,
// and the deliveries join on the change id to pick it up. Ordering the SELECT by `ord` makes seq
// follow the order the caller listed the changes in. The webhook join re-checks status and events
// so a webhook disabled since the caller's read gets nothing.
const INSERT_CHANGES_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
    ord int, id text, kind text, document_id text, natural_key text, doc_number text,
    doc_type text, status text, version jsonb, relation jsonb, fields jsonb, amendment jsonb)
), ins AS (
  INSERT INTO "change" (id, kind, document_id, natural_key, doc_number, doc_type, status, version, relation, fields, amendment)
  SELECT id, kind, document_id, natural_key, doc_number, doc_type, status, version, relation, fields, amendment
  FROM input ORDER BY ord
  RETURNING seq, id, kind, document_id, natural_key, doc_number, at, version, relation, fields, amendment
), outbox AS (
  INSERT INTO "webhook_delivery" (id, webhook_id, change_seq, event_type, payload, status)
  SELECT d.id, w.id, ins.seq, ins.kind,
         jsonb_build_object(
           'id', ins.id,
           'kind', ins.kind,
           'document', jsonb_build_object('id', ins.document_id, 'natural_key', ins.natural_key, 'doc_number', ins.doc_number),
           'at', to_char(ins.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         || CASE WHEN ins.version IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('version', ins.version) END
         || CASE WHEN ins.relation IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('relation', ins.relation) END
         || CASE WHEN ins.fields IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('fields', ins.fields) END
         || CASE WHEN ins.amendment IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('amendment', ins.amendment) END,
         'pending'
  FROM jsonb_to_recordset($2::jsonb) AS d(id text, change_id text, webhook_id text)
  JOIN ins ON ins.id = d.change_id
  JOIN "webhook" w ON w.id = d.webhook_id AND w.status = 'active' AND ins.kind = ANY (w.events)
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins)::int AS changes, (SELECT count(*) FROM outbox)::int AS deliveries`;

/** What one batch wrote: the change rows and the deliveries queued with them. */
export interface Recorded {
  changes: number;
  deliveries: number;
}

/**
 * Writes change entries and, in the same transaction (transactional outbox), one pending
 * webhook_delivery per active webhook subscribed to each change's kind. Two round trips per batch
 * whatever its size: the subscribed webhooks, then one INSERT ... SELECT for everything.
 * Must run inside the caller's transaction so changes appear exactly when the data they describe.
 */
export async function recordChanges(tx: RawTx, changes: NewChange[]): Promise<Recorded> {
  if (changes.length === 0) return { changes: 0, deliveries: 0 };
  const kinds = [...new Set(changes.map((c) => c.kind))];
  // FOR KEY SHARE: a webhook deleted meanwhile is either gone here (its deletion committed: it gets
  // nothing) or waits for this transaction (its deletion then takes these deliveries with it). Without
  // the lock, a deletion committing between this read and the insert failed the insert's foreign key,
  // and with it the whole document.
  const webhooks = await selectIn(
    tx,
    sqlBuilder
      .selectFrom('webhook')
      .select(['id', 'events'])
      .where('status', '=', 'active')
      .where('events', '&&', (eb) => eb.cast<string[]>(eb.val(kinds), sql.raw('text[]')))
      .orderBy('id')
      .forKeyShare(),
  );
  const rows = changes.map((c, ord) => ({
    ord,
    id: newId('chg'),
    kind: c.kind,
    document_id: c.document.id,
    natural_key: c.document.naturalKey,
    doc_number: c.document.docNumber,
    doc_type: c.document.docType,
    status: c.document.status,
    version: c.version ?? null,
    relation: c.relation ?? null,
    fields: c.fields ?? null,
    amendment: c.amendment ?? null,
  }));
  // Message ids come from the shared id scheme (newId), so they are made here, not in SQL.
  const deliveries = rows.flatMap((row) =>
    webhooks.filter((w) => w.events.includes(row.kind)).map((w) => ({ id: newId('msg'), change_id: row.id, webhook_id: w.id })),
  );
  // Raw: rows from jsonb_to_recordset; its row is the counts this function returns, not a table's.
  const [result] = await tx.$queryRawUnsafe<Recorded[]>(INSERT_CHANGES_SQL, JSON.stringify(rows), JSON.stringify(deliveries));
  return { changes: Number(result?.changes ?? 0), deliveries: Number(result?.deliveries ?? 0) };
}
