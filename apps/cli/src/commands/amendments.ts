import { amendmentCounts } from '@dp/db';
import { parseIsoDate } from '@dp/core';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

/** #35: what the collection's texts lack on a day, counted over the whole database (one JSON line). */
export const amendments: Command = {
  description:
    'Count what the texts lack on a day: documents with amendments the source has not applied, rebuilt versions, flagged provisions.',
  usage: 'amendments [--at YYYY-MM-DD]',
  async run(argv: string[], io: CliIo): Promise<number> {
    let day = new Date().toISOString().slice(0, 10);
    if (argv.length === 2 && argv[0] === '--at' && parseIsoDate(argv[1])) day = argv[1];
    else if (argv.length) throw new UsageError('amendments takes only --at YYYY-MM-DD');
    const db = await openCliDatabase(io.env);
    try {
      io.stdout.write(`${JSON.stringify(await amendmentCounts(db, day))}\n`);
      return 0;
    } finally {
      await db.close();
    }
  },
};
