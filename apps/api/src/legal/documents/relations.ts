import { z } from 'zod';
import { cursorKind, INVERSE_RELATION, STORED_RELATION_TYPES, type RelationDirection, type RelationType } from '@dp/core';
import type { Database } from '@dp/db';

/** The /relations cursor: the last edge of the page, in the listing's order (direction, type, other act). */
export const RELATIONS_CURSOR = cursorKind(
  z.strictObject({ direction: z.string(), type: z.string(), key: z.string() }),
  z.object({ d: z.string(), t: z.string(), k: z.string() }).transform(({ d, t, k }) => ({ direction: d, type: t, key: k })),
);
export type RelationCursor = NonNullable<ReturnType<typeof RELATIONS_CURSOR.decode>>;

interface EdgeRow {
  direction: 'outgoing' | 'incoming';
  type: RelationType;
  other_key: string;
  other_number: string | null;
  other_id: string | null;
  other_title: string | null;
  methods: string[] | null;
  evidence: string | null;
  version_dates: string[] | null;
}

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
  // Parameters are numbered as they are used: Postgres cannot type a parameter no statement uses.
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const parts: string[] = [];
  if (wantOut) {
    parts.push(`SELECT 'outgoing' AS direction, r.type AS type, r.target_key AS other_key,
        COALESCE(t.doc_number, r.target_doc_number) AS other_number, t.id AS other_id, t.title AS other_title,
        r.methods, r.evidence, r.version_dates
      FROM document_relation r LEFT JOIN document t ON t.natural_key = r.target_key
      WHERE r.source_id = ${p(doc.id)} AND r.type = ANY(${p(outTypes)}::text[])`);
  }
  if (wantIn) {
    parts.push(`SELECT 'incoming' AS direction,
        CASE r.type WHEN 'amends' THEN 'amended_by' WHEN 'repeals' THEN 'repealed_by' ELSE 'cited_by' END AS type,
        s.natural_key AS other_key, s.doc_number AS other_number, s.id AS other_id, s.title AS other_title,
        r.methods, r.evidence, r.version_dates
      FROM document_relation r JOIN document s ON s.id = r.source_id
      WHERE r.target_key = ${p(doc.naturalKey)} AND r.type = ANY(${p(inTypes)}::text[])`);
  }
  if (!parts.length) return { edges: [], nextCursor: null as RelationCursor | null };
  const after = options.after ?? { direction: '', type: '', key: '' };
  const rows = await db.query<EdgeRow>(
    `SELECT * FROM (${parts.join(' UNION ALL ')}) e
     WHERE (e.direction, e.type, e.other_key) > (${p(after.direction)}::text, ${p(after.type)}::text, ${p(after.key)}::text)
     ORDER BY e.direction, e.type, e.other_key
     LIMIT ${p(options.limit + 1)}`,
    params,
  );
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
