import { Client } from 'pg';
import { createDatabase, createScratchDatabase } from '@dp/db';
import { createTestDatabase } from '../src/database';
import { cloneTemplateDatabase, nextTestDatabaseName, startTestRun, TEST_RUN_ENV, testDatabasePrefix } from '../src/test-run';

// The run's test databases (#39 item 6): named for the run, dropped at its end, and a later run
// drops what a crashed one left but never what a live run uses. These runs use a prefix of their
// own, so the jest run they are part of never sees their names (nor they its).
const url = process.env.DATABASE_URL!;
const probe = `${testDatabasePrefix()}probe_`;

let admin: Client;
beforeAll(async () => {
  admin = new Client({ connectionString: url.replace(/\?.*$/, '') });
  await admin.connect();
});
afterAll(() => admin.end());

/** Names of the databases on the server and schemas in DATABASE_URL's database starting with `stem`. */
async function named(stem: string): Promise<string[]> {
  const { rows } = await admin.query<{ name: string }>(
    'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1) UNION ALL SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1) ORDER BY 1',
    [stem],
  );
  return rows.map((r) => r.name);
}

it("names a file's schema for the run and drops it with the file", async () => {
  const stem = process.env[TEST_RUN_ENV]!;
  expect(stem).toMatch(/^[a-z][a-z0-9_]*r\d+$/);
  const db = await createTestDatabase();
  const name = db.schema === 'public' ? new URL(db.url).pathname.slice(1) : db.schema;
  expect(name.startsWith(`${stem}_${process.pid}_`)).toBe(true);
  expect(await named(name)).toEqual([name]);
  await db.destroy();
  expect(await named(name)).toEqual([]);
});

it('clones a migrated template per file (strategy clone) and drops everything at the end', async () => {
  const run = await startTestRun(url, 'clone', probe);
  try {
    expect(run.template).toBe(`${run.stem}_template`);
    const clone = await cloneTemplateDatabase(url, run.template!, nextTestDatabaseName(run.stem));
    const db = await createDatabase({ url: clone.url, poolSize: 1 });
    try {
      expect(await db.query('SELECT count(*)::int AS n FROM document')).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
    expect(await named(run.stem)).toEqual([clone.name, run.template].sort());
  } finally {
    // The clone was not dropped: the end of the run drops it with the template.
    expect((await run.finish()).length).toBe(2);
  }
  expect(await named(run.stem)).toEqual([]);
});

it("drops what a crashed run left, never a live run's", async () => {
  const crashed = `${probe}r123`;
  const live = `${probe}r456`;
  const holder = new Client({ connectionString: url.replace(/\?.*$/, '') });
  await holder.connect();
  try {
    await holder.query('SELECT pg_advisory_lock(39006, 456)'); // run 456 is alive
    await admin.query(`CREATE SCHEMA ${crashed}_1_1`);
    await admin.query(`CREATE DATABASE ${crashed}_template`);
    await admin.query(`CREATE SCHEMA ${live}_1_1`);
    const run = await startTestRun(url, 'schema', probe);
    try {
      expect(run.droppedAbandoned.sort()).toEqual([`${crashed}_1_1`, `${crashed}_template`]);
      expect(await named(crashed)).toEqual([]);
      expect(await named(live)).toEqual([`${live}_1_1`]);
    } finally {
      await run.finish();
    }
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${live}_1_1`);
    await admin.query(`DROP SCHEMA IF EXISTS ${crashed}_1_1`);
    await admin.query(`DROP DATABASE IF EXISTS ${crashed}_template`);
    await holder.end();
  }
});

it("a test file's database commits without waiting for the WAL's flush, on either server", async () => {
  const db = await createTestDatabase();
  try {
    expect(await db.query('SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'off' }]);
  } finally {
    await db.destroy();
  }
});

describe('createTestDatabase({ bulk })', () => {
  it('opens a bulk job database as the CLI does (no statement time limit), a service database otherwise', async () => {
    const bulk = await createTestDatabase({ bulk: true });
    const service = await createTestDatabase();
    try {
      const limit = async (db: typeof bulk) =>
        (await db.query<{ statement_timeout: string }>('SHOW statement_timeout'))[0].statement_timeout;
      expect(await limit(bulk)).toBe('0');
      expect(await limit(service)).not.toBe('0');
    } finally {
      await bulk.destroy();
      await service.destroy();
    }
  });
});

// Jest loads the module afresh for every file a worker runs; a name made again after a reload was
// once the name of a schema an earlier file failed to drop, and a later file found its rows.
it('never makes the same name twice in one worker, across module reloads', () => {
  const stem = process.env[TEST_RUN_ENV]!;
  const names = new Set<string>();
  for (let i = 0; i < 3; i++) {
    jest.isolateModules(() => {
      const { nextTestDatabaseName: fresh } = jest.requireActual<typeof import('../src/test-run')>('../src/test-run');
      names.add(fresh(stem));
      names.add(fresh(stem));
    });
  }
  expect(names.size).toBe(6);
  for (const name of names) expect(name).toMatch(/^[a-z0-9_]{1,63}$/);
});

it('refuses a scratch schema that already exists instead of reading its rows', async () => {
  const name = nextTestDatabaseName(process.env[TEST_RUN_ENV]!);
  await admin.query(`CREATE SCHEMA "${name}"`);
  try {
    await expect(createScratchDatabase({ url, schema: name })).rejects.toThrow(/already exists/);
  } finally {
    await admin.query(`DROP SCHEMA "${name}" CASCADE`);
  }
});
