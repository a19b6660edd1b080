import { PGlite } from '@electric-sql/pglite';
// The contrib entries ship a .cjs build, but their "types" condition points at the ESM typings.
// @ts-expect-error TS1479 (see above)
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
// @ts-expect-error TS1479 (see above)
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type PoolClient } from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/client';

export type DatabaseKind = 'postgres' | 'pglite';

export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A Prisma client plus the raw SQL access migrations and bulk jobs need. */
export interface Database {
  readonly kind: DatabaseKind;
  readonly prisma: PrismaClient;
  /** Postgres schema the tables live in (tests isolate themselves with one schema each). */
  readonly schema: string;
  /** Runs a script of one or more statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised query. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one dedicated connection (BEGIN/COMMIT across calls need that with a pool). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Runs fn on a read-only connection with these planner settings (search runs with
   * enable_seqscan off). PostgreSQL: a pool of its own whose connections start with the settings,
   * so a call costs no extra round trips; PGlite: one exclusive read-only transaction with SET LOCAL.
   */
  withReadOnlySettings<T>(settings: PlannerSettings, fn: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded engine, when kind is 'pglite' (for serving it over the wire, or snapshots). */
  readonly pglite?: PGlite;
}

/** Settings by name (`enable_seqscan: 'off'`, `pg_trgm.similarity_threshold: '0.2'`): plain tokens. */
export type PlannerSettings = Readonly<Record<string, string>>;

const SETTING_NAME = /^[a-z_][a-z0-9_.]*$/;
const SETTING_VALUE = /^[a-z0-9_.]+$/;

function settingPairs(settings: PlannerSettings): Array<[string, string]> {
  const pairs = Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, value] of pairs) {
    if (!SETTING_NAME.test(name) || !SETTING_VALUE.test(value)) throw new Error(`invalid setting ${name}=${value}`);
  }
  return pairs;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, an embedded PGlite is used. `?schema=` selects the schema. */
  url?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (fast test set-up). */
  snapshot?: Blob | File;
  /** Overrides the schema named in the URL. */
  schema?: string;
  poolSize?: number;
}

export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

function splitSchema(url: string): { url: string; schema?: string } {
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? undefined;
  u.searchParams.delete('schema'); // pg would send it to the server as a startup parameter
  return { url: u.toString(), schema };
}

const SAFE_IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.url ? createPostgres(options) : createPglite(options);
}

async function createPostgres(options: DatabaseOptions): Promise<Database> {
  const split = splitSchema(options.url!);
  const schema = options.schema ?? split.schema ?? 'public';
  if (!SAFE_IDENT.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const newPool = (extraOptions = '') => {
    const p = new Pool({
      connectionString: split.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // Unqualified names (our tables first, then extensions installed in public) resolve here.
      options: `-c search_path=${schema},public${extraOptions}`,
    });
    // A dropped idle connection must not crash the process; the next query gets a fresh one.
    p.on('error', () => {});
    return p;
  };
  const pool = newPool();
  const tunedPools = new Map<string, Pool>();
  const session = (client: PoolClient): SqlSession => ({
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
  return {
    kind: 'postgres',
    prisma,
    schema,
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(session(client));
      } finally {
        client.release();
      }
    },
    withReadOnlySettings: async (settings, fn) => {
      const pairs = settingPairs(settings);
      const key = JSON.stringify(pairs);
      let tuned = tunedPools.get(key);
      if (!tuned) {
        tuned = newPool(` -c default_transaction_read_only=on${pairs.map(([n, v]) => ` -c ${n}=${v}`).join('')}`);
        tunedPools.set(key, tuned);
      }
      const client = await tuned.connect();
      try {
        return await fn(session(client));
      } finally {
        client.release();
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await Promise.all([pool.end(), ...[...tunedPools.values()].map((p) => p.end())]);
    },
  };
}

async function createPglite(options: DatabaseOptions): Promise<Database> {
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.snapshot,
    extensions: PGLITE_EXTENSIONS,
  });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    kind: 'pglite',
    prisma,
    schema: 'public',
    pglite,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    // PGlite is a single connection already.
    withSession: async (fn) =>
      fn({
        exec: async (sql) => {
          await pglite.exec(sql);
        },
        query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
      }),
    // An exclusive transaction: SET LOCAL holds for fn's statements only, and no other caller's
    // statement runs in between (PGlite has one connection).
    withReadOnlySettings: async (settings, fn) => {
      const pairs = settingPairs(settings);
      return pglite.transaction(async (tx) => {
        await tx.exec(['SET TRANSACTION READ ONLY', ...pairs.map(([n, v]) => `SET LOCAL ${n} = ${v}`)].join('; '));
        return fn({
          exec: async (sql) => {
            await tx.exec(sql);
          },
          query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
        });
      });
    },
    close: async () => {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}
