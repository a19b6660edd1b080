import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Database } from '../client';
import { contentHash } from './content-hash';
import { parseCorpusRecord } from './corpus-record';
import type { DateWarning } from './tidy-dates';
import { importDocument } from './import-document';
import { fillAmendmentEffects } from '../amendments/fill-effects';
import { rebuildAmendedDocuments } from '../amendments/rebuild';
import { documentsLackingProvisions, fillDocumentProvisions } from '../provisions/version-provisions';

export interface ImportProgress {
  /** 1-based number of the line just handled. */
  line: number;
  /** Bytes of the file handled so far (line lengths plus newlines; capped at totalBytes). */
  bytesRead: number;
  totalBytes: number;
}

export interface ImportCorpusOptions {
  onProgress?: (p: ImportProgress) => void;
  /** Imports only the records whose natural key passes; the others are not counted at all. */
  filter?: (naturalKey: string) => boolean;
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  /** Lines skipped, with why; nothing of them was written. */
  failed: { line: number; error: string }[];
  /**
   * Dates of imported lines that were not calendar dates, with what was stored instead (see
   * tidy-dates.ts). Only for lines written by this import: an unchanged line is not parsed again.
   */
  warnings: ({ line: number } & DateWarning)[];
  /** Change entries written. */
  changes: number;
  /**
   * Versions of unchanged records whose provision tree was missing or of an older format, built
   * from the stored texts (as the sync's fillProvisions does).
   */
  provisions_filled: number;
  /** #35: documents read as amending acts that the lines did not write (a new reader, an older database). */
  effects_filled: number;
  /** #36: documents whose rebuilt versions were made again, and those versions. */
  rebuilt: { documents: number; versions: number };
  durationMs: number;
}

const MAX_ERROR_CHARS = 500;
const NATURAL_KEY_PEEK = /"natural_key"\s*:\s*"([^"\\]+)"/;

/** One line of text for the report: driver errors can span many lines (Prisma's do). */
function describeError(prefix: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const flat = message.replace(/\s+/g, ' ').trim();
  const text = `${prefix}: ${flat}`;
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}

/**
 * Imports a corpus JSONL file, streaming it line by line. Every record is written in its own
 * transaction; a bad line (invalid JSON, schema violation, database error) is reported with its
 * line number and skipped. Re-importing the same file writes nothing: stored content hashes are
 * read once up front, so an unchanged record costs a parse and a hash, no database round trip —
 * unless its document lacks a current provision tree (a database written before trees were
 * stored, or by an older parser): those are built from the stored texts, in a transaction that
 * holds the document, by the sync's own fill (fillDocumentProvisions).
 */
export async function importCorpusFile(db: Database, path: string, options: ImportCorpusOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const totalBytes = (await stat(path)).size;
  const report: ImportReport = {
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    warnings: [],
    changes: 0,
    provisions_filled: 0,
    effects_filled: 0,
    rebuilt: { documents: 0, versions: 0 },
    durationMs: 0,
  };

  const stored = new Map<string, string>();
  for (const row of await db.kysely.selectFrom('document').select(['natural_key', 'content_hash']).execute()) {
    stored.set(row.natural_key, row.content_hash);
  }
  // By natural key: the documents whose trees a changed record would rebuild anyway, an unchanged one fills.
  const lacking = new Map((await documentsLackingProvisions(db)).map((d) => [d.natural_key, d.id]));

  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  let bytesRead = 0;
  try {
    for await (const line of lines) {
      lineNo += 1;
      bytesRead += Buffer.byteLength(line, 'utf8') + 1;
      await importLine(db, line, lineNo, { stored, lacking }, options.filter, report);
      options.onProgress?.({ line: lineNo, bytesRead: Math.min(bytesRead, totalBytes), totalBytes });
    }
  } finally {
    lines.close();
    input.destroy();
  }
  // What the documents' amending acts say about them, once every document of the file is stored.
  report.effects_filled = (await fillAmendmentEffects(db)).documents;
  const rebuilt = await rebuildAmendedDocuments(db);
  report.rebuilt = { documents: rebuilt.documents, versions: rebuilt.versions };
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

async function importLine(
  db: Database,
  line: string,
  lineNo: number,
  known: { stored: Map<string, string>; lacking: Map<string, string> },
  filter: ((naturalKey: string) => boolean) | undefined,
  report: ImportReport,
): Promise<void> {
  if (line.trim() === '') return; // blank lines (a trailing newline) are not records

  // A subset import (tests seed two documents out of a thousand) should not parse every line:
  // the key sits near the start of a record, so a cheap look decides most lines.
  if (filter) {
    const peek = NATURAL_KEY_PEEK.exec(line.slice(0, 400));
    if (peek && !filter(peek[1])) return;
  }

  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    report.failed.push({ line: lineNo, error: describeError('invalid JSON', e) });
    return;
  }

  const key =
    value !== null && typeof value === 'object' && typeof (value as { natural_key?: unknown }).natural_key === 'string'
      ? (value as { natural_key: string }).natural_key
      : undefined;
  if (filter && key !== undefined && !filter(key)) return;

  const hash = contentHash(value);
  if (key !== undefined && known.stored.get(key) === hash) {
    const documentId = known.lacking.get(key);
    if (documentId !== undefined) {
      try {
        report.provisions_filled += (await fillDocumentProvisions(db, documentId)).versions;
        known.lacking.delete(key);
      } catch (e) {
        report.failed.push({ line: lineNo, error: describeError('database error', e) });
        return;
      }
    }
    report.unchanged += 1;
    return;
  }

  const parsed = parseCorpusRecord(value);
  if (!parsed.ok) {
    report.failed.push({ line: lineNo, error: parsed.error });
    return;
  }

  try {
    const result = await importDocument(db, parsed.record, hash);
    report[result.outcome] += 1;
    report.changes += result.changes;
    for (const w of parsed.warnings) report.warnings.push({ line: lineNo, ...w });
    known.stored.set(parsed.record.natural_key, hash);
    // Written whole: its trees are current now.
    known.lacking.delete(parsed.record.natural_key);
  } catch (e) {
    report.failed.push({ line: lineNo, error: describeError('database error', e) });
  }
}
