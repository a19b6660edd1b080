import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildDocument, type BuildJob, type BuiltDocument } from './build-document';

/** Where documents are built (buildDocument): worker threads, or the caller's thread. */
export interface PreparePool {
  build(job: BuildJob): Promise<BuiltDocument>;
  /** Worker threads in use (0: the caller's thread builds). */
  readonly threads: number;
  close(): Promise<void>;
}

const WORKER_FILE = join(__dirname, 'prepare-worker.js');

/**
 * The sync's builders. On a machine of n cores, n − 1 worker threads (at most `max`): the sync's
 * own thread keeps talking to the database and PostgreSQL's writers take the rest, so the texts'
 * parsing (trees, index terms, amendments read) runs beside the writes instead of between them.
 * `threads` 0, one core, or sources run uncompiled (the tests: no worker file) build in this thread.
 */
export function openPreparePool(options: { threads?: number; max?: number } = {}): PreparePool {
  const wanted = options.threads ?? Math.min(options.max ?? 2, availableParallelism() - 1);
  if (wanted < 1 || !existsSync(WORKER_FILE)) {
    return { threads: 0, build: async (job) => buildDocument(job), close: async () => undefined };
  }
  interface Slot {
    worker: Worker;
    /** Exited: its jobs go to the others, or to this thread. */
    dead: boolean;
    waiting: Map<number, { resolve: (d: BuiltDocument) => void; reject: (e: Error) => void }>;
  }
  let nextId = 0;
  let closed = false;
  const slots: Slot[] = Array.from({ length: wanted }, () => {
    const slot: Slot = { worker: new Worker(WORKER_FILE), dead: false, waiting: new Map() };
    slot.worker.on('message', (m: { id: number; result?: BuiltDocument; error?: string }) => {
      const w = slot.waiting.get(m.id);
      if (!w) return;
      slot.waiting.delete(m.id);
      if (m.error !== undefined) w.reject(new Error(m.error));
      else w.resolve(m.result!);
    });
    const failAll = (e: Error) => {
      for (const w of slot.waiting.values()) w.reject(e);
      slot.waiting.clear();
    };
    slot.worker.on('error', failAll);
    slot.worker.on('exit', (code) => {
      slot.dead = true;
      if (!closed || slot.waiting.size) failAll(new Error(`a sync worker thread exited (code ${code})`));
    });
    return slot;
  });
  return {
    threads: wanted,
    build(job) {
      // The least busy thread: documents differ in size by orders of magnitude.
      const live = slots.filter((s) => !s.dead);
      if (!live.length) return Promise.resolve().then(() => buildDocument(job));
      const slot = live.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
      const id = nextId++;
      return new Promise<BuiltDocument>((resolve, reject) => {
        slot.waiting.set(id, { resolve, reject });
        slot.worker.postMessage({ id, job });
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
