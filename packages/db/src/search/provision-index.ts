import { formatIsoDate, todayUtc } from '@dp/core';
import { classifyHeading, cleanHeading, HEADING_LINE, isAmendingPart, normalizeSpace } from '@dp/czech-law';
import { indexTerms, LANGUAGE_VERSION } from './language';
import type { Database } from '../client';
import { chunkBy } from '../corpus/document-sql';
import { CONTAINER_KINDS, decodeProvisionTree, type ProvisionNode } from '../provisions/provision-tree';
import { titleShortNames } from './names-in-titles';
import type { RawTx } from '../client';

type Tx = RawTx;

/**
 * #37: the provision index (`search_provision`), the unit of retrieval of the provision search.
 * One row per unit of the text a document read serves today: each § / čl. / příloha, and each
 * odstavec of one (its písmena inside it), with its heading, its ancestors' headings and a
 * tsvector of lemma keys (@dp/czech-law `indexTerms`), weighted A for the unit's own heading, C
 * for its ancestors' headings (the část, hlava, díl, oddíl holding it and the group heading above
 * its §: `groupHeadings`), B for the act's title and short names, D for the text. Written inside
 * the document's transaction by the import, the sync and the rebuild; `backfillProvisionIndex`
 * fills an existing database.
 */

/**
 * Raise when the rows this module writes change (units, weights, text cut): the backfill rebuilds.
 * 2: the ancestors' headings weighted C apart from the unit's own heading (A), and the group
 * headings above a § in its context (h-heads).
 * 3: the last § or příloha of a text ends before its footnotes (tree format 3).
 */
export const PROVISION_INDEX_FORMAT = 3;

/**
 * Raise when the act rows (`search_act`, `search_act_term`) this module writes change: the backfill
 * rewrites them.
 * 2: the group headings among the act's headings (h-heads).
 * 3: the act's units per lemma key (`search_act_term`, h-speed7).
 */
export const ACT_INDEX_FORMAT = 3;

/**
 * An act's lemma key held by fewer of its units has no row of `search_act_term`: the provision
 * search's first stage takes it as held by `ACT_TERM_MIN_UNITS - 1` (the table stays a fraction
 * of the index: most of an act's keys are in one or two of its units).
 */
export const ACT_TERM_MIN_UNITS = 5;

/** A unit's text is indexed and stored up to this many characters (an annex can be a whole table). */
export const UNIT_TEXT_LIMIT = 20_000;

const SECTION_KINDS: ReadonlySet<string> = new Set(['section', 'article', 'annex']);

export interface ProvisionUnit {
  provision_id: string;
  ord: number;
  section_id: string;
  kind: string;
  label: string;
  heading: string | null;
  /** The ancestors' headings, outermost first, " › " between: the containers' and the group heading above the § (groupHeadings). */
  context: string;
  containers: string[];
  repealed: boolean;
  /** Inside a part amending another act (@dp/czech-law AMENDING_PART on the containers' headings): the search weighs it little. */
  in_amendment: boolean;
  text: string;
  /** Space-separated lemma keys per weight: A the unit's heading, B the act's, C the context, D the text. */
  a: string;
  b: string;
  c: string;
  d: string;
}

