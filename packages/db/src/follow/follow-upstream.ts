import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { traced, untraced, type Logger, type Metrics, type TraceSpan } from '@dp/core';
import type { Database } from '../client';
import { gitEnv } from '../sync/git-env';
import { runGit } from '../sync/run-git';
import { syncRepository, type SyncReport } from '../sync/sync-repository';

/** The public repository the product follows when CORPUS_GIT_URL is not set (docs/sync.md). */
export const DEFAULT_CORPUS_GIT_URL = 'https://github.com/legalize-dev/legalize-cz.git';

/**
 * The leader lock: one follower at a time across instances. Session-level, taken for one round
 * and released after it, so a follower that dies frees it with its connection.
 */
export const FOLLOWER_LOCK = 0x64_70_66_6f; // "dpfo"

export interface FollowerOptions {
  db: Database;
  /** What git fetches: a URL or a local path (CORPUS_GIT_URL). */
  url: string;
  /** The local bare mirror (created on the first round). */
  mirrorDir: string;
  intervalMs: number;
  logger: Logger;
  metrics?: Metrics;
  /** Longest a fetch may take (the first clone of the whole collection is the long one). */
  fetchTimeoutMs?: number;
  /** Longest wait after failures in a row (the wait doubles from `intervalMs` up to this). */
  maxBackoffMs?: number;
  /** After a round that wrote documents (running apps are told to drop cached copies). */
  onSynced?: (report: SyncReport) => Promise<void>;
}

export interface FollowerStatus {
  /** `leader`: this instance synced last round; `standby`: another held the lock; `starting` before the first round. */
  role: 'starting' | 'leader' | 'standby';
  /** Failed rounds in a row (0 after a success). */
  consecutiveFailures: number;
  lastError: string | null;
  lastSuccessAt: Date | null;
  /** The upstream head after the last fetch, its commit date, and the commit the database is at. */
  upstreamCommit: string | null;
  upstreamCommitDate: string | null;
  syncedCommit: string | null;
  nextRoundAt: Date | null;
}

export interface Follower {
  /** One round: fetch, then sync what is new (under the leader lock). Throws on failure. */
  round(): Promise<'synced' | 'up_to_date' | 'standby'>;
  start(): void;
  stop(): Promise<void>;
  status(): FollowerStatus;
}

/** A repository URL as it may be shown or logged: without a user or password. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1');
}

function git(args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { env: gitEnv(), timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      // git's own `fatal:` line (else its first), with any URL left out: it may carry credentials.
      const lines = String(stderr).trim().split('\n');
      const said = lines.find((l) => l.startsWith('fatal:')) ?? lines[0] ?? '';
      const reason = (error.killed ? `no answer in ${timeoutMs} ms` : said || error.message).replace(/\b[a-z+]+:\/\/\S+/gi, '<url>');
      const command = args[0] === '--git-dir' ? args[2] : args[0];
      reject(new Error(`git ${command} failed: ${reason}`));
    });
  });
}

/** Brings the bare mirror up to date with `url` (cloned the first time, into a temp dir then renamed). */
async function fetchMirror(url: string, mirrorDir: string, timeoutMs: number): Promise<void> {
  if (!existsSync(mirrorDir)) {
    await mkdir(dirname(mirrorDir), { recursive: true });
    const partial = `${mirrorDir}.partial`;
    await rm(partial, { recursive: true, force: true });
    await git(['clone', '--mirror', '--quiet', url, partial], timeoutMs);
    await rename(partial, mirrorDir);
    return;
  }
  // The configured URL wins over the one the mirror was made from.
  await git(['--git-dir', mirrorDir, 'remote', 'set-url', 'origin', url], timeoutMs);
  await git(['--git-dir', mirrorDir, 'fetch', '--prune', '--quiet', 'origin'], timeoutMs);
}

async function headOf(mirrorDir: string): Promise<{ sha: string; date: string }> {
  const r = await runGit(mirrorDir, ['log', '-1', '--format=%H %cI', 'HEAD']);
  if (r.code !== 0) throw new Error(`the mirror has no HEAD commit: ${r.stderr.trim()}`);
  const [sha, date] = r.stdout.trim().split(' ');
  return { sha, date };
}

/**
 * The law kept current: on a schedule, fetch the upstream repository into a local mirror and
 * apply new commits with the incremental sync, so new versions reach the changes feed and the
 * webhook outbox without an operator. Failures (fetch, sync, database) are logged, counted and
 * retried with a doubling wait; a round never throws out of the loop.
 */
