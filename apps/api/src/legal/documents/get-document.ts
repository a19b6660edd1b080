import { eSbirkaUrl, formatIsoDate, todayUtc, DOCUMENT_INCLUDES, type DocumentInclude, type TextSourceChoice } from '@dp/core';
import type { Database } from '@dp/db';
import { buildEffectivity } from './effectivity';
import type { DocumentCache } from './document-cache';
import { currentVersion, loadSections, loadVersionText, storedTextVersion, versionAt } from './load';
import { documentLinks } from './present';
import { listRelations } from './relations';
import { replayVersion, withTextSource, type Replay } from './text-source';
import type { DocumentData } from './views';

const INCLUDED_RELATIONS = 50;

export interface GetDocumentOptions {
  at?: Date;
  /** #36: which texts (default `best`). */
  textSource?: TextSourceChoice;
  include: DocumentInclude[];
  textOffset: number;
  textLimit: number;
  baseUrl: string;
  today?: Date;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
/** True when index i of s is the second half of a surrogate pair (a boundary there splits it). */
const insidePair = (s: string, i: number) => i > 0 && i < s.length && isLow(s.charCodeAt(i)) && isHigh(s.charCodeAt(i - 1));

/**
 * Text in pages: clients (and the tool server) walk `next_offset` through large acts. Offsets
 * count UTF-16 code units; a page boundary never splits a surrogate pair (one character outside
 * the BMP, four bytes of UTF-8): a page ends one unit early instead (or one late if it would
 * otherwise be empty), and an offset inside a pair starts at the pair (`offset` says where).
 * Every page is thus well-formed text, and the pages concatenate to the exact text.
 */
export function pageText(text: string, requestedOffset: number, limit: number) {
  const offset = insidePair(text, requestedOffset) ? requestedOffset - 1 : requestedOffset;
  let end = Math.min(text.length, offset + limit);
  if (insidePair(text, end)) end = end - 1 > offset ? end - 1 : end + 1;
  const slice = offset < end ? text.slice(offset, end) : '';
  end = offset + slice.length;
  return {
    text: slice,
    page: { offset, limit, returned_chars: slice.length, total_chars: text.length, next_offset: end < text.length ? end : null },
  };
}

/**
 * GET /v1/legal/documents/{id}: the answer's `{ document }` as it stood on `at` (default today),
 * with the parts `include` asks for.
 */
export async function getDocument(
  db: Database,
  documents: DocumentCache,
  ref: string,
  options: GetDocumentOptions,
): Promise<{ document: Readonly<DocumentData> }> {
  const choice = options.textSource ?? 'best';
  const loaded = withTextSource(await documents.get(ref), choice);
  const { doc, versions, views } = loaded;
  const day = options.at ?? options.today ?? todayUtc();
  const current = currentVersion(versions, options.today);
  const inView = options.at ? versionAt(versions, options.at, doc.publishedOn) : current;
  const include = new Set(options.include);

  const { fields: shared, answer } = views.document(day, inView, versions, options.baseUrl, options.at !== undefined);
  // `text_source=rebuilt` on a source version: the engine's rebuild of it, said as such.
  const replay = choice === 'rebuilt' && inView?.textSource === 'source' ? await replayVersion(db, documents, loaded, inView) : undefined;
  const base = replay === undefined ? shared : replayFields(shared, replay, doc.naturalKey, day);
  // Without includes the shared answer is the answer as it is (it is only serialised, once).
  if (!include.size) return replay === undefined ? answer : { document: base };
  const document: DocumentData = { ...base };

  if (include.has('text')) {
    // The base already says it for this day and version.
    const unavailable = base.text_unavailable;
    const text = replay
      ? replay.text
      : inView && !unavailable
        ? await documents.text(doc.id, inView.version, () => loadVersionText(db, doc.id, inView, storedTextVersion(versions)))
        : null;
    if (text === null) {
      document.text = null;
      document.text_unavailable_reason = unavailable?.message ?? 'The database holds no text of this version.';
    } else {
      const paged = pageText(text, options.textOffset, options.textLimit);
      document.text = paged.text;
      document.text_page = paged.page;
    }
  }
  if (include.has('sections')) {
    // Section offsets point into the current text; older versions have none of their own.
    document.sections = inView && inView.version === storedTextVersion(versions)?.version ? await loadSections(db, doc.id) : null;
  }
  if (include.has('versions')) document.versions = views.versions;
  if (include.has('relations')) {
    const page = await listRelations(db, doc, {
      direction: 'both',
      types: ['amends', 'amended_by', 'repeals', 'repealed_by', 'cites', 'cited_by'],
      limit: INCLUDED_RELATIONS,
    });
    document.relations = {
      edges: page.edges,
      has_more: page.nextCursor !== null,
      more: documentLinks(options.baseUrl, doc.naturalKey).relations,
    };
  }
  if (include.has('effectivity')) document.effectivity = await buildEffectivity(db, doc, day, versions);
  return { document };
}

/** A document's fields with the version in view replaced by the engine's rebuild of it (or why not). */
function replayFields(shared: Readonly<DocumentData>, replay: Replay | null, naturalKey: string, day: Date): DocumentData {
  const version = shared.version;
  if (!replay) {
    return {
      ...shared,
      text_available: false,
      text_unavailable: {
        reason: 'not_rebuilt',
        message:
          'The engine cannot rebuild this version: it is the first with a text, or the points of its amending act for this document were not read.',
        source_url: eSbirkaUrl(naturalKey, formatIsoDate(day)),
      },
    };
  }
  return {
    ...shared,
    version: version ? { ...version, text_source: 'rebuilt', text_as_of: formatIsoDate(replay.version.validFrom) } : null,
    rebuild: {
      points: replay.points,
      applied: replay.points.filter((p) => p.applied).length,
      not_applied: replay.points.filter((p) => !p.applied).length,
    },
  };
}

export { DOCUMENT_INCLUDES };
