import { parentPort } from 'node:worker_threads';
import { buildDocument, type BuildJob } from './build-document';
import { collectGarbage, GC_EVERY_CHARS } from './collect-garbage';

/**
 * A worker thread of the sync's prepare pool (prepare-pool.ts): builds each document it is sent
 * (buildDocument) and posts the result back under the job's id. Its heap is collected as the
 * sync's own is (collectGarbage): texts and trees pass through it as they pass through the writer.
 */
let sinceCollection = 0;
parentPort?.on('message', (message: { id: number; job: BuildJob }) => {
  try {
    const built = buildDocument(message.job);
    parentPort!.postMessage({ id: message.id, result: built });
    sinceCollection += built.textChars;
    if (sinceCollection > GC_EVERY_CHARS) {
      sinceCollection = 0;
      collectGarbage();
    }
  } catch (e) {
    parentPort!.postMessage({ id: message.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
