import { formatIsoDate, type EffStatus, type V1Schemas } from '@dp/core';
import type { Database } from '@dp/db';
import { loadVersions, toDate, type DocumentMeta, type VersionMeta } from './load';
import { presentVersion } from './present';

type Doc = DocumentMeta;

const IN_FORCE: ReadonlySet<EffStatus> = new Set(['in_force', 'partially_in_force']);

/** What a document's effectivity on a day is derived from. */
export type EffectivityFields = Pick<
  DocumentMeta,
  'neverEffective' | 'status' | 'effectiveFrom' | 'effectiveTo' | 'inferredEffectiveTo' | 'currentVersionFrom' | 'lastUpdated'
>;

/** Where the end of effect comes from: stated by the source, or inferred from a repealing act. */
export function effectiveTo(doc: EffectivityFields): { date: Date | null; basis: 'stated' | 'inferred' | null } {
  if (doc.effectiveTo) return { date: toDate(doc.effectiveTo), basis: 'stated' };
  if (doc.inferredEffectiveTo) return { date: toDate(doc.inferredEffectiveTo), basis: 'inferred' };
  return { date: null, basis: null };
}

/**
 * Effectivity status on a day, from the document's dates. Without a known end date, a document
 * the source marks no longer in force is taken as such from its last consolidation on.
 */
export function statusAt(doc: EffectivityFields, day: Date): EffStatus {
  if (doc.neverEffective || doc.status === 'never_in_force') return 'never_in_force';
  const t = day.getTime();
  const from = toDate(doc.effectiveFrom);
  const to = effectiveTo(doc).date;
  if (from && t < from.getTime()) return 'not_yet_in_force';
  if (to && t >= to.getTime()) return 'no_longer_in_force';
  if (!to && doc.status === 'no_longer_in_force') {
    const since = toDate(doc.currentVersionFrom) ?? toDate(doc.lastUpdated);
    return !since || t >= since.getTime() ? 'no_longer_in_force' : 'in_force';
  }
  if (doc.status === 'partially_in_force') return 'partially_in_force';
  if (doc.status === 'not_yet_in_force' && !from) return 'not_yet_in_force';
  return 'in_force';
}

export interface RepealingAct {
  natural_key: string;
  doc_number: string | null;
  id: string | null;
  in_corpus: boolean;
}

export async function repealingActs(db: Database, doc: Doc): Promise<RepealingAct[]> {
  if (!doc.repealedBy.length) return [];
  const rows = await db.kysely
    .selectFrom('document')
    .select(['id', 'natural_key', 'doc_number'])
    .where('natural_key', '=', (eb) => eb.fn.any(eb.val(doc.repealedBy)))
    .execute();
  const byKey = new Map(rows.map((r) => [r.natural_key, r]));
  const edges = await db.kysely
    .selectFrom('document_relation as r')
    .innerJoin('document as d', 'd.id', 'r.source_id')
    .select(['d.natural_key as source_key', 'd.doc_number'])
    .where('r.target_key', '=', doc.naturalKey)
    .where('r.type', '=', 'repeals')
    .execute();
  const numbers = new Map(edges.map((e) => [e.source_key, e.doc_number]));
  return doc.repealedBy.map((key) => {
    const row = byKey.get(key);
    return { natural_key: key, doc_number: row?.doc_number ?? numbers.get(key) ?? null, id: row?.id ?? null, in_corpus: Boolean(row) };
  });
}

type NextChange = NonNullable<V1Schemas['Effectivity']['next_change']>;

function nextChange(doc: Doc, versions: VersionMeta[], day: Date): NextChange | null {
  const t = day.getTime();
  const candidates: { date: Date; kind: NextChange['kind']; version?: number }[] = [];
  const from = toDate(doc.effectiveFrom);
  if (from && from.getTime() > t) candidates.push({ date: from, kind: 'entry_into_force' });
  const next = versions.find((v) => v.validFrom.getTime() > t);
  if (next) candidates.push({ date: next.validFrom, kind: 'new_version', version: next.version });
  const to = effectiveTo(doc).date;
  if (to && to.getTime() > t) candidates.push({ date: to, kind: 'end_of_effect' });
  candidates.sort((a, b) => a.date.getTime() - b.date.getTime());
  const c = candidates[0];
  return c ? { date: formatIsoDate(c.date), kind: c.kind, ...(c.version !== undefined ? { version: c.version } : {}) } : null;
}

/** The effectivity object of GET …/effectivity (and of include=effectivity). */
export async function buildEffectivity(db: Database, doc: Doc, day: Date, versions?: VersionMeta[]): Promise<V1Schemas['Effectivity']> {
  const all = versions ?? (await loadVersions(db, doc.id));
  const t = day.getTime();
  const inForce = all.filter((v) => v.validFrom.getTime() <= t).pop() ?? null;
  const end = effectiveTo(doc);
  const status = statusAt(doc, day);
  return {
    at: formatIsoDate(day),
    status,
    // Imported only as one of EFF_STATUSES (the importer maps the source's words).
    source_status: doc.status as EffStatus,
    effective_from: doc.effectiveFrom ? formatIsoDate(toDate(doc.effectiveFrom)!) : null,
    effective_to: end.date ? formatIsoDate(end.date) : null,
    effective_to_basis: end.basis,
    effective_to_inferred_from: end.basis === 'inferred' ? doc.inferredFrom : null,
    repealed_by: await repealingActs(db, doc),
    // A repealed (or not yet effective) act has a version on that day, but none is in force.
    version_in_force: inForce && IN_FORCE.has(status) ? presentVersion(inForce) : null,
    next_change: nextChange(doc, all, day),
  };
}
