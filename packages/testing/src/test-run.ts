import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { applyMigrations, createDatabase } from '@dp/db';

/**
 * One jest run's test databases. Jest's global set-up starts the run (`startTestRun`) and tells
 * the workers through these variables; `createTestDatabase` makes each file's database:
 * - `schema` (the default): a schema of its own on DATABASE_URL's database, every migration
 *   replayed in one transaction;
 * - `clone`: a database cloned from the run's template, migrated once (`CREATE DATABASE … TEMPLATE`).
 * Both were measured on both servers (docs/BENCHMARKS.md, "#39 test kit"): on this machine a clone
 * costs more than the replay (it copies the template's system catalogs too), so `schema` is the
 * default and TEST_DATABASE_STRATEGY=clone the choice where cloning is cheaper.
 * Every name starts with `<prefix>r<run>_`; the run holds a lock while it lives, so a later run
 * drops what a crashed one left and never what a live one uses, and the teardown drops the rest.
 */
export const TEST_RUN_ENV = 'DP_TEST_RUN';
export const TEMPLATE_DATABASE_ENV = 'DP_TEST_TEMPLATE_DATABASE';
export const TEST_DATABASE_STRATEGY_ENV = 'TEST_DATABASE_STRATEGY';
/** Names of a run's schemas and databases start with this (default `dp_test_`). */
export const TEST_DATABASE_PREFIX_ENV = 'TEST_DATABASE_PREFIX';
export const DEFAULT_TEST_DATABASE_PREFIX = 'dp_test_';

export type TestDatabaseStrategy = 'schema' | 'clone';

/**
 * The embedded test server's settings: a throwaway cluster needs none of what makes a crash
 * survivable, so no commit of any test waits for a flush.
 */
export const TEST_SERVER_SETTINGS: Readonly<Record<string, string>> = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

/**
 * Of those, what a session may set for itself, so a test file's database commits without waiting
 * for the WAL's flush on a server the run does not own either (DATABASE_URL: CI's PostgreSQL), as
 * on the embedded one. What a commit makes visible is the same; only that server's crash could
 * lose the last commits, of throwaway schemas.
 */
export const TEST_SESSION_SETTINGS: Readonly<Record<string, string>> = { synchronous_commit: 'off' };

// A run holds the advisory lock (RUN_LOCK_CLASS, run number) for as long as it lives; pg_locks
// shows it server-wide, so a later run tells a live run's leftovers from a crashed one's.
const RUN_LOCK_CLASS = 39_006;
const PREFIX_PATTERN = /^[a-z][a-z0-9_]{0,23}$/;

export function testDatabasePrefix(): string {
  const prefix = process.env[TEST_DATABASE_PREFIX_ENV]?.trim() || DEFAULT_TEST_DATABASE_PREFIX;
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`${TEST_DATABASE_PREFIX_ENV} must match ${PREFIX_PATTERN}: ${prefix}`);
  return prefix;
}

export function testDatabaseStrategy(): TestDatabaseStrategy {
  const strategy = process.env[TEST_DATABASE_STRATEGY_ENV]?.trim() || 'schema';
  if (strategy !== 'schema' && strategy !== 'clone') throw new Error(`${TEST_DATABASE_STRATEGY_ENV} must be schema or clone: ${strategy}`);
  return strategy;
}

/** The server's URL with another database (and no `?schema=`). */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  u.searchParams.delete('schema');
  return u.toString();
}

/** The URL of the run's administrative statements: the configured database, no schema. */
function adminUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('schema');
  return u.toString();
}

// Only names this module made reach SQL (the prefix checked above, the rest digits and _).
const quote = (name: string) => {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`unexpected name: ${name}`);
  return `"${name}"`;
};

async function withAdmin<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = (client: Client, name: string) => client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
const dropSchema = (client: Client, name: string) => client.query(`DROP SCHEMA IF EXISTS ${quote(name)} CASCADE`);

interface Leftover {
  kind: 'database' | 'schema';
  name: string;
}

/** The run's (or every run's) databases on the server and schemas in the admin database. */
async function leftovers(client: Client, stem: string): Promise<Leftover[]> {
  const { rows } = await client.query<{ kind: 'database' | 'schema'; name: string }>(
    `SELECT 'database' AS kind, datname AS name FROM pg_database WHERE starts_with(datname, $1)
     UNION ALL SELECT 'schema', nspname FROM pg_namespace WHERE starts_with(nspname, $1)
     ORDER BY 1, 2`,
    [stem],
  );
  // A template last: a clone still being made from one would fail mid-copy.
  return rows.sort((a, b) => Number(a.name.endsWith('_template')) - Number(b.name.endsWith('_template')));
}

const dropLeftover = (client: Client, l: Leftover) => (l.kind === 'database' ? dropDatabase(client, l.name) : dropSchema(client, l.name));

