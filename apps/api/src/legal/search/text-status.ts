import { formatIsoDate } from '@dp/core';
import type { Database } from '@dp/db';
import { outstandingActs, outstandingEffects, type Effect } from '../documents/amendments';
import { loadDocumentsOf, type LoadedDocument } from '../documents/document-cache';
import { currentVersion, versionAt } from '../documents/load';
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
  let inView;
  try {
    inView = dayAsked ? versionAt(loaded.versions, day, loaded.doc.publishedOn) : currentVersion(loaded.versions, day);
  } catch {
    // Not yet published on the day asked: no version, so no outstanding effects either.
    inView = undefined;
  }
  const iso = formatIsoDate(day);
  const acts = outstandingActs(loaded.amendments, inView, iso, loaded.versions);
  return {
    textCurrent: acts.length === 0,
    outstandingActs: acts.length,
    effects: outstandingEffects(loaded.amendments, inView, iso, loaded.versions),
  };
}
