import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dp/core';
import {
  appEntry,
  createOrgWithKey,
  createTestDatabase,
  memoryLogger,
  seedFixtureCorpus,
  startAppProcess,
  TEST_INTERNAL_SECRET,
  type AppProcess,
  type TestDatabase,
} from '@dp/testing';
import { Meter } from '../src/metering/meter';

const withRedis = Boolean(process.env.REDIS_URL);
const DOC = '/v1/legal/documents/sb%2F2091%2F1';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedFixtureCorpus(db);
});
afterAll(() => db?.destroy());

const unitsOf = async (orgId: string) =>
  Number(
    (await db.query<{ units: string }>(`SELECT coalesce(sum(units), 0)::text AS units FROM usage_counter WHERE org_id = $1`, [orgId]))[0]
      .units,
  );

/** A pid no process has: one that just exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
}

describe("the meter's log", () => {
  it('replays what a killed process counted but never wrote, once', async () => {
    const { orgId, id: keyId } = await createOrgWithKey(db);
    const dir = mkdtempSync(join(tmpdir(), 'dp-meter-'));
    try {
      // A process that was killed left one segment with 7 answered requests (5 units) and a cut line.
      const lines = Array.from({ length: 7 }, (_, i) =>
        JSON.stringify([orgId, '2026-11-28', keyId, 'documents.get', i < 5 ? 200 : 404, i < 5 ? 1 : 0]),
      );
      writeFileSync(join(dir, `meter-${deadPid()}-abcd1234-1.log`), `${lines.join('\n')}\n["${orgId}","2026-1`);
      // And one whose batch committed before the kill, its segment not yet deleted: not counted again.
      writeFileSync(join(dir, `meter-${deadPid()}-abcd1235-1.log`), `${lines.join('\n')}\n{"batch":"b-committed"}\n`);
      await db.query(`INSERT INTO usage_batch (id) VALUES ('b-committed')`);
      const started = (m: Meter) => (m.start(), m);
      await started(new Meter(db, memoryLogger([], 'info'), 60_000, undefined, dir)).close();
      expect(await unitsOf(orgId)).toBe(5);
      expect(readdirSync(dir)).toEqual([]);
      // Nothing left to replay: a second start counts nothing again.
      await started(new Meter(db, memoryLogger([], 'info'), 60_000, undefined, dir)).close();
      expect(await unitsOf(orgId)).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/*
 * Fault test (issue 38 item 4): the built api under load, killed with SIGKILL three times; each
 * start replays the log the killed process left. The units stored are reconciled against the
 * answers the clients received (200s, 1 unit each). The figures are printed for docs/BENCHMARKS.md.
 */
describe('kill -9 under load', () => {
  it('loses no unit of an answered request', async () => {
    const { orgId, key } = await createOrgWithKey(db);
    const dir = mkdtempSync(join(tmpdir(), 'dp-meter-kill-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      INTERNAL_API_SECRET: TEST_INTERNAL_SECRET,
      API_PORT: String(port),
      DATA_DIR: dir,
      ...(withRedis ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
    let answered = 0;
    let failed = 0;
    const CLIENTS = 8;
    const PER_ROUND = 150;
    try {
      for (let round = 0; round < 3; round++) {
        const api: AppProcess = await startAppProcess(appEntry('api'), port, env);
        let roundAnswered = 0;
        const exited = new Promise<void>((resolve) => api.child.once('exit', () => resolve()));
        let killed = false;
        const client = async () => {
          while (!killed) {
            try {
              const res = await fetch(`${api.url}${DOC}`, { headers: { authorization: `Bearer ${key}` } });
              await res.arrayBuffer();
              if (res.status === 200) {
                answered++;
                roundAnswered++;
              }
            } catch {
              failed++;
            }
            if (roundAnswered >= PER_ROUND && !killed) {
              killed = true;
              api.child.kill('SIGKILL'); // requests of the other clients are in flight
            }
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
        await exited;
      }
      // A last start replays the third kill's log; a clean stop writes it.
      const last = await startAppProcess(appEntry('api'), port, env);
      expect(await last.stop()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const units = await unitsOf(orgId);
    console.log(`kill -9 under load: 3 kills, ${answered} answers (200), ${failed} requests cut by the kills, ${units} units stored`);
    // Every answer received is counted, once; a request the server finished but whose answer the
    // kill cut on the way is counted too (at most the requests in flight: one per client per kill).
    expect(units).toBeGreaterThanOrEqual(answered);
    expect(units - answered).toBeLessThanOrEqual(Math.min(failed, 3 * CLIENTS));
  }, 180_000);
});
