import { formatIsoDate } from '@dp/core';
import { sql } from 'kysely';
import type { Database } from '../client';
import { backfillSearchAliases } from '../search/search-signals';
import { applyDocument, syncContentHash, type DocumentInput } from './apply-document';
import { buildVersion, MISSING_BLOB_REASON } from './build-version';
import { fillProvisions } from '../provisions/version-provisions';
import { fillAmendmentEffects } from '../amendments/fill-effects';
import { rebuildAmendedDocuments } from '../amendments/rebuild';
import { analyzeProvisionIndex, backfillProvisionIndex } from '../search/provision-index';
import type { BuiltDocument } from './build-document';
import { openPreparePool, type PreparePool } from './prepare-pool';
import { collectGarbage, GC_EVERY_CHARS } from './collect-garbage';
import { documentIdentity, type DocumentIdentity } from './document-identity';
import { isAncestor } from './is-ancestor';
import { listObjects } from './list-objects';
import { openBlobReader, type BlobReader } from './open-blob-reader';
import { parseCommitMessage } from './parse-commit-message';
import { readCommitLog } from './read-commit-log';
import { resolveCommit } from './resolve-commit';
import { resolveGitDir } from './resolve-git-dir';
import { sourceName } from './source-name';
import type { SourceCommit, SyncWarning } from './types';

export type SyncPhase = 'log' | 'documents' | 'provisions' | 'effects' | 'rebuild' | 'reindex' | 'analyze';

/** Where a run's time went: wall time and this process's CPU (user + system), per phase. */
export type SyncPhaseTimes = Partial<Record<SyncPhase, { ms: number; cpu_ms: number }>>;

export interface SyncProgress {
  phase: SyncPhase;
  /** Commits read from the log so far (phase log), documents handled (the other phases). */
  done: number;
  /** Documents to handle; commits in the range are not known in advance (null). */
  total: number | null;
}

export interface SyncOptions {
  /** Sync up to this commit (any revision git understands); default HEAD of the repository. */
  to?: string;
  onProgress?: (p: SyncProgress) => void;
  /** "Today" for future-dated warnings (YYYY-MM-DD); default the current UTC day. */
  today?: string;
  /** At most this many warnings are listed (all are counted). */
  maxWarnings?: number;
  /** Documents written at once (each in its own transaction); default 2. */
  concurrency?: number;
  /** Worker threads that build the documents' versions before they are written (openPreparePool); default cores − 1, at most 2. */
  prepareThreads?: number;
}

export interface SyncReport {
  source: string;
  /** The commit the database was at before (null: never synced). */
  from: string | null;
  to: string;
  /** Nothing new between `from` and `to`: nothing was written. */
  up_to_date: boolean;
  /** Commits in the range read from the log. */
  commits: number;
  /** Commits whose version was written by this run (the rest were already stored or not documents). */
  commits_applied: number;
  documents: { created: number; updated: number; unchanged: number; failed: number };
  versions_added: number;
  /** Stored versions without their text (a JSONL import kept only its hash) whose text this run filled in. */
  texts_filled: number;
  /**
   * Stored versions with a text but no provision tree (of the current format) whose tree this run
   * built: a database written before trees were stored, or by an older parser (#24).
   */
  provisions_filled: number;
  /** #35: documents whose text this run read as an amending act beyond those it wrote (a new reader, an older database). */
  effects_filled: number;
  /** #36: documents whose rebuilt versions this run made (again), their versions, and the points applied and not. */
  rebuilt: { documents: number; versions: number; points_applied: number; points_unapplied: number };
  /**
   * #37: documents whose provision index this run built again because it was stale: written with
   * another LANGUAGE_VERSION or index format (a new lemmatizer), or not of the version served today.
   */
  reindexed: number;
  changes: number;
  deliveries: number;
  warning_counts: Record<string, number>;
  warnings: SyncWarning[];
  /** More warnings than listed (see warning_counts). */
  warnings_truncated: boolean;
  duration_ms: number;
  /** Each phase the run went through, in order (the database's own CPU is not in `cpu_ms`). */
  phases: SyncPhaseTimes;
}

interface PendingCommit {
  commit: SourceCommit;
  blob: string;
  status: string;
}

interface DocumentGroup {
  path: string;
  identity: DocumentIdentity;
  commits: PendingCommit[];
}

const ZERO_BLOB = /^0+$/;
const DEFAULT_CONCURRENCY = 2;

/**
 * Syncs the database with a repository in the legalize-cz layout, from the commit it last synced
 * (sync_state) to `to`. The log is read once (metadata only), grouped by document, and each
 * document's new versions are read blob by blob and written in ONE transaction. The state moves
 * to `to` only after every document was written, so a run killed at any point is resumed by the
 * next one: documents already written are recognised by their versions' commits and skipped.
 */