/**
 * Drops the databases and schemas of earlier runs that no longer hold their run lock (a run that
 * crashed or was killed before its teardown); a live run's are left alone. Returns their names.
 */
export async function dropAbandonedTestDatabases(client: Client, prefix: string, ownRun?: number): Promise<string[]> {
  const pattern = new RegExp(`^${prefix}r([0-9]+)_`);
  const runs = new Map<number, Leftover[]>();
  for (const l of await leftovers(client, `${prefix}r`)) {
    const run = Number(pattern.exec(l.name)?.[1]);
    if (!Number.isSafeInteger(run) || run === ownRun) continue;
    runs.set(run, [...(runs.get(run) ?? []), l]);
  }
  const dropped: string[] = [];
  for (const [run, found] of runs) {
    const { rows: held } = await client.query(
      "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 LIMIT 1",
      [RUN_LOCK_CLASS, run],
    );
    if (held.length) continue;
    for (const l of found) {
      await dropLeftover(client, l);
      dropped.push(l.name);
    }
  }
  return dropped;
}

export interface TestRun {
  /** What every name of the run starts with: `<prefix>r<run>`. */
  stem: string;
  strategy: TestDatabaseStrategy;
  /** The migrated template's database (strategy `clone`). */
  template?: string;
  /** Databases and schemas of crashed earlier runs this run dropped. */
  droppedAbandoned: string[];
  /** The variables the workers need (set them before jest starts its workers). */
  env: Record<string, string>;
  /** Drops whatever of the run is left (the template, anything a file left) and ends the run. */
  finish(): Promise<string[]>;
}

/**
 * Starts a test run on the server at `url`: takes the run's lock, drops what crashed earlier runs
 * left, and (strategy `clone`) makes and migrates the template. The lock's connection stays open
 * until `finish` (jest's global teardown), so the run counts as live exactly as long as jest runs.
 */
export async function startTestRun(url: string, strategy = testDatabaseStrategy(), prefix = testDatabasePrefix()): Promise<TestRun> {
  const lock = new Client({ connectionString: adminUrl(url) });
  await lock.connect();
  lock.on('error', () => {}); // a server gone at teardown must not crash jest
  try {
    let run = 0;
    for (let attempt = 0; attempt < 5 && !run; attempt++) {
      const candidate = 1 + Math.floor(Math.random() * 2_000_000_000);
      const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [RUN_LOCK_CLASS, candidate]);
      if (rows[0]?.ok) run = candidate;
    }
    if (!run) throw new Error('no free test run number');
    const stem = `${prefix}r${run}`;
    const droppedAbandoned = await dropAbandonedTestDatabases(lock, prefix, run);
    const env: Record<string, string> = { [TEST_RUN_ENV]: stem };
    let template: string | undefined;
    if (strategy === 'clone') {
      template = `${stem}_template`;
      await lock.query(`CREATE DATABASE ${quote(template)}`);
      const db = await createDatabase({
        url: databaseUrl(url, template),
        poolSize: 1,
        queryTimeoutMs: 0,
        sessionSettings: TEST_SESSION_SETTINGS,
      });
      try {
        await applyMigrations(db);
      } finally {
        await db.close();
      }
      // Cloning needs a template nobody is connected to: refuse connections from here on.
      await lock.query(`ALTER DATABASE ${quote(template)} WITH ALLOW_CONNECTIONS false`);
      env[TEMPLATE_DATABASE_ENV] = template;
    }
    return {
      stem,
      strategy,
      template,
      droppedAbandoned,
      env,
      async finish() {
        try {
          const left = await leftovers(lock, `${stem}_`);
          for (const l of left) await dropLeftover(lock, l);
          return left.map((l) => l.name);
        } finally {
          await lock.end().catch(() => {});
        }
      },
    };
  } catch (err) {
    await lock.end().catch(() => {});
    throw err;
  }
}

let made = 0;

/**
 * The next name for one of this worker's test databases or schemas. Jest reloads this module for
 * every test file a worker runs (the counter starts again), and a schema whose drop failed under
 * load would be found again by the next file under the same name, with the earlier file's rows:
 * a random part keeps every name new.
 */
export function nextTestDatabaseName(stem: string): string {
  return `${stem}_${process.pid}_${randomBytes(4).toString('hex')}_${++made}`;
}

/** A new database cloned from the run's template; its name and URL (the caller drops it). */
export async function cloneTemplateDatabase(url: string, template: string, name: string): Promise<{ name: string; url: string }> {
  await withAdmin(url, (client) => client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`));
  return { name, url: databaseUrl(url, name) };
}

/** Drops one clone (its connections, should any be left, are ended). */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, (client) => dropDatabase(client, name));
}
