import { isoDay, type Logger, type Operation } from '@dp/core';
import type { Database } from '@dp/db';

interface Pending {
  orgId: string;
  day: string;
  operation: Operation;
  requests: number;
  units: number;
}

/**
 * Counts requests and units in memory and writes them in batches (one upsert per
 * org/day/operation), so metering costs no database round trip on the request path. Increments
 * are exact: a failed flush puts its counts back, and close() flushes what is left.
 */
export class Meter {
  private pending = new Map<string, Pending>();
  /** The batch being written: still counted as pending until the write commits. */
  private inflight: Pending[] = [];
  /** Units this instance has written, per org and month: lets the quota stay exact between reads. */
  private readonly written = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly intervalMs = 1_000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => {}), this.intervalMs);
    this.timer.unref();
  }

  record(orgId: string, operation: Operation, units: number, at = new Date()): void {
    const day = isoDay(at);
    const key = `${orgId}|${day}|${operation}`;
    const entry = this.pending.get(key);
    if (entry) {
      entry.requests += 1;
      entry.units += units;
    } else {
      this.pending.set(key, { orgId, day, operation, requests: 1, units });
    }
  }

  /** Units recorded here but not yet written, for quota checks between flushes. */
  pendingUnits(orgId: string, monthPrefix: string): number {
    let total = 0;
    for (const p of [...this.pending.values(), ...this.inflight]) if (p.orgId === orgId && p.day.startsWith(monthPrefix)) total += p.units;
    return total;
  }

  /** Units written by this instance so far for an org and month (`YYYY-MM`). */
  writtenUnits(orgId: string, month: string): number {
    return this.written.get(`${orgId}|${month}`) ?? 0;
  }

  /** Writes everything pending; concurrent callers wait for the same write. */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.writeBatch());
    // The chain itself never stays rejected, or one failed write would fail every later flush.
    this.flushing = run.catch(() => {});
    return run;
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.inflight = batch;
    try {
      const values: unknown[] = [];
      const rows = batch.map((p, i) => {
        values.push(p.orgId, p.day, p.operation, p.requests, p.units);
        const o = i * 5;
        return `($${o + 1}, $${o + 2}::date, $${o + 3}, $${o + 4}, $${o + 5})`;
      });
      await this.db.query(
        `INSERT INTO usage_counter (org_id, day, operation, requests, units) VALUES ${rows.join(', ')}
         ON CONFLICT (org_id, day, operation) DO UPDATE
         SET requests = usage_counter.requests + EXCLUDED.requests, units = usage_counter.units + EXCLUDED.units`,
        values,
      );
      for (const p of batch) {
        const key = `${p.orgId}|${p.day.slice(0, 7)}`;
        this.written.set(key, (this.written.get(key) ?? 0) + p.units);
      }
      this.inflight = [];
    } catch (err) {
      this.inflight = [];
      // Put the counts back so the next flush retries them: metering never drops units.
      for (const p of batch) {
        const key = `${p.orgId}|${p.day}|${p.operation}`;
        const cur = this.pending.get(key);
        if (cur) {
          cur.requests += p.requests;
          cur.units += p.units;
        } else this.pending.set(key, p);
      }
      this.logger.warn({ err: { message: (err as Error).message }, entries: batch.length }, 'usage flush failed; will retry');
      throw err;
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
