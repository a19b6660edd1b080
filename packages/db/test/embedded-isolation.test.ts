import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedServer, type EmbeddedServer } from '@dp/db';

/**
 * Connection isolation (#12): many connections at once, each running extended-protocol queries
 * (unnamed statements and portals, different parameter counts and types) and transactions, each
 * checking that it sees exactly its own rows. Run against the embedded default and, on the
 * PostgreSQL pass, against DATABASE_URL as well.
 */

const CONNECTIONS = 24;
const ROUNDS = 60;

interface Target {
  name: string;
  url: () => string;
}

let embedded: EmbeddedServer | undefined;
let dataDir: string | undefined;

const targets: Target[] = [{ name: 'embedded default', url: () => embedded!.url }];
if (process.env.DATABASE_URL) targets.push({ name: 'DATABASE_URL', url: () => withoutSchema(process.env.DATABASE_URL!) });

function withoutSchema(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('schema');
  return u.toString();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dp-isolation-'));
  embedded = await startEmbeddedServer({ dataDir, port: 0 });
}, 60_000);

afterAll(async () => {
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One connection's workload; returns the problems it saw (empty when isolated). */
async function worker(url: string, table: string, id: number): Promise<string[]> {
  const problems: string[] = [];
  const client = new Client({ connectionString: url });
  await client.connect();
  const tag = `c${id}`;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Extended protocol, 3 parameters of three types.
      await client.query(`INSERT INTO ${table} (tag, n, payload) VALUES ($1, $2, $3)`, [tag, round, `${tag}:${round}`]);
      // 2 parameters: a bind meant for another connection's 3-parameter statement would fail here.
      const mine = await client.query<{ tag: string; n: number; payload: string }>(
        `SELECT tag, n, payload FROM ${table} WHERE tag = $1 AND n <= $2 ORDER BY n`,
        [tag, round],
      );
      if (mine.rows.length !== round + 1) problems.push(`round ${round}: ${mine.rows.length} rows, expected ${round + 1}`);
      for (const row of mine.rows) {
        if (row.tag !== tag || row.payload !== `${tag}:${row.n}`) problems.push(`round ${round}: foreign row ${JSON.stringify(row)}`);
      }
      // A transaction: its uncommitted row is visible to itself only, and a rollback removes it.
      await client.query('BEGIN');
      await client.query(`INSERT INTO ${table} (tag, n, payload) VALUES ($1, $2, $3)`, [tag, -1 - round, 'uncommitted']);
      const inside = await client.query<{ c: string }>(`SELECT count(*)::int AS c FROM ${table} WHERE tag = $1 AND n < 0`, [tag]);
      if (Number(inside.rows[0].c) !== 1) problems.push(`round ${round}: saw ${inside.rows[0].c} uncommitted rows in its transaction`);
      const others = await client.query<{ c: string }>(`SELECT count(*)::int AS c FROM ${table} WHERE n < 0`);
      if (Number(others.rows[0].c) !== 1) problems.push(`round ${round}: saw ${others.rows[0].c} uncommitted rows in all`);
      await client.query('ROLLBACK');
    }
  } catch (err) {
    problems.push(`error: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  return problems;
}

describe.each(targets)('connection isolation: $name', ({ url }) => {
  it('gives each of many concurrent connections exactly its own rows and transactions', async () => {
    const table = `iso_${process.pid}_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: url() });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (tag text NOT NULL, n int NOT NULL, payload text NOT NULL)`);
    try {
      const results = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(url(), table, i)));
      expect(results.flat()).toEqual([]);
      const total = await admin.query<{ c: number }>(`SELECT count(*)::int AS c FROM ${table}`);
      expect(total.rows[0].c).toBe(CONNECTIONS * ROUNDS);
    } finally {
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
      await admin.end();
    }
  }, 120_000);
});
