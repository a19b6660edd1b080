import type { PubSub } from '@dp/core';
import { DOCUMENTS_CHANGED_CHANNEL, normalizeDocumentRef, type Database } from '@dp/db';
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
 * not cached, so a newly imported one is served at once.
 */
export class DocumentCache {
  private readonly entries = new Map<string, { value: LoadedDocument; expiresAt: number }>();
  /**
   * Version texts, least recently used first, within a budget of UTF-16 code units: a client
   * pages through a large act (the civil code is 1.2 M characters) in many requests, and reading
   * the whole text from the database for each page cost far more than slicing it.
   */
  private readonly texts = new Map<string, { value: Promise<string | null>; units: number; expiresAt: number }>();
  private textUnits = 0;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
    private readonly maxTextUnits = 16_000_000,
  ) {}

  /** A version's text through the cache (same staleness bound as the metadata); `load` on a miss. */
  text(documentId: string, version: number, load: () => Promise<string | null>): Promise<string | null> {
    const key = `${documentId}\u0000${version}`;
    const hit = this.texts.get(key);
    if (hit && hit.expiresAt > Date.now()) {
      this.texts.delete(key); // re-inserted: most recently used last
      this.texts.set(key, hit);
      return hit.value;
    }
    if (hit) this.dropText(key);
    const value = load();
    if (this.ttlMs <= 0) return value;
    const entry = { value, units: 0, expiresAt: Date.now() + this.ttlMs };
    this.texts.set(key, entry);
    value.then(
      (text) => {
        if (this.texts.get(key) !== entry) return;
        entry.units = text?.length ?? 0;
        this.textUnits += entry.units;
        if (entry.units > this.maxTextUnits) this.dropText(key);
        for (const k of this.texts.keys()) {
          if (this.textUnits <= this.maxTextUnits) break;
          this.dropText(k);
        }
      },
      () => {
        if (this.texts.get(key) === entry) this.texts.delete(key);
      },
    );
    return value;
  }

  private dropText(key: string): void {
    const entry = this.texts.get(key);
    if (!entry) return;
    this.textUnits -= entry.units;
    this.texts.delete(key);
  }

  async get(rawRef: string): Promise<LoadedDocument> {
    const key = normalizeDocumentRef(rawRef).toLowerCase();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const doc = await loadDocument(this.db, rawRef);
    const versions = await loadVersions(this.db, doc.id);
    const value = { doc, versions, views: new DocumentViews(doc, versions) };
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.texts.clear();
    this.textUnits = 0;
  }

  listen(pubsub: PubSub) {
    return pubsub.subscribe(DOCUMENTS_CHANGED_CHANNEL, () => this.clear());
  }
}
