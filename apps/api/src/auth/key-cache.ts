import type { ApiKeyPrincipal } from '@dp/db';

interface Entry {
  principal: ApiKeyPrincipal | null;
  expiresAt: number;
}

/** Taken before a database lookup and handed to `set`; see `KeyCache.beginLookup`. */
export type LookupTicket = number & { readonly __lookupTicket: unique symbol };

/**
 * In-process cache of key lookups by hash. Its TTL (≤ 60 s) bounds how long a revoked key can
 * still be served when no revocation message arrives; with a message, the entry goes at once.
 * Unknown keys are cached too (as null) so a flood of bad keys cannot hammer the database; the
 * size cap evicts the oldest entries first.
 *
 * A lookup that read the key before its revocation committed may finish after the revocation
 * message has evicted the (absent) entry; caching its answer would serve the revoked key for a
 * whole TTL. So every eviction bumps `evictionGeneration`, and `set` drops an answer whose
 * lookup began before the latest eviction (revocations are rare: the cost is one more query).
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private evictionGeneration = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(hash: string): ApiKeyPrincipal | null | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.principal;
  }

  /** Call before reading the key from the database; pass the ticket to `set` with the answer. */
  beginLookup(): LookupTicket {
    return this.evictionGeneration as LookupTicket;
  }

  set(hash: string, principal: ApiKeyPrincipal | null, ticket: LookupTicket): void {
    if (this.ttlMs <= 0 || ticket !== this.evictionGeneration) return;
    this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { principal, expiresAt: this.now() + this.ttlMs });
  }

  evict(hash: string): void {
    this.evictionGeneration += 1;
    this.entries.delete(hash);
  }

  /** Drops everything (revocation messages may have been missed while the bus was down). */
  clear(): void {
    this.evictionGeneration += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
