import { FEED_CURSOR, type DocumentFilters, type FeedCursor, type FeedPosition } from '@dp/core';
import { sql, toFeedChange, type Database, type FeedChange } from '@dp/db';

export interface ChangesRequest {
  /** Start strictly after this position, or at the first change with at >= since. */
  after: FeedPosition | { since: Date };
  filters: DocumentFilters;
  limit: number;
}

export interface ChangesPage {
  changes: FeedChange[];
  next_cursor: string;
  /** Whether more changes are readable after this page now (false: poll with next_cursor later). */
  has_more: boolean;
}

/**
 * One page of the changes feed, in (txid, seq) order.
 *
 * Why txid and not seq alone: seq values are taken when rows are inserted but become visible when
 * their transaction commits, so a later-committing import can make a lower seq appear behind a
 * client's cursor. Rows are therefore only served once every transaction that could still add a
 * row below them has finished: txid < xmin of the current snapshot (the oldest transaction still
 * running). A transaction's rows all share its txid and appear together; anything that commits
 * later gets a txid >= that xmin, i.e. after every position already served.
 */
export async function listChanges(db: Database, req: ChangesRequest): Promise<ChangesPage> {
  const after = req.after;
  const f = req.filters;
  let query = db.kysely
    .selectFrom('change as c')
    .select([
      'c.seq',
      'c.txid',
      'c.id',
      'c.kind',
      'c.document_id',
      'c.natural_key',
      'c.doc_number',
      'c.at',
      'c.version',
      'c.relation',
      'c.fields',
      'c.amendment',
    ])
    .where(sql<boolean>`c.txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`);
  // The first change at or after `since`: start just before its (txid, seq).
  if ('since' in after) query = query.where('c.at', '>=', after.since);
  else query = query.where((eb) => eb(eb.refTuple('c.txid', 'c.seq'), '>', eb.tuple(after.txid, after.seq)));
  if (f.docTypes) query = query.where('c.doc_type', '=', (eb) => eb.fn.any(eb.val(f.docTypes)));
  if (f.effStatuses) query = query.where('c.status', '=', (eb) => eb.fn.any(eb.val(f.effStatuses)));
  if (f.kinds) query = query.where('c.kind', '=', (eb) => eb.fn.any(eb.val(f.kinds)));
  const rows = await query
    .orderBy('c.txid')
    .orderBy('c.seq')
    .limit(req.limit + 1)
    .execute();
  // One row more than the page tells whether another page is readable now.
  const hasMore = rows.length > req.limit;
  if (hasMore) rows.length = req.limit;
  const changes = rows.map((r) =>
    toFeedChange({
      id: r.id,
      kind: r.kind,
      documentId: r.document_id,
      naturalKey: r.natural_key,
      docNumber: r.doc_number,
      at: r.at,
      version: r.version,
      relation: r.relation,
      fields: r.fields,
      amendment: r.amendment,
    }),
  );
  const last = rows[rows.length - 1];
  return { changes, next_cursor: FEED_CURSOR.encode(nextPosition(req, last)), has_more: hasMore };
}

/**
 * The cursor moves on or stays: an empty page keeps the client's position. An empty page that
 * started from a timestamp keeps the timestamp, not "now": jumping ahead could skip a change that
 * is still being committed.
 */
function nextPosition(req: ChangesRequest, last: { txid: string; seq: string } | undefined): FeedCursor {
  if (last) return { txid: last.txid, seq: last.seq };
  if ('since' in req.after) return { after: req.after.since.toISOString() };
  return req.after;
}
