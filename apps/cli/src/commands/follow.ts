import { join } from 'node:path';
import { closeServer, createLogger, createMetrics, loadConfig, serveOperations } from '@dp/core';
import { createFollower, databaseCheck, DEFAULT_CORPUS_GIT_URL, withoutCredentials } from '@dp/db';
import { announceDocumentsChanged } from '../announce';
import { UsageError, type Command } from '../command';
import { dataPaths, openCliDatabase } from '../database';

/**
 * `follow [--once]`: keeps the database current with the upstream repository by itself. Every
 * FOLLOW_INTERVAL_SECONDS it fetches CORPUS_GIT_URL (default: the public legalize-cz repository;
 * a local path works the same) into a bare mirror in the data directory and applies new commits
 * with the incremental sync, so the changes feed and the webhooks follow without an operator.
 * Several followers may run: one syncs at a time (a PostgreSQL advisory lock). Failures back off
 * and show in `/readyz` and `/metrics` on FOLLOW_PORT; they never end the command. `--once`: one
 * round, its outcome as JSON on stdout, exit 1 when it failed.
 */
export const follow: Command = {
  description: 'Follow the upstream repository: fetch on a schedule and sync new commits (changes feed, webhooks).',
  usage: 'follow [--once]',
  async run(args, io) {
    const unknown = args.filter((a) => a !== '--once');
    if (unknown.length) throw new UsageError(`unknown argument ${unknown[0]}`);
    const once = args.includes('--once');
    const config = loadConfig(io.env);
    const logger = createLogger({ name: 'follower', level: config.LOG_LEVEL });
    const url = config.CORPUS_GIT_URL ?? DEFAULT_CORPUS_GIT_URL;
    const mirrorDir = join(dataPaths(io.env).dataDir, 'upstream.git');
    const db = await openCliDatabase(io.env);
    const metrics = createMetrics('follower', { database: db });
    const follower = createFollower({
      db,
      url,
      mirrorDir,
      intervalMs: config.FOLLOW_INTERVAL_SECONDS * 1000,
      logger,
      metrics,
      onSynced: (report) => announceDocumentsChanged(io, db, report.documents.created + report.documents.updated),
    });

    if (once) {
      try {
        const outcome = await follower.round();
        io.stdout.write(`${JSON.stringify({ outcome, ...follower.status() })}\n`);
        return 0;
      } catch (err) {
        io.stderr.write(`follow: ${err instanceof Error ? err.message : String(err)}\n`);
        return 1;
      } finally {
        await db.close();
      }
    }

    const server = await serveOperations({
      port: config.FOLLOW_PORT,
      setting: 'FOLLOW_PORT',
      logger,
      metrics,
      checks: {
        database: () => databaseCheck(db),
        // Upstream trouble leaves the follower ready (it serves what it has and retries): degraded, with why.
        upstream: () => {
          const s = follower.status();
          const details = {
            role: s.role,
            upstream_commit: s.upstreamCommit,
            upstream_commit_date: s.upstreamCommitDate,
            synced_commit: s.syncedCommit,
            last_success_at: s.lastSuccessAt?.toISOString() ?? null,
            next_round_at: s.nextRoundAt?.toISOString() ?? null,
          };
          return s.consecutiveFailures > 0
            ? { status: 'degraded', ...details, consecutive_failures: s.consecutiveFailures, last_error: s.lastError }
            : { status: 'ok', ...details };
        },
      },
    });
    io.stderr.write(
      `follow: ${withoutCredentials(url)} every ${config.FOLLOW_INTERVAL_SECONDS} s (mirror ${mirrorDir}; /readyz and /metrics on port ${config.FOLLOW_PORT})\n`,
    );
    follower.start();
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await closeServer(server);
    await follower.stop();
    await db.close();
    return 0;
  },
};
