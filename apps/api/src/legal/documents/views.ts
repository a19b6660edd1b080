import { formatIsoDate, type EffStatus } from '@dp/core';
import { statusAt } from './effectivity';
import { currentVersion, type DocumentMeta, type VersionMeta } from './load';
import { documentLinks, presentDocumentCore, presentVersion } from './present';

type VersionView = ReturnType<typeof presentVersion>;

/**
 * The JSON views of one loaded document, built once per cache entry and shared by every request
 * that reads it (read-only: responses copy before adding fields). Document reads are the bulk of
 * the traffic; presenting the same metadata again on each one showed in profiles.
 */
export class DocumentViews {
  readonly core: Readonly<ReturnType<typeof presentDocumentCore>>;
  /** `versions` include: each version as presented. */
  readonly versions: readonly VersionView[];
  /** The `version` field: the same, with is_current. */
  readonly inView: ReadonlyArray<VersionView & { is_current: boolean }>;
  private day?: { time: number; asOf: string; status: EffStatus };
  private base?: { time: number; version: number | undefined; baseUrl: string; value: Readonly<Record<string, unknown>> };
  private links?: { baseUrl: string; value: ReturnType<typeof documentLinks> };

  constructor(
    private readonly doc: DocumentMeta,
    versions: VersionMeta[],
  ) {
    this.core = presentDocumentCore(doc);
    this.versions = versions.map(presentVersion);
    const current = currentVersion(versions);
    this.inView = versions.map((v, i) => ({ ...this.versions[i], is_current: v.version === current?.version }));
  }

  /** `as_of` and `status` on a day; the last day asked for is kept (nearly always today). */
  onDay(day: Date): { asOf: string; status: EffStatus } {
    const time = day.getTime();
    if (this.day?.time !== time) this.day = { time, asOf: formatIsoDate(day), status: statusAt(this.doc, day) };
    return this.day;
  }

  /**
   * The fields every document response has, on a day with a version in view (`versions` is the
   * list this view was built from). The last combination asked for is kept: nearly every read is
   * "today, current version".
   */
  document(day: Date, inView: VersionMeta | undefined, versions: VersionMeta[], baseUrl: string): Readonly<Record<string, unknown>> {
    const time = day.getTime();
    const b = this.base;
    if (b && b.time === time && b.version === inView?.version && b.baseUrl === baseUrl) return b.value;
    const { asOf, status } = this.onDay(day);
    const value = {
      ...this.core,
      as_of: asOf,
      status,
      version: inView ? this.inView[versions.indexOf(inView)] : null,
      version_count: versions.length,
      links: this.linksFor(baseUrl),
    };
    this.base = { time, version: inView?.version, baseUrl, value };
    return value;
  }

  linksFor(baseUrl: string): ReturnType<typeof documentLinks> {
    if (this.links?.baseUrl !== baseUrl) this.links = { baseUrl, value: documentLinks(baseUrl, this.doc.naturalKey) };
    return this.links.value;
  }
}
