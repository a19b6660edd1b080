import { lacksSql, rebuildTookSql, wholeRepealSql } from './rebuild';
import type { Database } from '../client';

/** #35 item 4: what the collection's texts lack on a day, counted (docs/BENCHMARKS.md, docs/sync.md). */
export interface AmendmentCounts {
  day: string;
  documents: number;
  /** Documents whose source holds one text only (their `[bootstrap]` commit). */
  single_text: number;
  /** Documents with an amending act of the collection known to change them (text, history or front matter). */
  with_known_amendments: number;
  /** Amending acts whose text has at least one block amending another act of the collection, and their points. */
  amending_acts_read: number;
  points_read: number;
  /**
   * Documents with effects in force on `day` that the source's newest text lacks, by the rebuild's
   * rule (`lacksSql`: dated after its day, retroactive to it, or of its day and taken by the
   * rebuild) (of which single-text documents).
   */
  lacking_in_source: number;
  lacking_in_source_single_text: number;
  /** Of those, documents whose only such effects repeal the whole act: the source lacks no wording, the act is gone. */
  lacking_only_repealed_whole: number;
  /** Of those, documents whose text in force on `day` (rebuilt where the engine could) still lacks some. */
  lacking_after_rebuild: number;
  /** Of those, documents whose only outstanding effects repeal the whole act. */
  lacking_after_rebuild_only_repealed_whole: number;
  /** Documents with rebuilt versions, the versions, and points applied and not by the engine. */
  rebuilt_documents: number;
  rebuilt_versions: number;
  points_applied: number;
  points_unapplied: number;
  /** Distinct (document, provision id) targets of effects that the text in force on `day` lacks (a whole act counts once; its exceptions and ranges' ends are no provisions). */
  provisions_flagged: number;
}

const COUNTS_SQL = `
WITH src AS (
  -- The newest source text as the rebuild reads it (its day and the act it was made for).
  SELECT d.id, d.natural_key,
    (SELECT count(*) FROM document_version v WHERE v.document_id = d.id AND v.text_source = 'source') AS texts,
    t.text_day, t.text_act
  FROM document d LEFT JOIN LATERAL (
    SELECT coalesce(v.text_as_of, v.valid_from) AS text_day, v.amended_by_key AS text_act FROM document_version v
    WHERE v.document_id = d.id AND v.text_source = 'source' AND (v.text IS NOT NULL OR v.text_is_current)
    ORDER BY v.version DESC LIMIT 1) t ON true
), today AS (
  -- The version in force on the day for each document, and the points its rebuilt chain failed.
  SELECT s.id, s.natural_key, s.texts, s.text_day, v.version AS in_view, v.text_source AS in_view_source,
    coalesce(v.text_as_of, v.valid_from) AS in_view_day, v.amended_by_key AS in_view_act
  FROM src s LEFT JOIN LATERAL (
    SELECT * FROM document_version v WHERE v.document_id = s.id AND v.valid_from <= $1::date
    ORDER BY v.valid_from DESC, v.version DESC LIMIT 1) v ON true
), failed AS (
  SELECT t.id, f ->> 'amending_key' AS amending_key, (f ->> 'ordinal')::int AS ordinal
  FROM today t JOIN document_version v ON v.document_id = t.id AND v.text_source = 'rebuilt' AND v.version <= t.in_view
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.rebuild -> 'failed', '[]'::jsonb)) AS f
  WHERE t.in_view_source = 'rebuilt'
), outstanding AS (
  -- A source text in view lacks what the rebuild's rule says; a rebuilt one what is dated after it
  -- and what its chain failed (as the API's statuses read them).
  SELECT t.id, e.amending_key, e.ordinal, e.targets
  FROM today t JOIN amendment_effect e ON e.target_key = t.natural_key
  LEFT JOIN document a ON a.natural_key = e.amending_key
  WHERE e.effective_from <= $1::date
    AND (CASE WHEN t.in_view_source = 'source'
              THEN ${lacksSql('t.in_view_day', 't.in_view_act', rebuildTookSql('t.id', 't.in_view_day'))}
              ELSE e.effective_from > t.in_view_day END
         OR EXISTS (SELECT 1 FROM failed f WHERE f.id = t.id AND f.amending_key = e.amending_key AND f.ordinal = e.ordinal))
), lacking AS (
  SELECT s.id, s.texts, bool_and(${wholeRepealSql('e.targets')}) AS only_whole
  FROM src s JOIN amendment_effect e ON e.target_key = s.natural_key
  LEFT JOIN document a ON a.natural_key = e.amending_key
  WHERE e.effective_from <= $1::date AND s.text_day IS NOT NULL
    AND ${lacksSql('s.text_day', 's.text_act', rebuildTookSql('s.id', 's.text_day'))}
  GROUP BY s.id, s.texts
)
SELECT
  (SELECT count(*) FROM document)::int AS documents,
  (SELECT count(*) FROM src WHERE texts = 1)::int AS single_text,
  (SELECT count(DISTINCT d.id) FROM document d
   WHERE EXISTS (SELECT 1 FROM document_relation r WHERE r.target_key = d.natural_key AND r."type" = 'amends')
      OR EXISTS (SELECT 1 FROM amendment_effect e WHERE e.target_key = d.natural_key))::int AS with_known_amendments,
  (SELECT count(*) FROM amendment_source WHERE blocks > 0)::int AS amending_acts_read,
  (SELECT coalesce(sum(points), 0) FROM amendment_source)::int AS points_read,
  (SELECT count(*) FROM lacking)::int AS lacking_in_source,
  (SELECT count(*) FROM lacking WHERE texts = 1)::int AS lacking_in_source_single_text,
  (SELECT count(*) FROM lacking WHERE only_whole)::int AS lacking_only_repealed_whole,
  (SELECT count(DISTINCT id) FROM outstanding)::int AS lacking_after_rebuild,
  (SELECT count(*) FROM (SELECT id FROM outstanding GROUP BY id HAVING bool_and(${wholeRepealSql('targets')})) x)::int
    AS lacking_after_rebuild_only_repealed_whole,
  (SELECT count(*) FROM rebuild_state WHERE versions > 0)::int AS rebuilt_documents,
  (SELECT coalesce(sum(versions), 0) FROM rebuild_state)::int AS rebuilt_versions,
  (SELECT coalesce(sum(applied), 0) FROM rebuild_state)::int AS points_applied,
  (SELECT coalesce(sum(unapplied), 0) FROM rebuild_state)::int AS points_unapplied,
  (SELECT count(*) FROM (SELECT DISTINCT o.id, t FROM outstanding o CROSS JOIN LATERAL unnest(o.targets) AS t
     WHERE t NOT LIKE '!%' AND t NOT LIKE '%..%' AND t NOT LIKE '^%') x)::int AS provisions_flagged`;

/** The counts of what the texts lack on `day` (ISO), in one statement over the whole database. */
export async function amendmentCounts(db: Database, day: string): Promise<AmendmentCounts> {
  const [row] = await db.query<Omit<AmendmentCounts, 'day'>>(COUNTS_SQL, [day]);
  return { day, ...row };
}
