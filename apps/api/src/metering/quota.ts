import { ApiError, Cache, formatIsoDate, isoDay, startOfMonthUtc, startOfNextMonthUtc } from '@dp/core';
import type { Database } from '@dp/db';
import type { Meter } from './meter';

const CACHE_MS = 2_000;

const monthOf = (d: Date) => isoDay(d).slice(0, 7);

interface StoredTotal {
  units: number;
  month: string;
  writtenBase: number;
}

/**
 * Monthly unit quota. Reads the month's stored total at most every 2 s per organization and adds
 * what this instance has recorded but not yet flushed; across instances the bound is soft by at
 * most one flush interval of other instances' traffic; for one instance it is exact.
 */
export class QuotaGuard {
  /** The month's stored total as last read, and how much this instance had written by then. */
  private readonly stored = new Cache<StoredTotal>({ name: 'quota_totals', freshMs: CACHE_MS });

  constructor(
    private readonly db: Database,
    private readonly meter: Meter,
  ) {}

  /** The used units when the stored total is recent enough to answer without a query. */
  private usedUnitsIfFresh(orgId: string, now: Date): number | undefined {
    const entry = this.stored.get(`${orgId}:${monthOf(now)}`);
    return entry && this.total(orgId, entry);
  }

  private async readUsedUnits(orgId: string, now: Date): Promise<number> {
    const month = monthOf(now);
    // Called after usedUnitsIfFresh's lookup missed: fill, so the miss is counted once.
    const entry = await this.stored.fill(`${orgId}:${month}`, async () => {
      // Read before the query: a flush landing meanwhile is then counted twice (too strict for a
      // moment), never missed.
      const writtenBase = this.meter.writtenUnits(orgId, month);
      // The days as ISO dates cast in SQL: a Date parameter would be sent in the process's zone.
      const row = await this.db.kysely
        .selectFrom('usage_counter')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('units'), eb.lit(0)).as('units'))
        .where('org_id', '=', orgId)
        .where('day', '>=', (eb) => eb.cast<Date>(eb.val(formatIsoDate(startOfMonthUtc(now))), 'date'))
        .where('day', '<', (eb) => eb.cast<Date>(eb.val(formatIsoDate(startOfNextMonthUtc(now))), 'date'))
        .executeTakeFirst();
      return { units: Number(row?.units ?? 0), month, writtenBase };
    });
    return this.total(orgId, entry);
  }

  /** Exact for this instance: stored total + what it wrote since the read + what it holds. */
  private total(orgId: string, entry: StoredTotal): number {
    return entry.units + (this.meter.writtenUnits(orgId, entry.month) - entry.writtenBase) + this.meter.pendingUnits(orgId, entry.month);
  }

  /** Forget the cached total (after a flush, or in tests). */
  invalidate(orgId: string, now = new Date()): void {
    this.stored.evict(`${orgId}:${monthOf(now)}`);
  }

  /** Throws quota_exceeded; synchronous (no promise) when the stored total is fresh. */
  check(orgId: string, monthlyUnits: number, cost: number, now = new Date()): void | Promise<void> {
    if (cost === 0) return;
    const used = this.usedUnitsIfFresh(orgId, now);
    if (used === undefined) return this.readUsedUnits(orgId, now).then((u) => this.enforce(u, monthlyUnits, cost, now));
    this.enforce(used, monthlyUnits, cost, now);
  }

  private enforce(used: number, monthlyUnits: number, cost: number, now: Date): void {
    if (used + cost > monthlyUnits) {
      const resetsAt = startOfNextMonthUtc(now);
      const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
      throw new ApiError(
        'quota_exceeded',
        'The monthly unit quota of your plan is used up.',
        { monthly_units: monthlyUnits, used_units: used, resets_at: resetsAt.toISOString() },
        { 'Retry-After': String(retryAfter) },
      );
    }
  }
}
