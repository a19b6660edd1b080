import { applyAmendment } from '@dp/czech-law';
import { buildProvisionTree, effectPoints, type Database } from '@dp/db';
import { formatIsoDate, type TextSourceChoice } from '@dp/core';
import type { DocumentCache, LoadedDocument } from './document-cache';
import { loadVersionText, storedTextVersion, type VersionMeta } from './load';
import { ProvisionIndex } from './provision-index';
import { DocumentViews } from './views';

/**
 * #36: which texts a read shows. `best` (the default) shows the source's texts and the rebuilt
 * versions that follow the newest of them; `source` leaves the rebuilt versions out; `rebuilt`
 * shows the engine's rebuild of the version in view from its predecessor's text and amending act,
 * even where the source has its own, so anyone can check the engine against the source.
 */

const sourceOnlyViews = new WeakMap<LoadedDocument, LoadedDocument>();

/** The document with only the source's own versions (`text_source=source`), built once per load. */
export function withTextSource(loaded: LoadedDocument, choice: TextSourceChoice): LoadedDocument {
  if (choice !== 'source' || !loaded.versions.some((v) => v.textSource === 'rebuilt')) return loaded;
  let view = sourceOnlyViews.get(loaded);
  if (!view) {
    const versions = loaded.versions.filter((v) => v.textSource === 'source');
    view = { ...loaded, versions, views: new DocumentViews(loaded.doc, versions, loaded.amendments) };
    sourceOnlyViews.set(loaded, view);
  }
  return view;
}

/** The engine's rebuild of one version: its text and tree, and what each point did. */
export interface Replay {
  /** The version presented as the engine's: `text_source` rebuilt, its own dates and act. */
  version: VersionMeta;
  text: string;
  index: ProvisionIndex;
  points: { amending_act: string; point: string | null; applied: boolean; reason: string | null }[];
}

/**
 * Rebuilds `v` (a source version made by an amendment, `amended_by`) from the previous version's
 * text by applying that amendment's points for this document. Null when it cannot be: the first
 * version, no text before it, an act whose points for this document were not read. A rebuilt
 * version is its own rebuild. Cached per version (the engine parses whole acts).
 */
export function replayVersion(db: Database, documents: DocumentCache, loaded: LoadedDocument, v: VersionMeta): Promise<Replay | null> {
  return documents.replay(loaded.doc.id, v.version, async () => {
    const i = loaded.versions.indexOf(v);
    const previous = i > 0 ? loaded.versions[i - 1] : undefined;
    const act = v.amendedByKey;
    const day = formatIsoDate(v.validFrom);
    const all = act ? loaded.amendments.effects.filter((e) => e.amendingKey === act) : [];
    // An act with points on several days made this version with those of its day.
    const ofDay = all.filter((e) => e.effectiveFrom === day);
    const effects = ofDay.length ? ofDay : all;
    if (!previous || !previous.hasText || !effects.length) return null;
    const holder = storedTextVersion(loaded.versions);
    const before = await loadVersionText(db, loaded.doc.id, previous, holder);
    if (before === null) return null;
    const result = applyAmendment(before, effectPoints(effects));
    return {
      version: { ...v, textSource: 'rebuilt', textAsOf: v.validFrom },
      text: result.text,
      index: new ProvisionIndex(buildProvisionTree(result.text)),
      points: effects.map((e, k) => ({
        amending_act: e.amendingKey,
        point: e.point,
        applied: result.points[k]?.status === 'applied',
        reason: result.points[k]?.status === 'applied' ? null : (result.points[k]?.reason ?? 'not_applied'),
      })),
    };
  });
}
