import { backfillSearchAliases } from '@dp/db';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

/**
 * Writes the search aliases (#25: short names, names other acts use, § headings) of every document
 * that has none by the current rules: for a database written before migration 20261126020000.
 * The next sync or import does the same; this does it without one.
 */
export const searchSignals: Command = {
  description: 'Write the search signals (names and § headings) of documents stored before they existed; the next sync does it too.',
  usage: 'search-signals',
  async run(argv: string[], io: CliIo): Promise<number> {
    if (argv.length) throw new UsageError('search-signals takes no arguments');
    const db = await openCliDatabase(io.env);
    try {
      const written = await backfillSearchAliases(db);
      io.stdout.write(`${JSON.stringify({ documents_written: written })}\n`);
      return 0;
    } finally {
      await db.close();
    }
  },
};