export function createFollower(options: FollowerOptions): Follower {
  const { db, logger } = options;
  const fetchTimeoutMs = options.fetchTimeoutMs ?? 30 * 60_000;
  const maxBackoffMs = options.maxBackoffMs ?? Math.max(options.intervalMs, 30 * 60_000);
  const state: FollowerStatus = {
    role: 'starting',
    consecutiveFailures: 0,
    lastError: null,
    lastSuccessAt: null,
    upstreamCommit: null,
    upstreamCommitDate: null,
    syncedCommit: null,
    nextRoundAt: null,
  };
  const m = options.metrics;
  const applied = m?.counter('dp_sync_commits_applied_total', 'Upstream commits applied by the follower.');
  const failures = m?.counter('dp_follow_failures_total', 'Follower rounds that failed, by stage.', ['stage']);
  m?.gauge('dp_follow_consecutive_failures', 'Follower rounds failed in a row (0 after a success).', [], (g) =>
    g.set(state.consecutiveFailures),
  );
  m?.gauge('dp_follow_leader', 'Whether this follower held the leader lock in its last round.', [], (g) =>
    g.set(state.role === 'leader' ? 1 : 0),
  );
  m?.gauge('dp_sync_upstream_commit_info', 'The upstream head after the last fetch (value 1; the commit in a label).', ['commit'], (g) => {
    g.reset();
    if (state.upstreamCommit) g.set({ commit: state.upstreamCommit }, 1);
  });
  m?.gauge(
    'dp_sync_upstream_commit_timestamp_seconds',
    "The upstream head's commit date (the version's legal date in legalize-cz).",
    [],
    (g) => {
      if (state.upstreamCommitDate) g.set(Date.parse(state.upstreamCommitDate) / 1000);
    },
  );
  m?.gauge('dp_sync_last_success_timestamp_seconds', 'When the database was last found at the upstream head.', [], (g) => {
    if (state.lastSuccessAt) g.set(state.lastSuccessAt.getTime() / 1000);
  });
  m?.gauge(
    'dp_sync_lag_seconds',
    'Seconds since the database was last found at the upstream head (grows while fetches or syncs fail).',
    [],
    (g) => {
      if (state.lastSuccessAt) g.set((Date.now() - state.lastSuccessAt.getTime()) / 1000);
    },
  );

  // One span per round (with tracing on): its fetch and lock statements under it, the sync itself
  // untraced (a first round applies the whole collection: a span per statement would be millions).
  const round = (): Promise<'synced' | 'up_to_date' | 'standby'> =>
    traced('follow.round', {}, async (span) => {
      const outcome = await leaderRound(span);
      span.setAttribute('dp.follow.outcome', outcome);
      return outcome;
    });

  async function leaderRound(span: TraceSpan): Promise<'synced' | 'up_to_date' | 'standby'> {
    return db.withSession(async (session) => {
      const [lock] = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [FOLLOWER_LOCK]);
      if (!lock?.ok) {
        state.role = 'standby';
        return 'standby';
      }
      try {
        state.role = 'leader';
        try {
          await fetchMirror(options.url, options.mirrorDir, fetchTimeoutMs);
        } catch (err) {
          failures?.inc({ stage: 'fetch' });
          throw err;
        }
        const head = await headOf(options.mirrorDir);
        state.upstreamCommit = head.sha;
        state.upstreamCommitDate = head.date;
        let report: SyncReport;
        try {
          report = await untraced(() => syncRepository(db, options.mirrorDir, { to: head.sha }));
        } catch (err) {
          failures?.inc({ stage: 'sync' });
          throw err;
        }
        span.setAttributes({ 'dp.sync.commits_applied': report.commits_applied, 'dp.sync.documents_failed': report.documents.failed });
        applied?.inc(report.commits_applied);
        if (report.documents.failed > 0) {
          failures?.inc({ stage: 'sync' });
          throw new Error(`${report.documents.failed} document(s) could not be written; the next round retries them`);
        }
        state.syncedCommit = report.to;
        const changed = report.documents.created + report.documents.updated;
        if (!report.up_to_date) {
          logger.info(
            {
              from: report.from,
              to: report.to,
              commits: report.commits_applied,
              documents: changed,
              changes: report.changes,
              deliveries: report.deliveries,
            },
            'upstream commits applied',
          );
        }
        if (changed > 0) await options.onSynced?.(report);
        return report.up_to_date ? 'up_to_date' : 'synced';
      } finally {
        await session.query('SELECT pg_advisory_unlock($1)', [FOLLOWER_LOCK]).catch(() => undefined);
      }
    });
  }

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      state.nextRoundAt = new Date(Date.now() + ms);
      timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    while (running) {
      try {
        await round();
        state.consecutiveFailures = 0;
        state.lastError = null;
        if (state.role === 'leader') state.lastSuccessAt = new Date();
      } catch (err) {
        state.consecutiveFailures += 1;
        state.lastError = err instanceof Error ? err.message : String(err);
        logger.warn({ err: { message: state.lastError }, failures: state.consecutiveFailures }, 'follow round failed; backing off');
      }
      if (!running) break;
      const backoff = options.intervalMs * 2 ** Math.min(state.consecutiveFailures, 16);
      await pause(state.consecutiveFailures ? Math.min(backoff, maxBackoffMs) : options.intervalMs);
    }
  }

  return {
    round,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
    status: () => ({ ...state }),
  };
}
