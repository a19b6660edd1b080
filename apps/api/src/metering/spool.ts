import { appendFileSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** One answered request as the meter counts it. */
export interface SpooledRecord {
  orgId: string;
  day: string;
  keyId: string;
  operation: string;
  status: number;
  units: number;
}

const FILE = /^meter-(\d+)-([0-9a-f]+)-(\d+)\.log$/;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The meter's log: each answered request is appended (one `write`, no fsync) in the same tick as
 * its answer is finished and before it is counted in memory, so a process killed (kill -9) between two flushes leaves its counts in
 * the kernel's page cache, on disk, for the next start to replay. Segments: the live one takes
 * appends; a flush rotates it and deletes the rotated segments once their counts are committed.
 * A segment of a process that is gone is adopted by renaming it (atomic: one adopter wins).
 */
export class MeterSpool {
  private readonly owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private seq = 0;
  private fd: number;
  private live: string;
  /** Segments whose counts are in memory but not yet committed. */
  private unflushed: string[] = [];

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.live = this.nextName();
    this.fd = openSync(this.live, 'a');
  }

  private nextName(): string {
    this.seq += 1;
    return join(this.dir, `meter-${this.owner}-${this.seq}.log`);
  }

  append(r: SpooledRecord): void {
    writeSync(this.fd, `${JSON.stringify([r.orgId, r.day, r.keyId, r.operation, r.status, r.units])}\n`);
  }

  /**
   * Closes the live segment and opens a new one; every segment whose counts go into the batch
   * about to be written is marked with its id first, so a replay can ask whether it committed.
   */
  rotate(batchId: string): string[] {
    closeSync(this.fd);
    this.unflushed.push(this.live);
    this.live = this.nextName();
    this.fd = openSync(this.live, 'a');
    for (const file of this.unflushed) appendFileSync(file, `${JSON.stringify({ batch: batchId })}\n`);
    return [...this.unflushed];
  }

  /** The segments of a batch are committed: their counts must never be replayed. */
  committed(segments: string[]): void {
    for (const file of segments) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
    this.unflushed = this.unflushed.filter((f) => !segments.includes(f));
  }

  /**
   * Segments left by processes that are gone, adopted (renamed to this process's names) with
   * their records and the batches they were marked with. `keep` says whether to count a segment:
   * not when one of its batches committed.
   */
  adoptOrphans(): Array<{ file: string; records: SpooledRecord[]; batches: string[] }> {
    const adopted: Array<{ file: string; records: SpooledRecord[]; batches: string[] }> = [];
    for (const name of readdirSync(this.dir)) {
      const m = FILE.exec(name);
      if (!m || `${m[1]}-${m[2]}` === this.owner || alive(Number(m[1]))) continue;
      const file = this.nextName();
      try {
        renameSync(join(this.dir, name), file);
      } catch {
        continue; // another instance adopted it
      }
      const records: SpooledRecord[] = [];
      const batches: string[] = [];
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        try {
          const parsed = JSON.parse(line) as unknown;
          if (Array.isArray(parsed)) {
            const [orgId, day, keyId, operation, status, units] = parsed as [string, string, string, string, number, number];
            records.push({ orgId, day, keyId, operation, status, units });
          } else batches.push((parsed as { batch: string }).batch);
        } catch {
          // a line cut by the kill: not counted (at most one request per killed process)
        }
      }
      adopted.push({ file, records, batches });
    }
    return adopted;
  }

  /** An adopted segment whose counts are now pending here (deleted once they commit). */
  track(file: string): void {
    this.unflushed.push(file);
  }

  close(): void {
    closeSync(this.fd);
    // Nothing left in memory once the meter's last flush succeeded: the empty live segment goes.
    if (this.unflushed.length === 0) this.committed([this.live]);
  }
}
