import { ApiError, Cache, notFound, type InvalidationFeed } from '@dp/core';
import { normalizeDocumentRef, type Database } from '@dp/db';
import type { ProvisionChanges, ProvisionTree } from '@dp/db';
import {
  loadAmendments,
  loadAmendmentsOf,
  loadRebuiltChanges,
  NO_AMENDMENTS,
  type DocumentAmendments,
  type RebuiltChanges,
} from './amendments';
import {
  loadDocument,
  loadDocumentsById,
  loadProvisionChanges,
  loadProvisionTrees,
  loadVersions,
  loadVersionsOf,
  type DocumentMeta,
  type VersionMeta,
} from './load';
import { ProvisionIndex } from './provision-index';
import type { WordRun } from './provisions';
import type { Replay } from './text-source';
import { DocumentViews } from './views';
import type { DayEffects } from '../search/text-status';

export interface LoadedDocument {
  doc: DocumentMeta;
  versions: VersionMeta[];
  /** #35: the acts known to amend it and their effects. */
  amendments: DocumentAmendments;
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
  private readonly trees: Cache<ProvisionIndex | null>;
  private readonly changes: Cache<Map<number, ProvisionChanges>>;
  private readonly words: Cache<WordRun[] | null>;
  private readonly rebuilt: Cache<Map<number, RebuiltChanges>>;
  private readonly replays: Cache<Replay | null>;
  private readonly days: Cache<DayEffects>;

  constructor(
    private readonly db: Database,
    ttlMs = 30_000,
    maxEntries = 2_000,
    maxTextUnits = 16_000_000,
    maxTreeNodes = 1_000_000,
  ) {
    this.documents = new Cache({ name: 'documents', freshMs: ttlMs, maxEntries });
    this.texts = new Cache({
      name: 'document_texts',
      freshMs: ttlMs,
      maxEntries,
      maxWeight: maxTextUnits,
      weigh: (text) => text?.length ?? 0,
    });
    // Provision trees (#24) are read for every provision, table of contents and diff request.
    this.trees = new Cache({
      name: 'provision_trees',
      freshMs: ttlMs,
      maxEntries,
      maxWeight: maxTreeNodes,
      weigh: (t) => t?.tree.nodes.length ?? 0,
    });
    this.changes = new Cache({ name: 'provision_changes', freshMs: ttlMs, maxEntries });
    // #37: a provision search page's documents as its hits' statuses read them (search/text-status.ts).
    this.days = new Cache({ name: 'document_day_effects', freshMs: ttlMs, maxEntries });
    // #36: which provisions each rebuilt version's points changed (read by provision reads).
    this.rebuilt = new Cache({ name: 'rebuilt_changes', freshMs: ttlMs, maxEntries });
    // #36 `text_source=rebuilt`: the engine's rebuild of a source version, made on request.
    this.replays = new Cache({
      name: 'replayed_versions',
      freshMs: ttlMs,
      maxEntries: 200,
      maxWeight: maxTextUnits / 4,
      weigh: (r) => (r ? r.text.length * 2 : 0),
    });
    // A provision's word runs between two versions: the diff's costliest part, the same for
    // every reader of that pair (paging through an act's diff, or several clients).
    this.words = new Cache({
      name: 'provision_word_runs',
      freshMs: ttlMs,
      maxEntries: 20 * maxEntries,
      maxWeight: maxTextUnits / 4,
      weigh: (runs) => runs?.reduce((n, r) => n + r.text.length + 32, 0) ?? 0,
    });
  }

  /** The word runs of one provision between two versions of a document, computed once. */
  wordRuns(documentId: string, from: number, to: number, provision: string, compute: () => WordRun[] | null): WordRun[] | null {
    const key = `${documentId}\u0000${from}\u0000${to}\u0000${provision}`;
    const hit = this.words.get(key);
    if (hit !== undefined) return hit;
    const runs = compute();
    this.words.set(key, runs);
    return runs;
  }

  /** A version's provision tree, indexed (null: none stored), through the cache. */
  tree(documentId: string, version: number): Promise<ProvisionIndex | null> {
    return this.treesOf([{ documentId, version }]).then(([tree]) => tree);
  }

  /**
   * Several versions' trees through the same cache, the missing ones read in one query (a search
   * page points its hits at provisions: one statement for the page, not one per hit).
   */
  treesOf(refs: readonly { documentId: string; version: number }[]): Promise<(ProvisionIndex | null)[]> {
    const key = (r: { documentId: string; version: number }) => `${r.documentId}\u0000${r.version}`;
    const found = refs.map((r) => this.trees.get(key(r)));
    const missing = refs.filter((_, i) => found[i] === undefined);
    // Each missing tree is a load of the cache's own (joined by concurrent readers, dropped when an
    // invalidation happens meanwhile); the loads share one query.
    let batch: Promise<Map<string, ProvisionTree>> | undefined;
    const loadAll = () => (batch ??= loadProvisionTrees(this.db, missing));
    return Promise.all(
      refs.map((r, i) => {
        const hit = found[i];
        if (hit !== undefined) return Promise.resolve(hit);
        return this.trees.fill(key(r), async () => {
          const tree = (await loadAll()).get(`${r.documentId}|${r.version}`);
          return tree ? new ProvisionIndex(tree) : null;
        });
      }),
    );
  }