export async function syncRepository(db: Database, repoDir: string, options: SyncOptions = {}): Promise<SyncReport> {
  const started = performance.now();
  const gitDir = await resolveGitDir(repoDir);
  const source = await sourceName(gitDir);
  const to = await resolveCommit(gitDir, options.to ?? 'HEAD');
  const today = options.today ?? formatIsoDate(new Date());
  const maxWarnings = options.maxWarnings ?? 1000;

  // Documents stored before the search signals existed (or by older rules) get them now; the
  // documents this run writes get them from their writer.
  await backfillSearchAliases(db);
  const state = await db.kysely.selectFrom('sync_state').select('commit').where('source', '=', source).executeTakeFirst();
  const from = state?.commit ?? null;
  const report: SyncReport = {
    source,
    from,
    to,
    up_to_date: false,
    commits: 0,
    commits_applied: 0,
    documents: { created: 0, updated: 0, unchanged: 0, failed: 0 },
    versions_added: 0,
    texts_filled: 0,
    provisions_filled: 0,
    effects_filled: 0,
    rebuilt: { documents: 0, versions: 0, points_applied: 0, points_unapplied: 0 },
    reindexed: 0,
    changes: 0,
    deliveries: 0,
    warning_counts: {},
    warnings: [],
    warnings_truncated: false,
    duration_ms: 0,
    phases: {},
  };
  const timed = async <T>(phase: SyncPhase, work: () => Promise<T>): Promise<T> => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await work();
    } finally {
      const used = process.cpuUsage(cpu);
      const before = report.phases[phase] ?? { ms: 0, cpu_ms: 0 };
      report.phases[phase] = {
        ms: before.ms + Math.round(performance.now() - wall),
        cpu_ms: before.cpu_ms + Math.round((used.user + used.system) / 1000),
      };
    }
  };
  const warn = (w: SyncWarning) => {
    report.warning_counts[w.code] = (report.warning_counts[w.code] ?? 0) + 1;
    if (report.warnings.length < maxWarnings) report.warnings.push(w);
    else report.warnings_truncated = true;
  };
  const finish = async () => {
    // Trees a database lacks, whatever the range held (also when it is up to date).
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    const progress = (phase: SyncPhase) => (done: number, total: number) => options.onProgress?.({ phase, done, total });
    report.provisions_filled = (
      await timed('provisions', () => fillProvisions(db, { concurrency, onProgress: progress('provisions') }))
    ).versions;
    report.effects_filled = (
      await timed('effects', () => fillAmendmentEffects(db, { concurrency, onProgress: progress('effects') }))
    ).documents;
    const rebuilt = await timed('rebuild', async () => {
      // The rebuild plans one statement per document on `amendment_effect`: statistics of the
      // table as this sync left it, not of an empty one (a first sync's, or none without autovacuum).
      if (report.documents.created + report.documents.updated + report.effects_filled > 0) await db.exec('ANALYZE "amendment_effect"');
      return rebuildAmendedDocuments(db, { concurrency, onProgress: progress('rebuild') });
    });
    report.rebuilt = {
      documents: rebuilt.documents,
      versions: rebuilt.versions,
      points_applied: rebuilt.applied,
      points_unapplied: rebuilt.unapplied,
    };
    report.changes += rebuilt.changes;
    // A language change (LANGUAGE_VERSION) leaves every stored index stale while the source has not
    // moved: the sync that runs with it builds them again, so no separate command is needed.
    const reindexed = await timed('reindex', () =>
      backfillProvisionIndex(db, { analyze: false, onProgress: (done) => options.onProgress?.({ phase: 'reindex', done, total: null }) }),
    );
    report.reindexed = reindexed.documents;
    // Act rows rewritten alone (a new ACT_INDEX_FORMAT) are vacuumed too: search_act_term is read by index only.
    if (report.documents.created + report.documents.updated + rebuilt.documents + report.reindexed + reindexed.acts > 0)
      await timed('analyze', () => analyzeProvisionIndex(db));
    report.duration_ms = Math.round(performance.now() - started);
    return report;
  };

  if (from !== null) {
    if (from === to || (await isAncestor(gitDir, to, from))) {
      // Already there (or past it: --to an older commit does not undo anything).
      report.up_to_date = true;
      return finish();
    }
    if (!(await isAncestor(gitDir, from, to))) {
      throw new Error(`the database was synced to ${from}, which is not an ancestor of ${to} in ${gitDir}`);
    }
  }

  // 1. The log: metadata of every commit in the range, grouped by document (texts stay in git).
  const groups = new Map<string, DocumentGroup>();
  await timed('log', async () => {
    for await (const commit of readCommitLog(gitDir, { from, to })) {
      report.commits += 1;
      if (report.commits % 2000 === 0) options.onProgress?.({ phase: 'log', done: report.commits, total: null });
      for (const file of commit.files) {
        const identity = documentIdentity(file.path);
        if (!identity) continue; // README, LICENSE, …: not documents
        if (file.status.startsWith('D') || ZERO_BLOB.test(file.blob)) {
          warn({
            code: 'ignored_file',
            path: file.path,
            commit: commit.sha,
            message: 'file deleted upstream; the document is kept as it was',
          });
          continue;
        }
        let group = groups.get(identity.naturalKey);
        if (!group) {
          group = { path: file.path, identity, commits: [] };
          groups.set(identity.naturalKey, group);
        }
        group.commits.push({ commit, blob: file.blob, status: file.status });
      }
    }
  });

  // 2. What is stored already (an interrupted run, or an import): versions are keyed by their commit;
  // documents another writer stored are adopted (see DocumentInput.adopt).
  const { applied, foreign } = await timed('log', async () => ({
    applied: await appliedCommits(db, [...groups.values()]),
    foreign: await foreignDocuments(db, [...groups.values()]),
  }));

  // 3. Each document in one transaction, `concurrency` at a time (PostgreSQL's work per document
  // is most of a sync, and one writer keeps one core busy); blobs are read ahead of the writers.
  const blobs = openBlobReader(gitDir, groups.size ? await listObjects(gitDir) : undefined);
  const pool = openPreparePool({ threads: groups.size ? options.prepareThreads : 0 });
  const list = [...groups.values()];
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  let failed = 0;
  let handled = 0;
  let textSinceCollection = 0;
  const preparing = new Map<number, Promise<PreparedDocument>>();
  const prepare = (i: number): Promise<PreparedDocument> => {
    let p = preparing.get(i);
    if (!p) {
      p = prepareDocument(list[i], applied, foreign, blobs, today, pool);
      p.catch(() => undefined); // awaited by its writer; a failure must not count as unhandled meanwhile
      preparing.set(i, p);
    }
    return p;
  };
  let nextIndex = 0;
  const writer = async () => {
    for (let i = nextIndex++; i < list.length; i = nextIndex++) {
      const group = list[i];
      const current = prepare(i);
      if (i + concurrency < list.length) void prepare(i + concurrency); // this writer's likely next document
      preparing.delete(i);
      const prepared = await current;
      for (const w of prepared.warnings) warn(w);
      if (prepared.versions.length === 0 && prepared.fills.length === 0 && !prepared.adopt) {
        report.documents.unchanged += 1;
      } else {
        try {
          const result = await applyDocument(db, {
            identity: group.identity,
            path: group.path,
            versions: prepared.versions,
            fills: prepared.fills,
            adopt: prepared.adopt,
            repo: source,
            fallbackTitle: prepared.fallbackTitle,
            effects: prepared.effects,
          });
          report.documents[result.outcome] += 1;
          report.versions_added += result.versionsAdded;
          report.texts_filled += result.textsFilled;
          for (const commit of result.textsMismatched) {
            warn({
              code: 'text_mismatch',
              path: group.path,
              commit,
              message: "the stored version's text_sha256 differs from the repository's text; the stored version is left as it was",
            });
          }
          report.commits_applied += result.versionsAdded;
          report.changes += result.changes;
          report.deliveries += result.deliveries;
        } catch (e) {
          failed += 1;
          report.documents.failed += 1;
          const message = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 500);
          const last = group.commits[group.commits.length - 1];
          warn({ code: 'document_failed', path: group.path, commit: last.commit.sha, message: `not written: ${message}` });
        }
      }
      textSinceCollection += prepared.textChars;
      if (textSinceCollection > GC_EVERY_CHARS) {
        textSinceCollection = 0;
        collectGarbage();
      }
      handled += 1;
      options.onProgress?.({ phase: 'documents', done: handled, total: list.length });
    }
  };
  try {
    await timed('documents', () => Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, writer)));
  } finally {
    await Promise.all([blobs.close(), pool.close()]);
  }

  // 4. Only a complete run moves the state: a failed document is retried by the next run.
  if (failed === 0) {
    await db.kysely
      .insertInto('sync_state')
      .values({ source, commit: to, commits_applied: report.commits, synced_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('source').doUpdateSet((eb) => ({
          commit: eb.ref('excluded.commit'),
          commits_applied: eb('sync_state.commits_applied', '+', eb.ref('excluded.commits_applied')),
          synced_at: sql<Date>`now()`,
        })),
      )
      .execute();
  }
  return finish();
}

