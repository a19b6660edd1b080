import { FIXTURE_CORPUS_PATH, importCorpusFile, sharedCorpusPath, syncRepository, type Database } from '@dp/db';

export interface CorpusSource {
  /** A legalize-cz git repository to sync (CORPUS_GIT_DIR): the whole Collection of Laws. */
  gitDir?: string;
  /** A JSONL corpus file (CORPUS_PATH); else the shared sample, else our fixture. */
  jsonl?: string;
}

/**
 * What `start` loads before the apps run. A git repository is synced (only its new commits after
 * the first time). Without one, the JSONL sample is imported, unless the database already holds
 * a git sync: the sample's shorter records would otherwise overwrite the synced documents.
 * Returns the lines to show.
 */
export async function loadCorpus(db: Database, source: CorpusSource): Promise<string[]> {
  if (source.gitDir) {
    const r = await syncRepository(db, source.gitDir);
    if (r.up_to_date) return [`corpus: ${r.source} already synced to ${r.to.slice(0, 9)}`];
    const warnings = Object.entries(r.warning_counts)
      .map(([code, n]) => `${n} ${code}`)
      .join(', ');
    return [
      `corpus: synced ${r.source} to ${r.to.slice(0, 9)}: ${r.commits_applied} commits, ${r.documents.created} documents created, ${r.documents.updated} updated, ${r.documents.failed} failed${warnings ? ` (warnings: ${warnings})` : ''}`,
    ];
  }
  const synced = await db.kysely
    .selectFrom('sync_state')
    .select(['source', 'commit'])
    .orderBy('synced_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (synced) {
    return [
      `corpus: the database holds ${synced.source} synced from git (at ${synced.commit.slice(0, 9)}); the JSONL sample is not imported over it (set CORPUS_GIT_DIR to sync onward)`,
    ];
  }
  const file = source.jsonl ?? sharedCorpusPath() ?? FIXTURE_CORPUS_PATH;
  const report = await importCorpusFile(db, file);
  return [
    `corpus: imported ${file}${file === FIXTURE_CORPUS_PATH ? ' (our small fictional fixture corpus)' : ''}`,
    `corpus: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed.length} failed, ${report.warnings.length} date warnings${report.provisions_filled ? `, ${report.provisions_filled} provision trees filled` : ''}`,
  ];
}
