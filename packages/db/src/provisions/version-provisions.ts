import { Cache } from '@dp/core';
import type { Database } from '../client';
import { parseProvisions } from './parse-provisions';

/**
 * The provisions of document versions, for checking a cited provision (#26). For now each
 * version's text is parsed here (and kept in memory, keyed by the text's hash, so an act is parsed
 * once per process); once the importer stores each version's provision tree this one function
 * reads that instead, and nothing that calls it changes.
 */

export interface VersionRef {
  documentId: string;
  version: number;
  textSha256: string | null;
  /** The version's text is the document's own (`document.text`), not `document_version.text`. */
  current: boolean;
}

export interface ProvisionEntry {
  label: string;
  /** The provision's own text is only a "zrušeno" stub. */
  repealed: boolean;
}

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

export function indexProvisions(text: string): ProvisionIndex {
  const byId = new Map<string, ProvisionEntry>();
  const sections: string[] = [];
  for (const p of parseProvisions(text).provisions) {
    byId.set(p.id, { label: p.label, repealed: p.repealed });
    if (p.kind === 'section' || p.kind === 'article') sections.push(p.id);
  }
  return { byId, sections };
}

/**
 * The provision index of each version asked for, in the order asked (null: the database holds no
 * text for it). Texts not parsed yet are read in one query.
 */
export async function versionProvisions(db: Database, versions: readonly VersionRef[]): Promise<(ProvisionIndex | null)[]> {
  const result: (ProvisionIndex | null | undefined)[] = versions.map((v) => cache.get(keyOf(v)));
  const missing = versions.filter((_, i) => result[i] === undefined);
  if (missing.length) {
    const rows = await db.query<{ document_id: string; version: number; text: string | null }>(
      `SELECT w.document_id, w.version, CASE WHEN w.current THEN d.text ELSE v.text END AS text
       FROM unnest($1::text[], $2::int[], $3::bool[]) AS w (document_id, version, current)
       JOIN document d ON d.id = w.document_id
       LEFT JOIN document_version v ON v.document_id = w.document_id AND v.version = w.version`,
      [missing.map((v) => v.documentId), missing.map((v) => v.version), missing.map((v) => v.current)],
    );
    const texts = new Map(rows.map((r) => [`${r.document_id}|${r.version}`, r.text]));
    const made = new Map<string, ProvisionIndex | null>();
    for (const v of missing) {
      const key = keyOf(v);
      if (made.has(key)) continue;
      const text = texts.get(`${v.documentId}|${v.version}`) ?? null;
      const index = text === null ? null : indexProvisions(text);
      made.set(key, index);
      cache.set(key, index);
    }
    versions.forEach((v, i) => {
      if (result[i] === undefined) result[i] = made.get(keyOf(v)) ?? null;
    });
  }
  return result as (ProvisionIndex | null)[];
}