/**
 * Stored versions by `natural_key NUL commit`: true where the version lacks a text the repository
 * may hold (a JSONL import kept only the hash of older long versions), so the sync reads that blob
 * again and fills the text in; false where nothing is missing. The current version's text is the
 * document's, and a blob the repository lacks stays lacking, so neither is asked for.
 */
async function appliedCommits(db: Database, groups: DocumentGroup[]): Promise<Map<string, boolean>> {
  const shas = [...new Set(groups.flatMap((g) => g.commits.map((c) => c.commit.sha)))];
  const applied = new Map<string, boolean>();
  const any = await db.kysely.selectFrom('document_version').select(sql.lit(1).as('one')).limit(1).executeTakeFirst();
  if (!any) return applied;
  for (let i = 0; i < shas.length; i += 5000) {
    const rows = await db.kysely
      .selectFrom('document_version as v')
      .innerJoin('document as d', 'd.id', 'v.document_id')
      .select((eb) => [
        'd.natural_key',
        'v.source_commit',
        eb
          .and([
            eb('v.text', 'is', null),
            eb.not(eb.ref('v.text_is_current')),
            eb('v.text_omitted', 'is distinct from', MISSING_BLOB_REASON),
          ])
          .$castTo<boolean>()
          .as('needs_text'),
      ])
      .where('v.source_commit', '=', (eb) => eb.fn.any(eb.val(shas.slice(i, i + 5000))))
      .execute();
    for (const r of rows) applied.set(`${r.natural_key}\u0000${r.source_commit}`, r.needs_text);
  }
  return applied;
}

