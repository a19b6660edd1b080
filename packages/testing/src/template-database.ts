import { Client } from 'pg';
import { applyMigrations, createDatabase } from '@dp/db';

/**
 * The run's migrated template, cloned per test file (`CREATE DATABASE … TEMPLATE …`) instead of
 * replaying every migration per file. Jest's global set-up makes it (`prepareTemplateDatabase`)
 * and tells the workers its name through these variables; `createTestDatabase` clones it.
 */
export const TEMPLATE_DATABASE_ENV = 'DP_TEST_TEMPLATE_DATABASE';
/** Names of the run's databases start with this (default `dp_test_`): `<prefix>r<run>_…`. */
export const TEST_DATABASE_PREFIX_ENV = 'TEST_DATABASE_PREFIX';
export const DEFAULT_TEST_DATABASE_PREFIX = 'dp_test_';

// A run holds the advisory lock (RUN_LOCK_CLASS, run number) for as long as it lives; pg_locks
// shows it server-wide, so a later run tells a live run's databases from a crashed one's.
const RUN_LOCK_CLASS = 39_006;
const PREFIX_PATTERN = /^[a-z][a-z0-9_]{0,23}$/;

export function testDatabasePrefix(): string {
  const prefix = process.env[TEST_DATABASE_PREFIX_ENV]?.trim() || DEFAULT_TEST_DATABASE_PREFIX;
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`${TEST_DATABASE_PREFIX_ENV} must match ${PREFIX_PATTERN}: ${prefix}`);
  return prefix;
}

/** The server's URL with another database (and no `?schema=`). */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  u.searchParams.delete('schema');
  return u.toString();
}

/** The URL the run's administrative statements go through: the configured database, no schema. */
function adminUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('schema');
  return u.toString();
}

// Only names this module made ever reach SQL (prefix checked above, the rest digits).
const quote = (name: string) => {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`unexpected database name: ${name}`);
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

/**
 * Drops the databases of earlier runs that no longer hold their run lock (a run that crashed or
 * was killed before its teardown); a live run's are left alone. Returns the names dropped.
 */
export async function dropAbandonedTestDatabases(client: Client, prefix: string, ownRun?: number): Promise<string[]> {
  const { rows } = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname ~ '_r[0-9]+_' ORDER BY datname",
    [prefix],
  );
  const pattern = new RegExp(`^${prefix}r([0-9]+)_`);
  const runs = new Map<number, string[]>();
  for (const { datname } of rows) {
    const run = Number(pattern.exec(datname)?.[1]);
    if (!Number.isSafeInteger(run) || run === ownRun) continue;
    runs.set(run, [...(runs.get(run) ?? []), datname]);
  }
  const dropped: string[] = [];
  for (const [run, names] of runs) {
    const { rows: held } = await client.query(
      "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 LIMIT 1",
      [RUN_LOCK_CLASS, run],
    );
    if (held.length) continue;
    // Templates last: a clone still being made from one would otherwise fail mid-copy.
    for (const name of names.sort((a, b) => Number(a.endsWith('_template')) - Number(b.endsWith('_template')))) {
      await dropDatabase(client, name);
      dropped.push(name);
    }
  }
  return dropped;
}

export interface TemplateRun {
  /** The migrated template's database name. */
  template: string;
  /** Databases of crashed earlier runs this run dropped. */
  droppedAbandoned: string[];
  /** Drops every database of this run (the template and any clone a file left) and ends the run. */
  finish(): Promise<string[]>;
}

/**
 * Starts a test run on the server at `url`: takes the run's lock, drops abandoned databases of
 * earlier runs, makes the template and migrates it once. The lock's connection stays open until
 * `finish` (jest's global teardown), so the run counts as live exactly as long as jest runs.
 */
export async function prepareTemplateDatabase(url: string, prefix = testDatabasePrefix()): Promise<TemplateRun> {
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
    const droppedAbandoned = await dropAbandonedTestDatabases(lock, prefix, run);
    const template = `${prefix}r${run}_template`;
    await lock.query(`CREATE DATABASE ${quote(template)}`);
    const db = await createDatabase({ url: databaseUrl(url, template), poolSize: 1, queryTimeoutMs: 0 });
    try {
      await applyMigrations(db);
    } finally {
      await db.close();
    }
    // Cloning needs a template nobody is connected to: refuse connections from here on.
    await lock.query(`ALTER DATABASE ${quote(template)} WITH ALLOW_CONNECTIONS false`);
    return {
      template,
      droppedAbandoned,
      async finish() {
        try {
          const { rows } = await lock.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
            `${prefix}r${run}_`,
          ]);
          const names = rows.map((r) => r.datname).sort((a, b) => Number(a === template) - Number(b === template));
          for (const name of names) await dropDatabase(lock, name);
          return names;
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

let clones = 0;

/** A new database cloned from the run's template; its name and URL (the caller drops it). */
export async function cloneTemplateDatabase(url: string, template: string): Promise<{ name: string; url: string }> {
  const name = `${template.replace(/_template$/, '')}_${process.pid}_${++clones}`;
  await withAdmin(url, (client) => client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`));
  return { name, url: databaseUrl(url, name) };
}

/** Drops one clone (its connections, should any be left, are ended). */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, (client) => dropDatabase(client, name));
}
