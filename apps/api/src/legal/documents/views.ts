import { formatIsoDate, type V1Schemas } from '@dp/core';
import { NO_AMENDMENTS, outstandingActs, presentOutstandingAct, type DocumentAmendments } from './amendments';
import { statusAt } from './effectivity';
import { currentVersion, textUnavailable, type DocumentMeta, type VersionMeta } from './load';
import { documentLinks, presentDocumentCore, presentVersion } from './present';

type VersionView = ReturnType<typeof presentVersion>;

/** The document read's `document` (core `DocumentSchema`). */
export type DocumentData = V1Schemas['Document'];

/** A document's fields on a day, and `{ document }` of them: both frozen and shared by every request. */
export interface DocumentView {
  fields: Readonly<DocumentData>;
  answer: Readonly<{ document: Readonly<DocumentData> }>;
}

/**
 * The JSON views of one loaded document, built once per cache entry and shared by every request
 * that reads it (read-only: responses copy before adding fields). Document reads are the bulk of
 * the traffic; presenting the same metadata again on each one showed in profiles.
 */
export class DocumentViews {
  /** `versions` include: each version as presented (shared by every answer, so never changed). */
  readonly versions: VersionView[];
  private readonly core: Readonly<ReturnType<typeof presentDocumentCore>>;
  /** The `version` field: a presented version with is_current. */
  private readonly inView: ReadonlyArray<VersionView & { is_current: boolean }>;
  private base?: {
    time: number;
    version: number | undefined;
    baseUrl: string;
    dayAsked: boolean;
    view: DocumentView;
  };

  constructor(
    private readonly doc: DocumentMeta,
    versions: VersionMeta[],
    private readonly amendments: DocumentAmendments = NO_AMENDMENTS,
  ) {
    const current = currentVersion(versions);
    const core = presentDocumentCore(doc);
    // The current version's own start: the source's URL date (stored) can lag behind a version
    // it already lists (sb/2009/40: URL 2026-01-01, newest version 2026-06-12).
    this.core = current ? { ...core, dates: { ...core.dates, current_version_from: formatIsoDate(current.validFrom) } } : core;
    this.versions = versions.map(presentVersion);
    this.inView = versions.map((v, i) => ({ ...this.versions[i], is_current: v.version === current?.version }));
  }

  /**
   * The fields every document response has, on a day with a version in view (`versions` is the
   * list this view was built from), and the answer of a read that includes nothing more. The last
   * combination asked for is kept: nearly every read is "today, current version".
   */
  document(
    day: Date,
    inView: VersionMeta | undefined,
    versions: VersionMeta[],
    baseUrl: string,
    /** The day was asked for (`at`): the text must be of that day, not only of its version. */
    dayAsked: boolean,
  ): DocumentView {
    const time = day.getTime();
    const b = this.base;
    if (b && b.time === time && b.version === inView?.version && b.baseUrl === baseUrl && b.dayAsked === dayAsked) return b.view;
    const fields: Readonly<DocumentData> = Object.freeze({
      ...this.core,
      as_of: formatIsoDate(day),
      status: statusAt(this.doc, day),
      version: inView ? this.inView[versions.indexOf(inView)] : null,
      version_count: versions.length,
      ...textState(textUnavailable(this.doc.naturalKey, inView, dayAsked ? day : null)),
      ...outstanding(this.doc.naturalKey, this.amendments, inView, formatIsoDate(day), versions),
      links: documentLinks(baseUrl, this.doc.naturalKey),
    });
    // Frozen: core's sendCacheable serialises and tags a frozen answer once, not per request.
    const view = { fields, answer: Object.freeze({ document: fields }) };
    this.base = { time, version: inView?.version, baseUrl, dayAsked, view };
    return view;
  }
}

/** #35: whether the text shown is the day's law, and the amending acts it lacks if not. */
function outstanding(
  naturalKey: string,
  amendments: DocumentAmendments,
  inView: VersionMeta | undefined,
  day: string,
  versions: readonly VersionMeta[],
) {
  const acts = outstandingActs(amendments, inView, day, versions);
  return { text_current: acts.length === 0, outstanding_amendments: acts.map((o) => presentOutstandingAct(o, naturalKey, day)) };
}

function textState(unavailable: ReturnType<typeof textUnavailable>) {
  return { text_available: unavailable === null, text_unavailable: unavailable };
}