/**
 * Natural keys of stored documents the sync did not write from their newest commit in the range:
 * another writer (a JSONL import) stored them, so what the sync derives beyond rows is missing.
 */
async function foreignDocuments(db: Database, groups: DocumentGroup[]): Promise<Set<string>> {
  const foreign = new Set<string>();
  for (let i = 0; i < groups.length; i += 5000) {
    const chunk = groups.slice(i, i + 5000);
    const rows = await db.kysely
      .selectFrom('document')
      .select(['natural_key', 'content_hash'])
      .where('natural_key', '=', (eb) => eb.fn.any(eb.val(chunk.map((g) => g.identity.naturalKey))))
      .execute();
    const byKey = new Map(rows.map((r) => [r.natural_key, r.content_hash]));
    for (const g of chunk) {
      const hash = byKey.get(g.identity.naturalKey);
      const last = g.commits[g.commits.length - 1];
      if (hash !== undefined && hash !== syncContentHash(last.commit.sha)) foreign.add(g.identity.naturalKey);
    }
  }
  return foreign;
}

interface PreparedDocument extends BuiltDocument {
  adopt?: DocumentInput['adopt'];
  fallbackTitle: string;
}

async function prepareDocument(
  group: DocumentGroup,
  applied: Map<string, boolean>,
  foreign: Set<string>,
  blobs: BlobReader,
  today: string,
  pool: PreparePool,
): Promise<PreparedDocument> {
  const stored = (c: PendingCommit) => applied.get(`${group.identity.naturalKey}\u0000${c.commit.sha}`);
  const pending = group.commits.filter((c) => stored(c) === undefined);
  const missing = group.commits.filter((c) => stored(c) === true);
  const first = group.commits[0];
  const subject = parseCommitMessage(first.commit.message).subject;
  const fallbackTitle =
    subject
      .replace(/^\[[^\]]*\]\s*/, '')
      .replace(/\s+—\s+versión original.*$/, '')
      .trim() || group.identity.docNumber;
  // All reads are queued at once: git answers them in one stream.
  const contents = await Promise.all(pending.map((c) => blobs.read(c.blob)));
  const filled = await Promise.all(missing.map((c) => blobs.read(c.blob)));
  const built = await pool.build({
    path: group.path,
    identity: group.identity,
    commits: group.commits.map((c) => c.commit),
    pending: pending.map((c, i) => ({ commit: c.commit, blob: contents[i] ?? null })),
    missing: missing.map((c, i) => ({ commit: c.commit, blob: filled[i] ?? null })),
    today,
  });
  let adopt: PreparedDocument['adopt'];
  if (pending.length === 0 && foreign.has(group.identity.naturalKey)) {
    // Every version is stored: only the commits' metadata and the newest front matter are wanted.
    const last = group.commits[group.commits.length - 1];
    const newest = buildVersion(last.commit, group.path, await blobs.read(last.blob), group.identity, today).version;
    adopt = {
      versions: group.commits.flatMap((c) => buildVersion(c.commit, group.path, null, group.identity, today).version ?? []),
      meta: newest?.meta ?? null,
      lastCommit: last.commit.sha,
    };
  }
  return { ...built, adopt, fallbackTitle };
}
