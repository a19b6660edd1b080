import { traced, untraced } from '@dp/core';
import { syncRepository, type SyncProgress } from '@dp/db';
import { announceDocumentsChanged } from '../announce';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

const PLAIN_INTERVAL_MS = 5_000;

/** What each phase after the log goes through, as the progress lines name it. */
const PHASE_NAMES: Record<Exclude<SyncProgress['phase'], 'log'>, string> = {
  documents: 'documents',
  provisions: 'provision trees of documents',
  effects: 'amending acts read',
  rebuild: 'documents rebuilt (checked)',
  reindex: 'provision indexes built again (stale)',
  analyze: 'index statistics',
};

/** Progress on stderr (stdout carries only the final JSON summary): a line every few seconds. */
function progressPrinter(io: CliIo): (p: SyncProgress) => void {
  let lastAt = 0;
  return (p) => {
    const now = Date.now();
    const last = p.phase !== 'log' && p.total !== null && p.done === p.total;
    if (!last && now - lastAt < PLAIN_INTERVAL_MS) return;
    lastAt = now;
    if (p.phase === 'log') io.stderr.write(`sync: reading the log, ${p.done} commits\n`);
    else io.stderr.write(`sync: ${PHASE_NAMES[p.phase]} ${p.done} of ${p.total ?? '?'}\n`);
  };
}

function parseArgs(args: string[]): { dir: string; to?: string } {
  const positional: string[] = [];
  let to: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--to') {
      const v = args[i + 1];
      if (!v || v.startsWith('--')) throw new UsageError('--to needs a commit');
      to = v;
      i += 1;
    } else if (a.startsWith('--to=')) {
      to = a.slice('--to='.length);
      if (!to) throw new UsageError('--to needs a commit');
    } else if (a.startsWith('-')) {
      throw new UsageError(`unknown option ${a}`);
    } else {
      positional.push(a);
    }
  }
  if (positional.length !== 1) throw new UsageError('expected exactly one git directory');
  return { dir: positional[0], to };
}

/**
 * `sync <git-dir> [--to <commit>]`: brings the database up to date with a repository in the
 * legalize-cz layout (bare or a clone), from the commit it last synced. Prints ONE JSON summary on
 * stdout; untidy data is reported there as warnings and does not fail the run. Exit 1 when a
 * document could not be written (the next run retries it), 2 on usage errors.
 */
export const sync: Command = {
  description: 'Sync documents, versions, relations and changes from a legalize-cz git repository.',
  usage: 'sync <git-dir> [--to <commit>]',
  async run(args, io) {
    const { dir, to } = parseArgs(args);
    const db = await openCliDatabase(io.env);
    try {
      io.stderr.write(`sync: ${dir} into ${io.env.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL'}\n`);
      let report;
      try {
        // One span for the run (with tracing on), not one per statement of a possibly whole-collection sync.
        report = await traced('sync', {}, async (span) => {
          const done = await untraced(() => syncRepository(db, dir, { to, onProgress: progressPrinter(io) }));
          span.setAttributes({ 'dp.sync.commits_applied': done.commits_applied, 'dp.sync.documents_failed': done.documents.failed });
          return done;
        });
      } catch (e) {
        // A repository or revision problem is the caller's to fix: say so, no stack trace.
        const message = e instanceof Error ? e.message : String(e);
        if (/^(no such directory|not a git repository|unknown commit|not a revision)/.test(message)) throw new UsageError(message);
        throw e;
      }
      if (report.up_to_date) io.stderr.write(`sync: already at ${report.to}; nothing to do\n`);
      await announceDocumentsChanged(io, db, report.documents.created + report.documents.updated);
      io.stdout.write(`${JSON.stringify(report)}\n`);
      return report.documents.failed > 0 ? 1 : 0;
    } finally {
      await db.close();
    }
  },
};
