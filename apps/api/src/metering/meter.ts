import { randomBytes } from 'node:crypto';
import { isoDay, type Logger, type Metrics, type Operation } from '@dp/core';
import type { Database } from '@dp/db';
import { MeterSpool } from './spool';

interface Pending {
  orgId: string;
  day: string;
  keyId: string;
  operation: Operation;
  /** HTTP status of the answer. */
  status: number;
  requests: number;
  units: number;
}

const pendingKey = (p: Pick<Pending, 'orgId' | 'day' | 'keyId' | 'operation' | 'status'>) =>
  `${p.orgId}|${p.day}|${p.keyId}|${p.operation}|${p.status}`;

/**
 * Counts requests and units in memory and writes them in batches, so metering costs no database
 * round trip on the request path: one statement upserts usage_counter (per org/day/operation,
 * what the quota reads) and usage_detail (the same per key and HTTP status, for the portal's
 * breakdowns), so both always hold the same totals. Increments
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
  /** `dp_units_total` per operation (label children kept: a lookup per request, no label hashing). */
  private readonly unitCounters = new Map<string, { inc(n: number): void }>();

  private readonly spool?: MeterSpool;
  private replaying?: Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly intervalMs = 1_000,
    private readonly metrics?: Metrics,
    /** Where the meter's log lives (DATA_DIR/meter): counts survive the process being killed. */
    spoolDir?: string,
  ) {
    if (spoolDir) this.spool = new MeterSpool(spoolDir);
  }

  /**
   * Counts what killed processes logged and never committed (a segment marked with a batch that
   * committed is only deleted), and forgets batches older than a week.
   */
  private async replayOrphans(spool: MeterSpool): Promise<void> {
    const orphans = spool.adoptOrphans();
    let replayed = 0;
    for (const o of orphans) {
      const committed = o.batches.length
        ? await this.db.kysely
            .selectFrom('usage_batch')
            .select('id')
            .where('id', '=', (eb) => eb.fn.any(eb.val(o.batches)))
            .execute()
        : [];
      if (committed.length > 0) {
        spool.track(o.file);
        spool.committed([o.file]);
        continue;
      }
      for (const r of o.records) this.count({ ...r, operation: r.operation as Operation, requests: 1 });
      spool.track(o.file);
      replayed += o.records.length;
    }
    if (replayed) this.logger.info({ records: replayed }, 'usage of a stopped process replayed from the meter log');
    await this.db.query("DELETE FROM usage_batch WHERE committed_at < now() - interval '7 days'");
  }

  start(): void {
    if (this.spool && !this.replaying) {
      const spool = this.spool;
      // Retried until storage answers: the counts wait in the log meanwhile.
      const attempt = (): Promise<void> =>
        this.replayOrphans(spool).catch((err: Error) => {
          this.logger.warn({ err: { message: err.message } }, 'meter log replay failed; will retry');
          return new Promise<void>((resolve) => setTimeout(resolve, this.intervalMs).unref()).then(attempt);
        });
      this.replaying = attempt();
    }
    this.timer ??= setInterval(() => void this.flush().catch(() => {}), this.intervalMs);
    this.timer.unref();
  }

  record(by: { orgId: string; keyId: string }, operation: Operation, status: number, units: number, at = new Date()): void {
    if (this.metrics && units > 0) {
      let counter = this.unitCounters.get(operation);
      if (!counter) {
        counter = this.metrics.counter('dp_units_total', 'Units metered to organizations, by operation.', ['operation']).labels(operation);
        this.unitCounters.set(operation, counter);
      }
      counter.inc(units);
    }
    const entry: Pending = { orgId: by.orgId, day: isoDay(at), keyId: by.keyId, operation, status, requests: 1, units };
    this.spool?.append(entry);
    this.count(entry);
  }

  private count(entry: Pending): void {
    const key = pendingKey(entry);
    const cur = this.pending.get(key);
    if (cur) {
      cur.requests += entry.requests;
      cur.units += entry.units;
    } else {
      this.pending.set(key, entry);
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
    await this.replaying;
    if (this.pending.size === 0) return;
    // The log's segments rotate with the batch and are marked with its id: once it commits,
    // what they hold is counted, and a replay finds the id in usage_batch.
    const batchId = randomBytes(12).toString('hex');
    const segments = this.spool?.rotate(batchId) ?? [];
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.inflight = batch;
    try {
      // One statement, so the two tables never disagree. The batch arrives as seven arrays
      // (any number of rows in seven parameters); it has one row per detail key, and the
      // counter rows are its sums per org/day/operation.
      const column = <K extends keyof Pending>(k: K) => batch.map((p) => p[k]);
      await this.db.query(
        `WITH batch AS (
           SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::smallint[], $6::int[], $7::int[])
             AS b (org_id, day, key_id, operation, status, requests, units)
         ),
         detail AS (
           INSERT INTO usage_detail (org_id, day, key_id, operation, status, requests, units)
           SELECT org_id, day, key_id, operation, status, requests, units FROM batch
           ON CONFLICT (org_id, day, key_id, operation, status) DO UPDATE
           SET requests = usage_detail.requests + EXCLUDED.requests, units = usage_detail.units + EXCLUDED.units
         ),
         batch_id AS (INSERT INTO usage_batch (id) SELECT $8::text WHERE $8::text IS NOT NULL)
         INSERT INTO usage_counter (org_id, day, operation, requests, units)
         SELECT org_id, day, operation, sum(requests)::int, sum(units)::int FROM batch GROUP BY org_id, day, operation
         ON CONFLICT (org_id, day, operation) DO UPDATE
         SET requests = usage_counter.requests + EXCLUDED.requests, units = usage_counter.units + EXCLUDED.units`,
        [
          column('orgId'),
          column('day'),
          column('keyId'),
          column('operation'),
          column('status'),
          column('requests'),
          column('units'),
          this.spool ? batchId : null,
        ],
      );
      for (const p of batch) {
        const key = `${p.orgId}|${p.day.slice(0, 7)}`;
        this.written.set(key, (this.written.get(key) ?? 0) + p.units);
      }
      this.inflight = [];
      this.spool?.committed(segments);
    } catch (err) {
      this.inflight = [];
      // Put the counts back so the next flush retries them: metering never drops units.
      for (const p of batch) {
        const key = pendingKey(p);
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
    this.spool?.close();
  }
}
