import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, eventually, startOtlpReceiver, type OtlpReceiver, type TestDatabase } from '@dp/testing';
import { runCli } from './run-process';
import { commitBootstrap, createTinyRepo, type TinyRepo } from './tiny-repo';

/**
 * The CLI's service work traced as the apps are (OTEL_EXPORTER_OTLP_ENDPOINT set): one span per
 * `sync` run and per follower round, under the service names `sync` and `follower`, with what they
 * applied; the sync's statements themselves are not traced (a whole-collection sync would be
 * millions of spans), the round's lock statements are.
 */
describe('cli sync and follow with tracing on', () => {
  let db: TestDatabase;
  let receiver: OtlpReceiver;
  let repo: TinyRepo;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    db = await createTestDatabase();
    receiver = await startOtlpReceiver();
    repo = createTinyRepo();
    commitBootstrap(repo, { id: 'SB-2000-3' }, '# Zákon 3\n\n§ 1\n\nText.\n');
    dataDir = mkdtempSync(join(tmpdir(), 'dp-cli-tracing-'));
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    };
  });

  afterAll(async () => {
    await receiver?.close();
    await db?.destroy();
    repo?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sync: one `sync` span with the commits applied, and no span per statement', async () => {
    const ran = await runCli(['sync', repo.dir], env);
    expect(ran.code).toBe(0);
    // The command flushed before it exited: the span is already here.
    const span = receiver.spans.find((s) => s.service === 'sync' && s.name === 'sync');
    expect(span).toMatchObject({ attributes: { 'dp.sync.commits_applied': 1, 'dp.sync.documents_failed': 0 } });
    expect(span!.parentSpanId).toBeUndefined();
    expect(receiver.spans.filter((s) => s.service === 'sync' && s.name !== 'sync')).toEqual([]);
  });

  it('follow --once: a `follow.round` span (service `follower`) with its outcome and its lock statements', async () => {
    commitBootstrap(repo, { id: 'SB-2000-4' }, '# Zákon 4\n\n§ 1\n\nNový.\n', '2000-02-01');
    // Beside the data directory: the follower keeps its own mirror inside it.
    const bare = `${dataDir}-upstream.git`;
    execFileSync('git', ['clone', '-q', '--bare', repo.dir, bare], { stdio: 'pipe' });
    const ran = await runCli(['follow', '--once'], { ...env, CORPUS_GIT_URL: bare });
    rmSync(bare, { recursive: true, force: true });
    expect(ran.code).toBe(0);
    const round = await eventually(() => receiver.spans.find((s) => s.service === 'follower' && s.name === 'follow.round'), {
      what: () => `the follower's round among ${JSON.stringify(receiver.spans.map((s) => [s.service, s.name]))}`,
    });
    expect(round.attributes).toMatchObject({ 'dp.follow.outcome': 'synced', 'dp.sync.commits_applied': 1 });
    const children = receiver.spans.filter((s) => s.parentSpanId === round.spanId);
    expect(children.some((s) => String(s.attributes['db.query.text']).includes('pg_try_advisory_lock'))).toBe(true);
  });
});