/** Markdown heading marks and list dashes out; whitespace runs to one space. */
function plain(text: string): string {
  return text
    .replace(/^#{1,6}\s*/gmu, '')
    .replace(/^\s*-\s+/gmu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

const terms = (text: string) => indexTerms(text).join(' ');

/** A unit without the act's terms, which are the same for every unit of a document (ProvisionUnit's `b`). */
export type TextUnit = Omit<ProvisionUnit, 'b'>;

/** The terms of an act's title, citation and short names: weight B of each of its units. */
export function actTerms(act: { title: string; citation: string | null }): string {
  return terms([act.title, act.citation ?? '', ...titleShortNames(act.title)].join(' '));
}

/** The units of one text and its stored tree (pure: the import's and the tests' entry). */
export function provisionUnits(
  text: string,
  nodes: readonly ProvisionNode[],
  act: { title: string; citation: string | null },
): ProvisionUnit[] {
  const b = actTerms(act);
  return textUnits(text, nodes).map((u) => ({ ...u, b }));
}

/**
 * The group headings of a text (skupinové nadpisy): a heading written above a § or čl. mark is the
 * common heading of the §§ from it, while a § 's own heading stands below its mark (Legislativní
 * pravidla vlády, čl. 30 ff.). The group ends before the § above which the next group heading
 * stands, with the část, hlava, díl, oddíl holding it, and, where its first § has no heading of its
 * own, before the next § that has one. Where its first § has a heading below its mark as well, the
 * §§ under it are headed each (the labour code's "Mateřská a rodičovská dovolená" over "Mateřská
 * dovolená", "Rodičovská dovolená", …): it runs over them. The tree keeps a group heading only as
 * the own heading of a first § with none below its mark (the parser takes the line above then);
 * above a § with one, it is left at the end of the previous §'s text. Returns, per § / čl. id, the
 * group heading it stands under (none for the § whose own heading it is), and per § start the
 * offset where the previous node's text ends without the group heading written above that §.
 */
export function groupHeadings(text: string, nodes: readonly ProvisionNode[]): { group: Map<string, string>; cut: Map<number, number> } {
  const group = new Map<string, string>();
  const cut = new Map<number, number>();
  let current: { parent: string | null; heading: string; headed: boolean } | null = null;
  nodes.forEach((n, i) => {
    if (n.kind !== 'section' && n.kind !== 'article') {
      if (CONTAINER_KINDS.has(n.kind) || n.kind === 'annex') current = null;
      return;
    }
    if (current && current.parent !== n.parent) current = null;
    const eol = text.indexOf('\n', n.start);
    const first = HEADING_LINE.exec(text.slice(n.start, eol < 0 ? text.length : eol).replace(/\r$/u, ''));
    if (first && n.heading && classifyHeading(cleanHeading(first[2])) === null) {
      // The parser took the heading above the mark as the §'s own: it heads the §§ after it too.
      current = { parent: n.parent, heading: n.heading, headed: false };
      return;
    }
    const found = i > 0 ? headingAbove(text, n, nodes[i - 1]) : null;
    if (found) {
      current = { parent: n.parent, heading: found.heading, headed: n.heading !== null };
      if (found.cut !== null) cut.set(n.start, found.cut);
    } else if (current && !current.headed && n.heading !== null) {
      current = null;
    }
    if (current) group.set(n.id, current.heading);
  });
  return { group, cut };
}

/**
 * The free heading lines right above a § or čl. mark that starts its node (no heading above it was
 * taken as its own), back to the previous node: the text's lines between are the previous node's.
 * A container's own title line (its first free heading) is not one of them; after any other node
 * they count only below a line of its text (a § of a mark and heading alone keeps its heading).
 */
function headingAbove(text: string, n: ProvisionNode, prev: ProvisionNode): { heading: string; cut: number | null } | null {
  const lines: { heading: string; start: number }[] = [];
  let body = false;
  for (let pos = n.start; pos > prev.start;) {
    const start = text.lastIndexOf('\n', pos - 2) + 1;
    const raw = text.slice(start, pos - 1).replace(/\r$/u, '');
    pos = start;
    if (!raw.trim()) continue;
    const m = HEADING_LINE.exec(raw);
    const heading = m && !/^#\s/u.test(raw) ? cleanHeading(m[2]) : null;
    if (heading === null) {
      body = true;
      break;
    }
    if (heading === '') continue;
    if (start <= prev.start || classifyHeading(heading) !== null) break;
    lines.unshift({ heading, start });
  }
  if (CONTAINER_KINDS.has(prev.kind) && n.parent === prev.id) {
    if (lines.length && normalizeSpace(lines[0].heading) === normalizeSpace(prev.heading ?? '')) lines.shift();
    return lines.length ? { heading: lines.map((l) => l.heading).join(' '), cut: null } : null;
  }
  if (!body || !lines.length) return null;
  return { heading: lines.map((l) => l.heading).join(' '), cut: lines[0].start };
}

/**
 * The units of one text and its tree, without the act's terms: what the sync computes for the
 * text it is about to write, before its transaction (the lemma keys are most of the cost).
 */
export function textUnits(text: string, nodes: readonly ProvisionNode[]): TextUnit[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const units: TextUnit[] = [];
  const groups = groupHeadings(text, nodes);
  const contextCache = new Map<string | null, { headings: string[]; containers: string[] }>();
  const contextOf = (parent: string | null) => {
    const hit = contextCache.get(parent);
    if (hit !== undefined) return hit;
    const headings: string[] = [];
    const containers: string[] = [];
    for (let up = parent === null ? undefined : byId.get(parent); up; up = up.parent === null ? undefined : byId.get(up.parent)) {
      if (!CONTAINER_KINDS.has(up.kind)) continue;
      containers.unshift(up.id);
      if (up.heading) headings.unshift(up.heading);
    }
    const found = { headings, containers };
    contextCache.set(parent, found);
    return found;
  };
  nodes.forEach((n, ord) => {
    const parent = n.parent === null ? undefined : byId.get(n.parent);
    let sectionId: string;
    let heading = n.heading;
    let context: { headings: string[]; containers: string[] };
    if (SECTION_KINDS.has(n.kind)) {
      sectionId = n.id;
      context = contextOf(n.parent);
    } else if (n.kind === 'paragraph' && parent && SECTION_KINDS.has(parent.kind)) {
      sectionId = parent.id;
      heading = parent.heading;
      context = contextOf(parent.parent);
    } else {
      return;
    }
    const end = groups.cut.get(n.end) ?? n.end;
    const body = plain(text.slice(n.start, Math.min(end, n.start + UNIT_TEXT_LIMIT)));
    if (!body) return;
    const containers = context.headings.join(' › ');
    const group = groups.group.get(sectionId);
    const ancestors = group ? [...context.headings, group].join(' › ') : containers;
    units.push({
      provision_id: n.id,
      ord,
      section_id: sectionId,
      kind: n.kind,
      label: n.label,
      heading,
      context: ancestors,
      containers: context.containers,
      repealed: n.repealed,
      in_amendment: isAmendingPart(containers),
      text: body,
      a: terms(heading ?? ''),
      c: terms(ancestors),
      d: terms(body),
    });
  });
  return units;
}

/**
 * The version a document read serves today (apps/api `currentVersion`): the newest rebuilt version
 * in force on `today` after the source's current text, else the source's current text.
 */
const CURRENT_VERSION_SQL = `
SELECT v.version, v.provisions, CASE WHEN v.text_is_current THEN d.text ELSE v.text END AS text, d.title, d.citation
FROM "document" d JOIN "document_version" v ON v.document_id = d.id
WHERE d.id = $1 AND v.provisions IS NOT NULL
  AND (v.text_is_current OR (v.text_source = 'rebuilt' AND v.valid_from <= $2::date AND v.version >
       (SELECT coalesce(max(c.version), 0) FROM "document_version" c WHERE c.document_id = d.id AND c.text_is_current)))
ORDER BY v.version DESC LIMIT 1`;

/**
 * The version a read of document `doc` serves on day `day` (SQL expressions), as CURRENT_VERSION_SQL
 * picks it: the staleness rule of the backfill and of the rebuild's check (provisionIndexIsCurrent).
 */
const servedVersionSql = (doc: string, day: string) => `
SELECT v.version FROM "document_version" v
WHERE v.document_id = ${doc} AND v.provisions IS NOT NULL
  AND (v.text_is_current OR (v.text_source = 'rebuilt' AND v.valid_from <= ${day}::date AND v.version >
       (SELECT coalesce(max(c.version), 0) FROM "document_version" c WHERE c.document_id = ${doc} AND c.text_is_current)))
ORDER BY v.version DESC LIMIT 1`;

/**
 * Whether a document's provision index and act rows are those writeProvisionIndex would write now:
 * built by this language and these formats from the source's current text, which is still the
 * version a read serves on `today`. Only a source version qualifies: a rebuilt version's number is
 * given again to another text when the rebuild runs again, a source version's text never changes.
 */
export async function provisionIndexIsCurrent(tx: Tx, documentId: string, today: Date = todayUtc()): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ one: number }[]>(
    `SELECT 1 AS one FROM "search_provision_state" s
     WHERE s.document_id = $1 AND s.language_version = $2 AND s.index_format = $3
       AND s.version = (SELECT v.version FROM "document_version" v WHERE v.document_id = $1 AND v.text_is_current)
       AND s.version = (${servedVersionSql('$1', '$4')})
       AND CASE WHEN s.units = 0 THEN NOT EXISTS (SELECT 1 FROM "search_act" a WHERE a.document_id = $1)
                ELSE EXISTS (SELECT 1 FROM "search_act" a WHERE a.document_id = $1 AND a.format = $5) END`,
    documentId,
    LANGUAGE_VERSION,
    PROVISION_INDEX_FORMAT,
    formatIsoDate(today),
    ACT_INDEX_FORMAT,
  );
  return rows.length > 0;
}

const INSERT_SQL = `
INSERT INTO "search_provision" (document_id, provision_id, ord, section_id, kind, label, heading, context, containers, repealed, in_amendment, text, vector)
SELECT $1, u.provision_id, u.ord, u.section_id, u.kind, u.label, u.heading, u.context, u.containers, u.repealed, u.in_amendment, u.text,
       setweight(to_tsvector('simple', u.a), 'A') || setweight(to_tsvector('simple', u.c), 'C')
         || setweight(to_tsvector('simple', $3::text), 'B') || setweight(to_tsvector('simple', u.d), 'D')
FROM jsonb_to_recordset($2::jsonb) AS u(provision_id text, ord int, section_id text, kind text, label text, heading text,
     context text, containers text[], repealed boolean, in_amendment boolean, text text, a text, c text, d text)`;

/** Units as the statements send them: JSON arrays of a few MB each. */
export interface UnitChunks {
  json: string[];
  count: number;
}

/** Units in the statements' JSON chunks (serialised where they are computed: the sync's worker thread). */
export function unitChunks(units: TextUnit[]): UnitChunks {
  return {
    json: chunkBy(units, (u) => u.text.length + u.a.length + u.c.length + u.d.length).map((c) => JSON.stringify(c)),
    count: units.length,
  };
}

/** The version a read serves today, with its units already computed by the writer that just wrote it. */
export interface CurrentUnits {
  version: number;
  units: UnitChunks;
  title: string;
  citation: string | null;
  /** actTerms of that title and citation, when computed with the units. */
  terms?: string;
}

/**
 * Rewrites one document's provision index from its current version, in the caller's transaction
 * (the import's, the sync's, the rebuild's or the backfill's). Returns the units written.
 * `current`: the writer knows the version served today and has its units (the sync's new text):
 * it is not read back.
 */
export async function writeProvisionIndex(tx: Tx, documentId: string, today: Date = todayUtc(), current?: CurrentUnits): Promise<number> {
  let version: number | null;
  let units: UnitChunks;
  let act = '';
  if (current) {
    version = current.version;
    units = current.units;
    act = current.terms ?? actTerms(current);
  } else {
    const [row] = await tx.$queryRawUnsafe<
      { version: number; provisions: string; text: string | null; title: string; citation: string | null }[]
    >(CURRENT_VERSION_SQL, documentId, formatIsoDate(today));
    version = row ? Number(row.version) : null;
    units = unitChunks(row?.text ? textUnits(row.text, decodeProvisionTree(row.provisions).nodes) : []);
    if (row) act = actTerms(row);
  }
  await tx.$executeRawUnsafe('DELETE FROM "search_provision" WHERE document_id = $1', documentId);
  for (const json of units.json) await tx.$executeRawUnsafe(INSERT_SQL, documentId, json, act);
  await writeActRow(tx, documentId, units.count ? act : null);
  await tx.$executeRawUnsafe(
    `INSERT INTO "search_provision_state" (document_id, version, language_version, index_format, units, built_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (document_id) DO UPDATE SET version = excluded.version, language_version = excluded.language_version,
       index_format = excluded.index_format, units = excluded.units, built_at = now()`,
    documentId,
    version,
    LANGUAGE_VERSION,
    PROVISION_INDEX_FORMAT,
    units.count,
  );
  return units.count;
}

/**
 * The act's own headings as its units hold them (each unit's heading and its ancestors' headings),
 * once each, outside the parts amending other acts: those repeat the headings of the acts they amend.
 */
const ACT_HEADINGS_SQL = `
SELECT h FROM "search_provision" p, unnest(array_append(string_to_array(p.context, ' › '), p.heading)) h
WHERE p.document_id = $1 AND NOT p.in_amendment AND h <> ''
GROUP BY h ORDER BY h COLLATE "C"`;

/** The act's units per lemma key of their vectors (any weight), from the units as stored. */
const ACT_TERMS_SQL = `
INSERT INTO "search_act_term" (term, document_id, units)
SELECT u.lexeme, $1, count(*)::int FROM "search_provision" p, unnest(p.vector) u
WHERE p.document_id = $1
GROUP BY u.lexeme HAVING count(*) >= $2`;

/**
 * Writes (or, with `act` null, removes) a document's row of `search_act` from its title terms
 * (`actTerms`) and the headings of its units as stored, and its rows of `search_act_term` from the
 * units' vectors: after `search_provision` is written, in the same transaction. The act stage of the
 * provision search ranks the acts of its units by the first; its first stage bounds the acts' matches
 * of common words by the second.
 */
export async function writeActRow(tx: Tx, documentId: string, act: string | null): Promise<void> {
  await tx.$executeRawUnsafe('DELETE FROM "search_act_term" WHERE document_id = $1', documentId);
  if (act === null) {
    await tx.$executeRawUnsafe('DELETE FROM "search_act" WHERE document_id = $1', documentId);
    return;
  }
  await tx.$executeRawUnsafe(ACT_TERMS_SQL, documentId, ACT_TERM_MIN_UNITS);
  const headings = (await tx.$queryRawUnsafe<{ h: string }[]>(ACT_HEADINGS_SQL, documentId)).map((r) => r.h);
  await tx.$executeRawUnsafe(
    `INSERT INTO "search_act" (document_id, format, vector)
     VALUES ($1, $2, setweight(to_tsvector('simple', $3::text), 'A') || setweight(to_tsvector('simple', $4::text), 'B'))
     ON CONFLICT (document_id) DO UPDATE SET format = excluded.format, vector = excluded.vector`,
    documentId,
    ACT_INDEX_FORMAT,
    act,
    terms(headings.join(' ')),
  );
}

/**
 * Writes the act rows a database lacks (indexed before migration 20261129190100, or by an older
 * ACT_INDEX_FORMAT) from the units already stored: only the title and headings' lemma keys are
 * computed, not the units'. Run by `backfillProvisionIndex` after the units are current.
 */
export async function backfillActIndex(db: Database, options: { batch?: number } = {}): Promise<number> {
  const batch = Math.floor(options.batch ?? 200);
  let written = 0;
  let after = '';
  for (;;) {
    const docs = await db.query<{ id: string; title: string; citation: string | null }>(
      `SELECT d.id, d.title, d.citation FROM "document" d
       WHERE EXISTS (SELECT 1 FROM "search_provision" p WHERE p.document_id = d.id)
         AND NOT EXISTS (SELECT 1 FROM "search_act" a WHERE a.document_id = d.id AND a.format = $1)
         AND d.id COLLATE "C" > $2
       ORDER BY d.id COLLATE "C" LIMIT ${batch}`,
      [ACT_INDEX_FORMAT, after],
    );
    if (!docs.length) return written;
    after = docs[docs.length - 1].id;
    for (const d of docs) {
      await db.prisma.$transaction((tx) => writeActRow(tx, d.id, actTerms(d)), { timeout: 300_000, maxWait: 60_000 });
      written++;
    }
  }
}

/**
 * Settles the index after a bulk write, as autovacuum would, for a server without it (or before it
 * gets round to it); `VACUUM (ANALYZE)` outside any transaction:
 * - takes out the dead rows a rewrite leaves (a re-sync that raises the index format rewrites every
 *   row; without a vacuum each match then visits the old rows' heap pages too, and the search slows);
 * - refreshes the planner's statistics: the provision search reads how common each term is from
 *   them (`pg_stats`), and would rank a freshly synced collection as if every term were equally rare;
 *   the act rows' (`search_act`) too, which the ranking's statement joins;
 * - marks the pages of `search_act_term` all-visible: the first stage reads it by index only;
 * - moves the GIN index's pending list (fast update: up to `gin_pending_list_limit` of unsorted
 *   entries) into the index proper, which every match would otherwise scan whole (a vacuum does).
 */
export async function analyzeProvisionIndex(db: Database): Promise<void> {
  await db.exec('VACUUM (ANALYZE) "search_provision"');
  await db.exec('VACUUM (ANALYZE) "search_act"');
  await db.exec('VACUUM (ANALYZE) "search_act_term"');
}

export interface BackfillReport {
  documents: number;
  units: number;
  remaining: number;
  /** Act rows written from stored units (backfillActIndex). */
  acts: number;
}

/**
 * Builds the index of every document whose rows are missing or stale (another language version or
 * index format, or not the version served today), `batch` documents per round, each in its own
 * transaction: idempotent, and an interrupted run resumes where it stopped.
 */
export async function backfillProvisionIndex(
  db: Database,
  options: { batch?: number; today?: Date; onProgress?: (done: number, units: number) => void; analyze?: boolean } = {},
): Promise<BackfillReport> {
  const batch = options.batch ?? 200;
  const today = options.today ?? todayUtc();
  const stale = `SELECT d.id FROM "document" d LEFT JOIN "search_provision_state" s ON s.document_id = d.id
    WHERE s.document_id IS NULL OR s.language_version <> $1 OR s.index_format <> $2
       OR s.version IS DISTINCT FROM (${servedVersionSql('d.id', '$3')})`;
  const params = [LANGUAGE_VERSION, PROVISION_INDEX_FORMAT, formatIsoDate(today)];
  let documents = 0;
  let units = 0;
  // Keyset by id: each stale document once per run, even one a writer makes stale again meanwhile.
  let after = '';
  for (;;) {
    const ids = (
      await db.query<{ id: string }>(
        `SELECT id FROM (${stale}) s WHERE id COLLATE "C" > $4 ORDER BY id COLLATE "C" LIMIT ${Math.floor(batch)}`,
        [...params, after],
      )
    ).map((r) => r.id);
    if (!ids.length) break;
    after = ids[ids.length - 1];
    for (const id of ids) {
      units += await db.prisma.$transaction((tx) => writeProvisionIndex(tx, id, today), { timeout: 300_000, maxWait: 60_000 });
      documents++;
    }
    options.onProgress?.(documents, units);
  }
  // The act rows of documents whose units were current already (a database indexed before they existed).
  const acts = await backfillActIndex(db, { batch });
  // The sync analyses once after all its phases (`analyze: false`).
  if ((documents || acts) && options.analyze !== false) await analyzeProvisionIndex(db);
  const [left] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${stale}) s`, params);
  return { documents, units, remaining: Number(left?.n ?? 0), acts };
}
