import { backfillProvisionIndex } from '@dp/db';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

/**
 * #37: builds the provision index (search_provision) of every document whose rows are missing or
 * stale (another language version or index format, or not today's text), a batch at a time, each
 * document in its own transaction: for a database written before migration 20261128200000, or after
 * the language changed, and the act rows (search_act) of documents whose units are stored but lack
 * them (a database indexed before migration 20261129190100). Idempotent; an interrupted run resumes.
 * The import and the sync keep it current.
 */
export const searchProvisions: Command = {
  description: 'Build the provision search index of documents that lack it or whose index is stale (resumable).',
  usage: 'search-provisions [--batch N]',
  async run(argv: string[], io: CliIo): Promise<number> {
    let batch = 200;
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === '--batch' && /^[1-9]\d{0,4}$/.test(argv[i + 1] ?? '')) batch = Number(argv[++i]);
      else throw new UsageError(`search-provisions: unexpected argument ${argv[i]}`);
    }
    const db = await openCliDatabase(io.env);
    try {
      const started = Date.now();
      const report = await backfillProvisionIndex(db, {
        batch,
        onProgress: (documents, units) => io.stderr.write(`search-provisions: ${documents} documents, ${units} units\n`),
      });
      io.stdout.write(`${JSON.stringify({ ...report, durationMs: Date.now() - started })}\n`);
      return 0;
    } finally {
      await db.close();
    }
  },
};