  /** What each version of a document changed in its provisions (see loadProvisionChanges). */
  provisionChanges(documentId: string): Promise<Map<number, ProvisionChanges>> {
    return this.changes.fetch(documentId, () => loadProvisionChanges(this.db, documentId));
  }

  /** Per rebuilt version of a document, the provisions its points changed (empty: none rebuilt). */
  rebuiltChanges(documentId: string): Promise<Map<number, RebuiltChanges>> {
    return this.rebuilt.fetch(documentId, () => loadRebuiltChanges(this.db, documentId));
  }

  /** The engine's rebuild of a version (text_source=rebuilt), made once per staleness window. */
  replay(documentId: string, version: number, load: () => Promise<Replay | null>): Promise<Replay | null> {
    return this.replays.fetch(`${documentId}\u0000${version}`, load);
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
      const [versions, amendments] = await Promise.all([loadVersions(this.db, doc.id), loadAmendments(this.db, doc.naturalKey)]);
      return { doc, versions, amendments, views: new DocumentViews(doc, versions, amendments) };
    });
  }

  /**
   * Several documents by id through the same cache (null: no such document), the missing ones read
   * together: a search page gives each hit its document's text status (#35) with a fixed number of
   * set-based statements for the page, none when its documents are cached, never one per hit.
   */
  getMany(ids: readonly string[]): Promise<(LoadedDocument | null)[]> {
    const keys = ids.map((id) => normalizeDocumentRef(id));
    const found = keys.map((k) => this.documents.get(k));
    const missing = ids.filter((_, i) => found[i] === undefined);
    let batch: Promise<Map<string, LoadedDocument>> | undefined;
    const loadAll = () => (batch ??= loadDocumentsOf(this.db, missing));
    return Promise.all(
      ids.map(async (id, i) => {
        const hit = found[i];
        if (hit !== undefined) return hit;
        try {
          return await this.documents.fill(keys[i], async () => {
            const loaded = (await loadAll()).get(id);
            // Not cached: an unknown document is served as soon as it is imported (as get does).
            if (!loaded) throw notFound(`Document '${id}'`, { id });
            return loaded;
          });
        } catch (e) {
          if (e instanceof ApiError && e.code === 'not_found') return null;
          throw e;
        }
      }),
    );
  }

  /** A document the cache holds whole (by id), without loading it. */
  peek(id: string): LoadedDocument | undefined {
    return this.documents.get(normalizeDocumentRef(id));
  }

  /**
   * Documents' DayEffects on a day (`dayKey`) through the same staleness bound, the missing ones
   * loaded together by `load` (absent from its map: no such document, not cached).
   */
  async dayEffects(
    ids: readonly string[],
    dayKey: string,
    load: (missing: string[]) => Promise<Map<string, DayEffects>>,
  ): Promise<Map<string, DayEffects>> {
    const key = (id: string) => `${id}\u0000${dayKey}`;
    const found = ids.map((id) => this.days.get(key(id)));
    const missing = ids.filter((_, i) => found[i] === undefined);
    let batch: Promise<Map<string, DayEffects>> | undefined;
    const loadAll = () => (batch ??= load(missing));
    const out = new Map<string, DayEffects>();
    await Promise.all(
      ids.map(async (id, i) => {
        const hit = found[i];
        if (hit !== undefined) return void out.set(id, hit);
        try {
          out.set(
            id,
            await this.days.fill(key(id), async () => {
              const loaded = (await loadAll()).get(id);
              if (!loaded) throw notFound(`Document '${id}'`, { id });
              return loaded;
            }),
          );
        } catch (e) {
          if (!(e instanceof ApiError && e.code === 'not_found')) throw e;
        }
      }),
    );
    return out;
  }

  clear(): void {
    this.days.clear();
    this.documents.clear();
    this.texts.clear();
    this.trees.clear();
    this.changes.clear();
    this.words.clear();
    this.rebuilt.clear();
    this.replays.clear();
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

/** Documents by id with their versions and amendments, three queries for all of them. */
export async function loadDocumentsOf(db: Database, ids: readonly string[]): Promise<Map<string, LoadedDocument>> {
  const docs = await loadDocumentsById(db, ids);
  const found = [...docs.values()];
  const [versions, amendments] = await Promise.all([
    loadVersionsOf(
      db,
      found.map((d) => d.id),
    ),
    loadAmendmentsOf(
      db,
      found.map((d) => d.naturalKey),
    ),
  ]);
  return new Map(
    found.map((doc) => {
      const v = versions.get(doc.id) ?? [];
      const a = amendments.get(doc.naturalKey) ?? NO_AMENDMENTS;
      return [doc.id, { doc, versions: v, amendments: a, views: new DocumentViews(doc, v, a) }];
    }),
  );
}
