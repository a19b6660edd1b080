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

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
  ) {}

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
  }

  listen(pubsub: PubSub) {
    return pubsub.subscribe(DOCUMENTS_CHANGED_CHANNEL, () => this.clear());
  }
}
