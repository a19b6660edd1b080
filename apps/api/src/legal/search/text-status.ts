import { formatIsoDate } from '@dp/core';
import type { Database } from '@dp/db';
import { loadEffectsAfter, outstandingActs, outstandingEffects, type Effect, type StatusEffect } from '../documents/amendments';
import { loadDocumentsOf, type DocumentCache, type LoadedDocument } from '../documents/document-cache';
import { currentVersion, loadVersionsOf, versionAt, type VersionMeta } from '../documents/load';
import type { ProvisionTrees } from './provision-pointers';

/**
 * #35 item 3: the statuses a search hit carries are the reads' own. A document hit says what the
 * document read says on the day asked (`text_current`, the number of `outstanding_amendments`);
 * its provision pointer and a provision hit say what the provision read says (`text_status`).
 */

/** The documents of a search page and their provision trees: the API's document cache. */
export interface SearchDocuments extends ProvisionTrees {
  getMany(ids: readonly string[]): Promise<(LoadedDocument | null)[]>;
}

/**
 * The page's documents by id, through the cache when there is one (a fixed number of set-based
 * statements for the missing ones, never one per hit), else read together (evals, tests).
 */
export async function pageDocuments(
  db: Database,
  documents: SearchDocuments | undefined,
  ids: readonly string[],
): Promise<Map<string, LoadedDocument>> {
  const unique = [...new Set(ids)];
  if (!documents) return loadDocumentsOf(db, unique);
  const loaded = await documents.getMany(unique);
  return new Map(unique.flatMap((id, i) => (loaded[i] ? [[id, loaded[i]] as const] : [])));
}

export interface DayStatus {
  /** As the document read's `text_current`: no amendment in force on the day is missing from the text in view. */
  textCurrent: boolean;
  /** The amending acts the text in view lacks on the day (the document read's `outstanding_amendments`). */
  outstandingActs: number;
  /** Their points, for the provisions' statuses (provisionStatus / statusOf). */
  effects: Effect[];
}

/**
 * A document's status on `day` as its reads give it: the version in view is the one of the day
 * when a day was asked (`at`), else the current one; a day before the document's first version
 * has no text, so nothing is outstanding in it.
 */
export function dayStatus(loaded: LoadedDocument, day: Date, dayAsked: boolean): DayStatus {
  const inView = versionInView(loaded.versions, loaded.doc.publishedOn, day, dayAsked);
  const iso = formatIsoDate(day);
  const acts = outstandingActs(loaded.amendments, inView, iso, loaded.versions);
  return {
    textCurrent: acts.length === 0,
    outstandingActs: acts.length,
    effects: outstandingEffects(loaded.amendments, inView, iso, loaded.versions),
  };
}

/** The version whose text a read shows on `day` (dayStatus), undefined when there is none. */
function versionInView(versions: VersionMeta[], publishedOn: Date | null, day: Date, dayAsked: boolean): VersionMeta | undefined {
  try {
    return dayAsked ? versionAt(versions, day, publishedOn) : currentVersion(versions, day);
  } catch {
    // Not yet published on the day asked: no version, so no outstanding effects either.
    return undefined;
  }
}

/** What a provision hit's status needs of its document on a day: its versions, and the effects its text in view lacks. */
export interface DayEffects {
  versions: VersionMeta[];
  /** As `dayStatus(…).effects`, read as a provision's status reads them. */
  effects: StatusEffect[];
}

/**
 * The provision search page's documents, as what their hits' statuses need on `day` (absent: no
 * such document): from a document the cache holds whole, else from the cache of these (the
 * missing ones read together). A provision's status needs only the effects its document's text in
 * view lacks; the whole document (its amending acts, every effect with its instruction) is the
 * document read's, and an act amended hundreds of times cost a search page most of its reads.
 */
export async function pageDayEffects(
  db: Database,
  documents: DocumentCache | undefined,
  ids: readonly string[],
  day: Date,
  dayAsked: boolean,
): Promise<Map<string, DayEffects>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, DayEffects>();
  const rest: string[] = [];
  for (const id of unique) {
    const whole = documents?.peek(id);
    if (whole) out.set(id, { versions: whole.versions, effects: dayStatus(whole, day, dayAsked).effects });
    else rest.push(id);
  }
  if (!rest.length) return out;
  const found = documents
    ? await documents.dayEffects(rest, `${formatIsoDate(day)}\u0000${dayAsked ? 'at' : 'now'}`, (missing) =>
        loadDayEffects(db, missing, day, dayAsked),
      )
    : await loadDayEffects(db, rest, day, dayAsked);
  for (const [id, e] of found) out.set(id, e);
  return out;
}

/** DayEffects of documents by id: their versions, then only the effects after each text's day (loadEffectsAfter). */
export async function loadDayEffects(db: Database, ids: readonly string[], day: Date, dayAsked: boolean): Promise<Map<string, DayEffects>> {
  const out = new Map<string, DayEffects>();
  if (!ids.length) return out;
  const [docs, versionsOf] = await Promise.all([
    db.kysely
      .selectFrom('document')
      .select(['id', 'natural_key', 'published_on'])
      .where('id', 'in', [...ids])
      .execute(),
    loadVersionsOf(db, ids),
  ]);
  const iso = formatIsoDate(day);
  const texts: Parameters<typeof loadEffectsAfter>[1][number][] = [];
  const inViews = docs.map((d) => {
    const versions = versionsOf.get(d.id) ?? [];
    const inView = versionInView(versions, d.published_on, day, dayAsked);
    if (inView)
      texts.push({
        targetKey: d.natural_key,
        textDay: formatIsoDate(inView.textAsOf),
        // outstandingEffects' failed points: those of the rebuilt chain up to the text in view.
        ...(inView.textSource === 'rebuilt' ? { rebuilt: { documentId: d.id, version: inView.version } } : {}),
      });
    return { d, versions, inView };
  });
  const effects = await loadEffectsAfter(db, texts, iso);
  for (const { d, versions, inView } of inViews) {
    const amendments = { acts: [], effects: effects.get(d.natural_key) ?? [] };
    out.set(d.id, { versions, effects: outstandingEffects(amendments, inView, iso, versions) });
  }
  return out;
}
