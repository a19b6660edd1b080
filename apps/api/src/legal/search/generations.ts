import type { EffStatus } from '@dp/core';
import type { SqlSession } from '@dp/db';
import { statusAt } from '../documents/effectivity';
import { toDate } from '../documents/load';
import type { Ranked } from './query';
import { TrigramQuery } from './trigram';

/**
 * Generations of a law: a repealed act and its successor often share the title, or nearly
 * ("Občanský zákoník" of 1964, "Zákon občanský zákoník" of 2012), so their title signals are
 * (nearly) equal and the body rank or the id decides which comes first. Among the first
 * GENERATION_WINDOW documents of a ranking, documents whose title signals are near-equal and
 * whose titles (without their numbers) have a trigram similarity of at least
 * GENERATION_SIMILARITY are one group; a group's members are
 * re-sorted by their status on the search's day (in force first, then their own order) into the
 * places, and scores, the group holds, so no other document moves. The cited document keeps
 * its place.
 */
export const GENERATION_WINDOW = 10;
export const GENERATION_SIMILARITY = 0.8;
/** Most that generations' title signals differ, relative to the larger. */
export const GENERATION_SIGNAL_GAP = 0.1;

const nearEqual = (a: number, b: number) => Math.abs(a - b) <= GENERATION_SIGNAL_GAP * Math.max(Math.abs(a), Math.abs(b));

const STATUS_ORDER: Record<EffStatus, number> = {
  in_force: 0,
  partially_in_force: 0,
  not_yet_in_force: 1,
  no_longer_in_force: 2,
  never_in_force: 3,
};

/**
 * The folded title without the document number that search_title (migration 20261122020000)
 * ends with ("obcansky zakonik 40/1964 sb." -> "obcansky zakonik"): the last "number/year" and
 * what follows it (no slash after it, so a number cited inside the title stays).
 */
