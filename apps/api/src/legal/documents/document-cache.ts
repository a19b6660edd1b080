import { Cache, type InvalidationFeed } from '@dp/core';
import { normalizeDocumentRef, type Database } from '@dp/db';
import { loadDocument, loadVersions, type DocumentMeta, type VersionMeta } from './load';
import { DocumentViews } from './views';

export interface LoadedDocument {
  doc: DocumentMeta;
  versions: VersionMeta[];
  views: DocumentViews;
}

/**
 * Document metadata and version lists change only when a corpus is imported, yet every document,
 * effectivity and relations call needs them: this instance keeps them for at most 30 s (the
 * bound on staleness), and drops them all when an import announces changes. Unknown documents are
 * not cached (the load fails), so a newly imported one is served at once.
 *
 * Version texts too, least recently used first, within a budget of UTF-16 code units: a client
 * pages through a large act (the civil code is 1.2 M characters) in many requests, and reading
 * the whole text from the database for each page cost far more than slicing it.
 */
export class DocumentCache {
  private readonly documents: Cache<LoadedDocument>;
  private readonly texts: Cache<string | null>;

  constructor(
    private readonly db: Database,
    ttlMs = 30_000,
    maxEntries = 2_000,
    maxTextUnits = 16_000_000,
  ) {
    this.documents = new Cache({ name: 'documents', freshMs: ttlMs, maxEntries });
    this.texts = new Cache({
      name: 'document_texts',
      freshMs: ttlMs,
      maxEntries,
      maxWeight: maxTextUnits,
      weigh: (text) => text?.length ?? 0,
    });
  }

  /** A version's text through the cache (same staleness bound as the metadata); `load` on a miss. */
  text(documentId: string, version: number, load: () => Promise<string | null>): Promise<string | null> {
    return this.texts.fetch(`${documentId}\u0000${version}`, load);
  }

  get(rawRef: string): Promise<LoadedDocument> {
    // Keyed by what the document is looked up by: a natural key (also for its ELI or doc number)
    // in lower case, an id as given (ids are matched exactly, so `sb-2012-89` is not `SB-2012-89`).
    return this.documents.fetch(normalizeDocumentRef(rawRef), async () => {
      const doc = await loadDocument(this.db, rawRef);
      const versions = await loadVersions(this.db, doc.id);
      return { doc, versions, views: new DocumentViews(doc, versions) };
    });
  }

  clear(): void {
    this.documents.clear();
    this.texts.clear();
  }

  /** `feed`: the DOCUMENTS_CHANGED announcements (`announcementFeed`). */
  listen(feed: InvalidationFeed) {
    // One subscription for both caches (without Redis each is a LISTEN connection of its own).
    return feed.subscribe(
      () => this.clear(),
      () => this.clear(),
    );
  }
}
