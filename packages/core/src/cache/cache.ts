import type { PubSub, Unsubscribe } from '../state/shared-state';

/** Where invalidation messages come from (a pub/sub channel, PostgreSQL NOTIFY, or both). */
export interface InvalidationFeed {
  /** `onGap`: messages may have been lost (a bus reconnected), so everything must go. */
  subscribe(onMessage: (message: string) => void, onGap: () => void): Promise<Unsubscribe>;
}

/** One `SharedState` pub/sub channel as an invalidation feed. */
export function pubsubFeed(pubsub: PubSub, channel: string): InvalidationFeed {
  return {
    async subscribe(onMessage, onGap) {
      const unsubscribe = await pubsub.subscribe(channel, onMessage);
      const stopGaps = pubsub.onGap?.(onGap);
      return async () => {
        stopGaps?.();
        await unsubscribe();
      };
    },
  };
}

export interface CacheOptions<V> {
  /** Names the cache in `/metrics` (hits, misses, entries, weight); unnamed caches are not reported. */
  name?: string;
  /** How long a stored value is served as it is. 0 or less: nothing is stored. */
  freshMs: number;
  /** After `freshMs`, how much longer the value is still served while one background reload runs. */
  staleMs?: number;
  /** Entry cap; the least recently used go first. */
  maxEntries?: number;
  /** Size budget over `weigh(value)`; a value heavier than the whole budget is never stored. */
  maxWeight?: number;
  weigh?: (value: V) => number;
  /** Values that must not be stored (they are still returned). */
  keep?: (value: V) => boolean;
  /** A background reload failed; the stale value stays until its window ends. */
  onError?: (err: unknown) => void;
  now?: () => number;
}

export interface CacheTotals {
  hits: number;
  misses: number;
  entries: number;
  weight: number;
}

/** Every named cache alive in this process, for the metrics scrape (weak: a cache may be dropped). */
const namedCaches = new Set<WeakRef<CacheCounts>>();

interface CacheCounts {
  readonly name: string | undefined;
  readonly hits: number;
  readonly misses: number;
  readonly size: number;
  readonly totalWeight: number;
}

/** Hits, misses, entries and weight per cache name, summed over the live caches of that name. */
export function cacheTotals(): Map<string, CacheTotals> {
  const totals = new Map<string, CacheTotals>();
  for (const ref of namedCaches) {
    const cache = ref.deref();
    if (!cache) {
      namedCaches.delete(ref);
      continue;
    }
    const name = cache.name!;
    const t = totals.get(name) ?? { hits: 0, misses: 0, entries: 0, weight: 0 };
    t.hits += cache.hits;
    t.misses += cache.misses;
    t.entries += cache.size;
    t.weight += cache.totalWeight;
    totals.set(name, t);
  }
  return totals;
}

interface Entry<V> {
  value: V;
  freshUntil: number;
  staleUntil: number;
  weight: number;
}

/**
 * The one in-process cache: fresh and stale windows, an entry cap and an optional size budget
 * (least recently used evicted first), one load per key at a time, and invalidation by key or
 * all at once, locally or through `SharedState`'s pub/sub.
 *
 * A load that began before an invalidation may finish after it; storing its answer would serve
 * what was just invalidated (a revoked key, a replaced document) for a whole window. Every
 * invalidation therefore bumps a generation, and a load stores its answer only when no
 * invalidation happened while it ran (invalidations are rare: the cost is one more load).
 * Failed loads are never stored.
 */
export class Cache<V extends NonNullable<unknown> | null> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;
  private weight = 0;
  private readonly staleMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly now: () => number;
  readonly name: string | undefined;
  /** Lookups answered from memory, and lookups that were not (counted for `/metrics`). */
  hits = 0;
  misses = 0;

  constructor(private readonly options: CacheOptions<V>) {
    this.name = options.name;
    if (options.name) namedCaches.add(new WeakRef(this));
    this.staleMs = options.staleMs ?? 0;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxWeight = options.maxWeight ?? Infinity;
    this.now = options.now ?? Date.now;
  }

  /**
   * The stored value without waiting: fresh, or stale (then `load`, when given, refreshes it in
   * the background). `undefined` when there is nothing servable.
   */
  get(key: string, load?: () => Promise<V>): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    const now = this.now();
    if (now >= entry.staleUntil) {
      this.remove(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Re-inserted: most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (now >= entry.freshUntil && load && !this.loading.has(key)) {
      this.load(key, load).catch((err: unknown) => this.options.onError?.(err));
    }
    return entry.value;
  }

  /** The stored value, or `load`'s answer (one load per key at a time), stored for next time. */
  fetch(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key, load);
    if (hit !== undefined) return Promise.resolve(hit);
    return this.fill(key, load);
  }

  /**
   * After `get` found nothing: `load`'s answer (joining a load of the key under way), stored for
   * next time. Unlike `fetch`, no second lookup (a miss is counted once).
   */
  fill(key: string, load: () => Promise<V>): Promise<V> {
    return this.loading.get(key) ?? this.load(key, load);
  }

  /** Stores a value known now (no load that could predate an invalidation). */
  set(key: string, value: V): void {
    this.store(key, value);
  }

  /** Drops one key everywhere in this process, including what a running load would store. */
  evict(key: string): void {
    this.generation += 1;
    this.loading.delete(key);
    this.remove(key);
  }

  /** Drops everything (after a bulk change, or when invalidation messages may have been lost). */
  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.entries.clear();
    this.weight = 0;
  }

  /**
   * Invalidates on the feed's messages: the key `keyOf(message)` names, or everything when it
   * names none; everything as well when the feed reports lost messages.
   */
  invalidateOn(feed: InvalidationFeed, keyOf: (message: string) => string | undefined = () => undefined): Promise<Unsubscribe> {
    return feed.subscribe(
      (message) => {
        const key = keyOf(message);
        if (key === undefined) this.clear();
        else this.evict(key);
      },
      () => this.clear(),
    );
  }

  get size(): number {
    return this.entries.size;
  }

  /** The sum of the stored values' weights (0 without `weigh`). */
  get totalWeight(): number {
    return this.weight;
  }

  private load(key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    const pending = load().finally(() => {
      if (this.loading.get(key) === pending) this.loading.delete(key);
    });
    this.loading.set(key, pending);
    return pending.then((value) => {
      if (generation === this.generation) this.store(key, value);
      return value;
    });
  }

  private store(key: string, value: V): void {
    if (this.options.freshMs <= 0 || (this.options.keep && !this.options.keep(value))) return;
    const weight = this.options.weigh?.(value) ?? 0;
    this.remove(key);
    if (weight > this.maxWeight) return;
    const now = this.now();
    this.entries.set(key, { value, freshUntil: now + this.options.freshMs, staleUntil: now + this.options.freshMs + this.staleMs, weight });
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }
}