export function titleKey(searchTitle: string): string {
  return (
    searchTitle
      .replace(/\s\d+\/\d+[^/]*$/, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      // Codes published since 2012 are titled "Zákon <name>" ("Zákon zákoník práce"), their
      // predecessors "<name>" ("Zákoník práce"): one name. "Zákon o …" and "Zákon, kterým …" keep it.
      .replace(/^zakon (?!o |kterym )/, '')
  );
}

export interface TitledRanked extends Ranked {
  /** The title key is worked out only for the first few. */
  searchTitle: string;
  /** How well the title matches the query, in the ranking's own units (generations match alike). */
  titleSignal: number;
}

/** Slots (indices into `ranked`) of each group of similar titles among the first GENERATION_WINDOW. */
function generationGroups(ranked: TitledRanked[]): number[][] {
  const slots = ranked.slice(0, GENERATION_WINDOW).flatMap((r, i) => (r.cited ? [] : [i]));
  const parent = new Map(slots.map((i) => [i, i]));
  const root = (i: number): number => {
    let r = i;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const keys = new Map<number, string>();
  const key = (i: number) => keys.get(i) ?? keys.set(i, titleKey(ranked[i].searchTitle)).get(i)!;
  const queries = new Map<number, TrigramQuery>();
  const query = (i: number) => queries.get(i) ?? queries.set(i, new TrigramQuery(key(i))).get(i)!;
  for (const [a, i] of slots.entries()) {
    for (const j of slots.slice(a + 1)) {
      if (root(i) === root(j)) continue;
      const [ki, kj] = [key(i), key(j)];
      // One name is one law whatever the signals say (they differ with the "Zákon" of newer titles);
      // otherwise near-equal signals and similar titles, which have similar lengths (a cheap test
      // before the trigram comparison).
      if (
        ki !== kj &&
        (!nearEqual(ranked[i].titleSignal, ranked[j].titleSignal) ||
          Math.min(ki.length, kj.length) < 0.7 * Math.max(ki.length, kj.length) ||
          query(i).similarity(kj) < GENERATION_SIMILARITY)
      )
        continue;
      parent.set(root(j), root(i));
    }
  }
  const groups = new Map<number, number[]>();
  for (const i of slots) groups.set(root(i), [...(groups.get(root(i)) ?? []), i]);
  return [...groups.values()].filter((g) => g.length > 1);
}

const DATE_COLUMNS = ['effective_from', 'effective_to', 'inferred_effective_to', 'current_version_from', 'last_updated'] as const;
type EffectivityRow = { id: string; status: string; never_effective: boolean } & Record<(typeof DATE_COLUMNS)[number], string | null>;

/**
 * What a document's effectivity is derived from, as ONE text value (`packEffectivity`'s SQL on a
 * table alias): a ranking that reads rows anyway takes it along for a few bytes a row, and it is
 * unpacked only for members of a group. Empty fields are nulls.
 */
export const packedEffectivity = (alias: string) =>
  `concat_ws('|', ${alias}.status, ${alias}.never_effective::text, ${DATE_COLUMNS.map((c) => `coalesce(${alias}.${c}::text, '')`).join(', ')})`;

function unpack(id: string, packed: string): EffectivityRow {
  const [status, never, ...dates] = packed.split('|');
  const row: EffectivityRow = {
    id,
    status: status,
    never_effective: never === 'true',
    effective_from: null,
    effective_to: null,
    inferred_effective_to: null,
    current_version_from: null,
    last_updated: null,
  };
  DATE_COLUMNS.forEach((c, i) => (row[c] = dates[i] || null));
  return row;
}

/**
 * `ranked` with each group of generations in effectivity order on `day`. The effectivity comes
 * from `packed` (packedEffectivity per id, when the caller read it), else from one small query,
 * made only when a group exists.
 */
export async function inForceFirst<T extends TitledRanked>(
  db: SqlSession,
  ranked: T[],
  day: Date,
  packed?: Map<string, string>,
): Promise<T[]> {
  const shared = generationGroups(ranked);
  if (!shared.length) return ranked;

  const ids = shared.flat().map((i) => ranked[i].id);
  const rows = packed && ids.every((id) => packed.has(id)) ? ids.map((id) => unpack(id, packed.get(id)!)) : await effectivityRows(db, ids);
  const rank = new Map(rows.map((r) => [r.id, { status: statusRank(r, day), from: r.effective_from ?? '' }]));
  const out = [...ranked];
  for (const slots of shared) {
    // In force first; of those no longer in force, the latest (the one that was law last) first.
    const ordered = slots
      .map((i, j) => ({ r: ranked[i], j, ...(rank.get(ranked[i].id) ?? { status: STATUS_ORDER.never_in_force, from: '' }) }))
      .sort(
        (a, b) =>
          a.status - b.status ||
          (a.status === STATUS_ORDER.no_longer_in_force && a.from !== b.from ? (a.from < b.from ? 1 : -1) : 0) ||
          a.j - b.j,
      );
    slots.forEach((slot, j) => (out[slot] = { ...ordered[j].r, score: ranked[slot].score }));
  }
  return out;
}

async function effectivityRows(db: SqlSession, ids: string[]): Promise<EffectivityRow[]> {
  const rows = await db.query<{ id: string; eff: string }>(
    `SELECT d.id, ${packedEffectivity('d')} AS eff FROM "document" d WHERE d.id = ANY($1::text[])`,
    [ids],
  );
  return rows.map((r) => unpack(r.id, r.eff));
}

/** Whether the document of a packedEffectivity value is in force (wholly or in part) on `day`. */
export function inForceOn(packed: string, day: Date): boolean {
  return statusRank(unpack('', packed), day) === STATUS_ORDER.in_force;
}

function statusRank(r: EffectivityRow, day: Date): number {
  const status = statusAt(
    {
      status: r.status,
      neverEffective: r.never_effective,
      effectiveFrom: toDate(r.effective_from),
      effectiveTo: toDate(r.effective_to),
      inferredEffectiveTo: toDate(r.inferred_effective_to),
      currentVersionFrom: toDate(r.current_version_from),
      lastUpdated: toDate(r.last_updated),
    },
    day,
  );
  return STATUS_ORDER[status];
}
