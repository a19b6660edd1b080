import type { ApiKeyPrincipal } from '@dp/db';

interface Entry {
  principal: ApiKeyPrincipal | null;
  expiresAt: number;
}

/**
 * In-process cache of key lookups by hash. Its TTL (≤ 60 s) bounds how long a revoked key can
 * still be served when no revocation message arrives; with a message, the entry goes at once.
 * Unknown keys are cached too (as null) so a flood of bad keys cannot hammer the database; the
 * size cap evicts the oldest entries first.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

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

  set(hash: string, principal: ApiKeyPrincipal | null): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { principal, expiresAt: this.now() + this.ttlMs });
  }

  evict(hash: string): void {
    this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }
}
