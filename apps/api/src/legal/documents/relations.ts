import { z } from 'zod';
import { cursorKind, INVERSE_RELATION, STORED_RELATION_TYPES, type RelationDirection, type RelationType } from '@dp/core';
import { sql, type Database } from '@dp/db';

/** The /relations cursor: the last edge of the page, in the listing's order (direction, type, other act). */
export const RELATIONS_CURSOR = cursorKind(
  z.strictObject({ direction: z.string(), type: z.string(), key: z.string() }),
  z.object({ d: z.string(), t: z.string(), k: z.string() }).transform(({ d, t, k }) => ({ direction: d, type: t, key: k })),
);
export type RelationCursor = NonNullable<ReturnType<typeof RELATIONS_CURSOR.decode>>;

/**
 * Edges from both ends: stored edges leave the source document; the target sees each under its
 * inverse name (amends ↔ amended_by …). Keyset-paginated on (direction, type, other key).
 */
export async function listRelations(
  db: Database,
  doc: { id: string; naturalKey: string },
  options: { direction: RelationDirection; types: RelationType[]; limit: number; after?: RelationCursor },
) {
  const outTypes = STORED_RELATION_TYPES.filter((t) => options.types.includes(t));
  const inTypes = STORED_RELATION_TYPES.filter((t) => options.types.includes(INVERSE_RELATION[t]));
  const wantOut = options.direction !== 'incoming' && outTypes.length > 0;
  const wantIn = options.direction !== 'outgoing' && inTypes.length > 0;
  const k = db.kysely;
  type Direction = RelationDirection & ('outgoing' | 'incoming');
  const outgoing = wantOut
    ? k
        .selectFrom('document_relation as r')
        .leftJoin('document as t', 't.natural_key', 'r.target_key')
        .select((eb) => [
          sql.lit('outgoing').$castTo<Direction>().as('direction'),
          eb.ref('r.type').$castTo<RelationType>().as('type'),
          'r.target_key as other_key',
          eb.fn.coalesce('t.doc_number', 'r.target_doc_number').as('other_number'),
          't.id as other_id',
          't.title as other_title',
          'r.methods',
          'r.evidence',
          'r.version_dates',
        ])
        .where('r.source_id', '=', doc.id)
        .where('r.type', '=', (eb) => eb.fn.any(eb.val(outTypes)))
    : undefined;
  const incoming = wantIn
    ? k
        .selectFrom('document_relation as r')
        .innerJoin('document as s', 's.id', 'r.source_id')
        .select((eb) => [
          sql.lit('incoming').$castTo<Direction>().as('direction'),
          eb
            .case('r.type')
            .when('amends')
            .then(sql.lit('amended_by'))
            .when('repeals')
            .then(sql.lit('repealed_by'))
            .else(sql.lit('cited_by'))
            .end()
            .$castTo<RelationType>()
            .as('type'),
          's.natural_key as other_key',
          eb.ref('s.doc_number').$castTo<string | null>().as('other_number'),
          eb.ref('s.id').$castTo<string | null>().as('other_id'),
          eb.ref('s.title').$castTo<string | null>().as('other_title'),
          'r.methods',
          'r.evidence',
          'r.version_dates',
        ])
        .where('r.target_key', '=', doc.naturalKey)
        .where('r.type', '=', (eb) => eb.fn.any(eb.val(inTypes)))
    : undefined;
  const edges =
    outgoing && incoming
      ? k.selectFrom(outgoing.unionAll(incoming).as('e'))
      : outgoing
        ? k.selectFrom(outgoing.as('e'))
        : incoming
          ? k.selectFrom(incoming.as('e'))
          : undefined;
  if (!edges) return { edges: [], nextCursor: null as RelationCursor | null };
  const after = options.after ?? { direction: '', type: '', key: '' };
  const rows = await edges
    .selectAll()
    .where(sql<boolean>`(e.direction, e.type, e.other_key) > (${after.direction}::text, ${after.type}::text, ${after.key}::text)`)
    .orderBy('e.direction')
    .orderBy('e.type')
    .orderBy('e.other_key')
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    edges: page.map((r) => ({
      type: r.type,
      direction: r.direction,
      document: {
        natural_key: r.other_key,
        doc_number: r.other_number,
        id: r.other_id,
        title: r.other_title,
        in_corpus: r.other_id !== null,
      },
      methods: r.methods ?? [],
      evidence: r.evidence,
      version_dates: r.version_dates ?? [],
    })),
    nextCursor: rows.length > options.limit && last ? { direction: last.direction, type: last.type, key: last.other_key } : null,
  };
}
