import type { DocumentFilters } from '@dp/core';
import type { SqlSession } from '@dp/db';
import { filterSql } from './filters';
import { inForceOn, packedEffectivity } from './generations';
import type { PreparedQuery } from './query';
import { WEIGHTS } from './weights';

/**
 * Documents the query NAMES (#25), with what the naming adds to their score (lexical units; the
 * trigram ranking scales it by WEIGHTS.trigramNameScale):
 * - its short name, or a name other acts give it (search_alias kinds `short`, `cited`, written
 *   with the documents), or an ACT_NAMES name or abbreviation: WEIGHTS.name. An ACT_NAMES entry of
 *   several acts names the one in force on the search's day (else the first stored);
 * - one of its § headings (`heading`): WEIGHTS.heading, shared among the documents in force on
 *   the search's day with that heading (among all of them when none is in force); a heading of
 *   more than MAX_ALIAS_ROWS documents ("Účinnost") names none.
 * Named documents become candidates of both rankings whether or not their title has the words.
 */
/**
 * Alias rows read per name at most: a name with more (a heading of hundreds of acts) is no
 * document's heading. Bounds the lookup of common headings.
 */
export const MAX_ALIAS_ROWS = 200;

/** Named documents with their boosts, and which of them a § heading names. */
export class NamedDocuments extends Map<string, number> {
  /** Named by one of their § headings: the search points their hits at that § (provision-pointers.ts). */
  readonly byHeading = new Set<string>();
}

export async function namedDocuments(db: SqlSession, p: PreparedQuery, filters: DocumentFilters, day: Date): Promise<NamedDocuments> {
  const named = new NamedDocuments();
  const known = p.known.flat();
  if (!p.name && !known.length) return named;
  const params: unknown[] = [p.name, known];
  const where = filterSql(filters, 'd', params);
  const rows = await db.query<{ id: string; natural_key: string; kind: string; eff: string; generic: boolean }>(
    `WITH a AS MATERIALIZED (SELECT target_key, kind FROM "search_alias" WHERE key = $1 LIMIT ${MAX_ALIAS_ROWS + 1}),
          t AS (SELECT DISTINCT target_key, kind FROM a
                UNION SELECT unnest($2::text[]), 'known')
     SELECT d.id, d.natural_key, t.kind, ${packedEffectivity('d')} AS eff,
            (SELECT count(*) FROM a) > ${MAX_ALIAS_ROWS} AS generic
     FROM t JOIN "document" d ON d.natural_key = t.target_key
     WHERE ${where}`,
    params,
  );
  const add = (id: string, boost: number) => named.set(id, Math.max(named.get(id) ?? 0, boost));
  // A heading names the law in force that has it: shared among those in force on the day (among
  // all, when none is), so a repealed predecessor with the same heading does not halve it.
  const headings = rows.filter((r) => r.kind === 'heading' && !r.generic);
  const current = headings.filter((r) => inForceOn(r.eff, day));
  for (const r of current.length ? current : headings) {
    add(r.id, WEIGHTS.heading / (current.length || headings.length));
    named.byHeading.add(r.id);
  }
  for (const r of rows) if (r.kind === 'short' || r.kind === 'cited') add(r.id, WEIGHTS.name);
  const byKey = new Map(rows.filter((r) => r.kind === 'known').map((r) => [r.natural_key, r]));
  for (const acts of p.known) {
    const stored = acts.flatMap((k) => byKey.get(k) ?? []);
    const inForce = stored.filter((r) => inForceOn(r.eff, day));
    for (const r of inForce.length ? inForce : stored.slice(0, 1)) add(r.id, WEIGHTS.name);
  }
  return named;
}
