import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import { importCorpusFile, type ImportProgress } from '@dp/db';
import { announceDocumentsChanged } from '../announce';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`);
const PLAIN_STEP = 0.1; // a plain progress line every 10 % of the file ...
const PLAIN_INTERVAL_MS = 5_000; // ... or every 5 s, whichever comes first

/** Progress for a terminal (a bar) or for logs and pipes (a few plain lines, on stderr). */
function progressReporter(io: CliIo): { update(p: ImportProgress): void; stop(): void } {
  if (io.stdout.isTTY) {
    const bar = new SingleBar({
      stream: io.stdout as NodeJS.WriteStream,
      format: 'import [{bar}] {percentage}% | {mb}/{totalMb} MB | line {line} | {duration_formatted}',
      hideCursor: true,
      clearOnComplete: false,
    });
    let started = false;
    return {
      update(p) {
        const payload = { line: p.line, mb: (p.bytesRead / MB).toFixed(1), totalMb: (p.totalBytes / MB).toFixed(1) };
        if (!started) {
          bar.start(p.totalBytes, p.bytesRead, payload);
          started = true;
        } else bar.update(p.bytesRead, payload);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  // stdout stays machine-readable (only the final JSON report), so plain progress goes to stderr.
  let nextFraction = PLAIN_STEP;
  let lastAt = Date.now();
  let last: ImportProgress | undefined;
  const print = (p: ImportProgress) => {
    const pct = p.totalBytes ? Math.floor((p.bytesRead / p.totalBytes) * 100) : 100;
    io.stderr.write(`import: line ${p.line}, ${size(p.bytesRead)} of ${size(p.totalBytes)} (${pct}%)\n`);
  };
  return {
    update(p) {
      last = p;
      const fraction = p.totalBytes ? p.bytesRead / p.totalBytes : 1;
      if (fraction >= nextFraction || Date.now() - lastAt >= PLAIN_INTERVAL_MS) {
        print(p);
        lastAt = Date.now();
        while (nextFraction <= fraction) nextFraction += PLAIN_STEP;
      }
    },
    stop() {
      if (last && last.bytesRead < last.totalBytes) print(last);
    },
  };
}

/**
 * `import <file.jsonl>`: imports a corpus file into the database `openCliDatabase` chooses
 * (DATABASE_URL, else the embedded PostgreSQL of the data directory). Prints the report as one
 * JSON line; exit code 1 when any line failed.
 */
export const importCommand: Command = {
  description: 'Import a corpus JSONL file (new and changed documents, with their change entries).',
  usage: 'import <file.jsonl>',
  async run(args, io) {
    const positional = args.filter((a) => !a.startsWith('-'));
    const unknown = args.filter((a) => a.startsWith('-'));
    if (unknown.length) throw new UsageError(`unknown option ${unknown[0]}`);
    if (positional.length !== 1) throw new UsageError('expected exactly one file');
    const file = resolve(positional[0]);
    if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`no such file: ${file}`);

    const db = await openCliDatabase(io.env);
    const progress = progressReporter(io);
    try {
      // Where, without the URL: it may carry a password.
      io.stderr.write(`import: ${file} into ${io.env.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL'}\n`);
      const report = await importCorpusFile(db, file, { onProgress: (p) => progress.update(p) });
      progress.stop();
      // Filled provision trees change what the provisions reads answer (503 before), so they count too.
      await announceDocumentsChanged(io, db, report.created + report.updated + report.provisions_filled);
      io.stdout.write(`${JSON.stringify(report)}\n`);
      return report.failed.length ? 1 : 0;
    } finally {
      progress.stop();
      await db.close();
    }
  },
};
