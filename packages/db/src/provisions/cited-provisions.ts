import { Cache } from '@dp/core';
import type { Database } from '../client';
import type { TableRow } from '../typed-sql';
import { parseProvisions } from '@dp/czech-law';
import { decodeProvisionTree, PROVISION_TREE_FORMAT, type ProvisionNode } from './provision-tree';

/**
 * The provisions of document versions, for checking a cited provision (#26): read from the tree
 * the import and the sync store with each version (#24), kept in memory keyed by the text's hash.
 * A version whose tree is not stored yet (an older database before its next sync) is parsed from
 * its text instead, so the answer never depends on when the trees were filled.
 */

export interface VersionRef {
  documentId: string;
  version: number;
  textSha256: string | null;
  /** The version's text is the document's own (`document.text`), not `document_version.text`. */
  current: boolean;
}

/**
 * What a citation check reads of a provision: its label, its container (#35 statuses), whether it
 * is a "zrušeno" stub, and where its text lies in the version's text (the footnotes it cites).
 */
export type ProvisionEntry = Pick<ProvisionNode, 'label' | 'parent' | 'repealed' | 'start' | 'end'>;

export interface ProvisionIndex {
  byId: ReadonlyMap<string, ProvisionEntry>;
  /** § and čl. ids (`par_52a`, `cl_1`), in document order: the neighbours of a missing one. */
  sections: readonly string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries weigh their provision count; the budget holds the largest codes many times over. */
const cache = new Cache<ProvisionIndex | null>({
  freshMs: DAY_MS,
  maxEntries: 5_000,
  maxWeight: 2_000_000,
  weigh: (index) => (index ? index.byId.size + 1 : 1),
});

const keyOf = (v: VersionRef) => `${v.documentId}|${v.version}|${v.textSha256 ?? ''}`;

// Raw, typed from the version's columns: the wanted versions come as unnest() of parallel arrays
// ($1 to $3, wantedParams), each with its document and its stored row.
const WANTED_VERSIONS = `FROM unnest($1::text[], $2::int[], $3::bool[]) AS w (document_id, version, current)
       JOIN document d ON d.id = w.document_id
       LEFT JOIN document_version v ON v.document_id = w.document_id AND v.version = w.version`;
/** A wanted version's text: the document's own for the current version. */
const VERSION_TEXT = 'CASE WHEN w.current THEN d.text ELSE v.text END';
const wantedParams = (versions: readonly VersionRef[]): unknown[] => [
  versions.map((v) => v.documentId),
  versions.map((v) => v.version),
  versions.map((v) => v.current),
];

function indexNodes(
  nodes: readonly Pick<ProvisionNode, 'id' | 'kind' | 'label' | 'repealed' | 'parent' | 'start' | 'end'>[],
): ProvisionIndex {
  const byId = new Map<string, ProvisionEntry>();
  const sections: string[] = [];
  for (const p of nodes) {
    byId.set(p.id, { label: p.label, parent: p.parent, repealed: p.repealed, start: p.start, end: p.end });
    if (p.kind === 'section' || p.kind === 'article') sections.push(p.id);
  }
  return { byId, sections };
}

export function indexProvisions(text: string): ProvisionIndex {
  return indexNodes(parseProvisions(text).provisions);
}

/**
 * The provision index of each version asked for, in the order asked (null: the database holds no
 * text for it). Texts not parsed yet are read in one query.
 */
export async function versionProvisions(db: Database, versions: readonly VersionRef[]): Promise<(ProvisionIndex | null)[]> {
  const result: (ProvisionIndex | null | undefined)[] = versions.map((v) => cache.get(keyOf(v)));
  const missing = versions.filter((_, i) => result[i] === undefined);
  if (missing.length) {
    // The stored tree where there is one of the current format; the text only where there is not.
    const rows = await db.query<Pick<TableRow<'document_version'>, 'document_id' | 'version' | 'provisions' | 'text'>>(
      `SELECT w.document_id, w.version, t.provisions, CASE WHEN t.provisions IS NULL THEN (${VERSION_TEXT}) END AS text
       ${WANTED_VERSIONS}
       LEFT JOIN LATERAL (SELECT v.provisions WHERE v.provisions_format = $4) t ON true`,
      [...wantedParams(missing), PROVISION_TREE_FORMAT],
    );
    const stored = new Map(rows.map((r) => [`${r.document_id}|${r.version}`, r]));
    const made = new Map<string, ProvisionIndex | null>();
    for (const v of missing) {
      const key = keyOf(v);
      if (made.has(key)) continue;
      const row = stored.get(`${v.documentId}|${v.version}`);
      const index = row?.provisions
        ? indexNodes(decodeProvisionTree(row.provisions).nodes)
        : row?.text != null
          ? indexProvisions(row.text)
          : null;
      made.set(key, index);
      cache.set(key, index);
    }
    versions.forEach((v, i) => {
      if (result[i] === undefined) result[i] = made.get(keyOf(v)) ?? null;
    });
  }
  return result as (ProvisionIndex | null)[];
}

/**
 * The texts of the versions asked for, in the order asked (null: none held): read only where a
 * check needs a provision's own words (the footnotes it cites, #35 `^fn_N` targets).
 */
export async function versionTexts(db: Database, versions: readonly VersionRef[]): Promise<(string | null)[]> {
  if (!versions.length) return [];
  const rows = await db.query<Pick<TableRow<'document_version'>, 'document_id' | 'version' | 'text'>>(
    `SELECT w.document_id, w.version, ${VERSION_TEXT} AS text ${WANTED_VERSIONS}`,
    wantedParams(versions),
  );
  const byKey = new Map(rows.map((r) => [`${r.document_id}|${r.version}`, r.text]));
  return versions.map((v) => byKey.get(`${v.documentId}|${v.version}`) ?? null);
}
