import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createMetrics } from '@dp/core';
import { createFollower, FOLLOWER_LOCK } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';
import { bootstrapMessage, createTinyRepo, docFile, type TinyRepo } from '@dp/testing';

describe('the upstream follower', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  let dir: string;
  const logger = createLogger({ name: 'follower-test', level: 'silent' });

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    repo.commit('cz/SB-2000-1.md', docFile({ id: 'SB-2000-1' }, '# Zákon\n\nText.\n'), bootstrapMessage('SB-2000-1', '2000-01-01'));
    dir = mkdtempSync(join(tmpdir(), 'dp-follower-'));
  });
  afterAll(async () => {
    repo.destroy();
    rmSync(dir, { recursive: true, force: true });
    await db.destroy();
  });

  it('syncs through a mirror, is up to date the next round, and stands by while another follower holds the lock', async () => {
    const metrics = createMetrics('follower', { processMetrics: false });
    const follower = createFollower({ db, url: repo.dir, mirrorDir: join(dir, 'mirror.git'), intervalMs: 1_000, logger, metrics });
    expect(await follower.round()).toBe('synced');
    expect(follower.status()).toMatchObject({ role: 'leader', upstreamCommit: repo.rev('HEAD'), syncedCommit: repo.rev('HEAD') });
    expect(await follower.round()).toBe('up_to_date');
    expect((await metrics.scrape()).body).toMatch(/^dp_sync_commits_applied_total\{app="follower"\} 1$/m);

    await db.withSession(async (other) => {
      await other.query('SELECT pg_advisory_lock($1)', [FOLLOWER_LOCK]);
      try {
        expect(await follower.round()).toBe('standby');
        expect(follower.status().role).toBe('standby');
      } finally {
        await other.query('SELECT pg_advisory_unlock($1)', [FOLLOWER_LOCK]);
      }
    });
    expect(await follower.round()).toBe('up_to_date');
  });

  it('a fetch that fails is counted by stage, and its error names no URL', async () => {
    const metrics = createMetrics('follower', { processMetrics: false });
    const follower = createFollower({
      db,
      url: 'https://user:secret@127.0.0.1:9/nothing.git',
      mirrorDir: join(dir, 'broken.git'),
      intervalMs: 1_000,
      logger,
      metrics,
      fetchTimeoutMs: 10_000,
    });
    const failure = await follower.round().catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^git clone failed: /);
    expect((failure as Error).message).not.toContain('secret');
    expect((await metrics.scrape()).body).toMatch(/^dp_follow_failures_total\{stage="fetch",app="follower"\} 1$/m);
  });
});
