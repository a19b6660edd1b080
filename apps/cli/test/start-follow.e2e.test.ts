import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_CORPUS_PATH } from '@dp/db';
import { eventually, startEnv, startProduct, type StartEnv, type StartedProduct } from '@dp/testing';
import { CLI } from './run-process';
import { commitBootstrap, createTinyRepo, type TinyRepo } from './tiny-repo';

/** `start` with CORPUS_GIT_URL pointing at a local bare repository: the follower runs with the apps. */
describe('npm start with CORPUS_GIT_URL: the upstream follower', () => {
  let product: StartedProduct;
  let dataDir: string;
  let env: StartEnv;
  let base: string;
  let work: TinyRepo;
  let bare: string;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first`);
    dataDir = mkdtempSync(join(tmpdir(), 'dp-start-follow-'));
    work = createTinyRepo();
    commitBootstrap(work, { id: 'SB-2000-7' }, '# Zákon 7\n\n§ 1\n\nText.\n');
    bare = join(dataDir, '..', `${dataDir.split('/').pop()}-upstream.git`);
    execFileSync('git', ['clone', '-q', '--bare', work.dir, bare], { stdio: 'pipe' });
    env = await startEnv({ dataDir, corpusPath: FIXTURE_CORPUS_PATH, extra: { CORPUS_GIT_URL: bare, FOLLOW_INTERVAL_SECONDS: '2' } });
    base = `http://127.0.0.1:${env.PUBLIC_PORT}`;
    product = startProduct(CLI, env, { timeoutMs: 150_000 });
    await product.banner;
  }, 180_000);

  afterAll(async () => {
    await product?.stop();
    work?.destroy();
    rmSync(bare, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const read = (ref: string) =>
    fetch(`${base}/v1/legal/documents/${encodeURIComponent(ref)}`, { headers: { Authorization: `Bearer ${product.demoKey()}` } });

  it('lists the follower in the banner and in the public /readyz, and serves what it synced', async () => {
    expect(product.output()).toContain(`Follower: ${bare} every 2 s`);
    const res = await fetch(`${base}/readyz`);
    const ready = (await res.json()) as {
      data?: { apps: Record<string, unknown> };
      error?: { details: { apps: Record<string, unknown> } };
    };
    // Ready (200) or not (503, an app's own /readyz slow under load): either way the follower is listed.
    const apps = ready.data?.apps ?? ready.error?.details.apps ?? {};
    if (res.status !== 200) console.log('public /readyz after the banner', res.status, JSON.stringify(apps));
    expect(Object.keys(apps)).toContain('follower');
    await eventually(async () => ((await read('sb/2000/7')).status === 200 ? true : undefined), {
      what: 'the followed document',
      timeoutMs: 30_000,
    });

    commitBootstrap(work, { id: 'SB-2000-8' }, '# Zákon 8\n\n§ 1\n\nNový.\n', '2000-02-01');
    execFileSync('git', ['-C', work.dir, 'push', '-q', bare, 'main'], { stdio: 'pipe' });
    await eventually(async () => ((await read('sb/2000/8')).status === 200 ? true : undefined), {
      what: 'the new upstream commit through /v1',
      timeoutMs: (2 * 2 + 5) * 1000,
      intervalMs: 200,
    });
  }, 60_000);
});
