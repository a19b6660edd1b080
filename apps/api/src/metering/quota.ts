import { ApiError, formatIsoDate, startOfMonthUtc, startOfNextMonthUtc } from '@dp/core';
import type { Database } from '@dp/db';
import type { Meter } from './meter';

const CACHE_MS = 2_000;

/**
 * Monthly unit quota. Reads the month's stored total at most every 2 s per organization and adds
 * what this instance has recorded but not yet flushed; across instances the bound is soft by at
 * most one flush interval of other instances' traffic; for one instance it is exact.
 */
export class QuotaGuard {
  /** The month's stored total as last read, and how much this instance had written by then. */
  private readonly stored = new Map<string, { units: number; month: string; at: number; writtenBase: number }>();

  constructor(
    private readonly db: Database,
    private readonly meter: Meter,
  ) {}

  async usedUnits(orgId: string, now = new Date()): Promise<number> {
    const month = formatIsoDate(now).slice(0, 7);
    let entry = this.stored.get(orgId);
    if (!entry || entry.month !== month || entry.at < Date.now() - CACHE_MS) {
      // Read before the query: a flush landing meanwhile is then counted twice (too strict for a
      // moment), never missed.
      const writtenBase = this.meter.writtenUnits(orgId, month);
      const rows = await this.db.query<{ units: string | number | null }>(
        'SELECT COALESCE(SUM(units), 0) AS units FROM usage_counter WHERE org_id = $1 AND day >= $2::date AND day < $3::date',
        [orgId, formatIsoDate(startOfMonthUtc(now)), formatIsoDate(startOfNextMonthUtc(now))],
      );
      entry = { units: Number(rows[0]?.units ?? 0), month, at: Date.now(), writtenBase };
      this.stored.set(orgId, entry);
    }
    // Exact for this instance: stored total + what it wrote since the read + what it holds.
    return entry.units + (this.meter.writtenUnits(orgId, month) - entry.writtenBase) + this.meter.pendingUnits(orgId, month);
  }

  /** Forget the cached total (after a flush, or in tests). */
  invalidate(orgId: string): void {
    this.stored.delete(orgId);
  }

  async check(orgId: string, monthlyUnits: number, cost: number, now = new Date()): Promise<void> {
    if (cost === 0) return;
    const used = await this.usedUnits(orgId, now);
    if (used + cost > monthlyUnits) {
      throw new ApiError('quota_exceeded', 'The monthly unit quota of your plan is used up.', {
        monthly_units: monthlyUnits,
        used_units: used,
        resets_at: startOfNextMonthUtc(now).toISOString(),
      });
    }
  }
}
