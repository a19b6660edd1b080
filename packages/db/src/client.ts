import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import { PrismaClient } from './generated/client';
import { DatabaseLiveness } from './health/liveness';
import { arrayTypes } from './array-types';
import type { DB } from './generated/kysely/types';
import { listenForNotifications, type NotificationHandlers, type NotificationListener } from './notify/listener';

export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The raw statements a writer runs in its transaction: Prisma's interactive transaction client
 * has them, and so has `Database.rawTransaction`'s (rows as pg returns them: the writers read
 * text, booleans and int4 only).
 */
export interface RawTx {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** A Prisma client plus the raw SQL access migrations and bulk jobs need (always PostgreSQL). */
export interface Database {
  readonly prisma: PrismaClient;
  /**
   * Raw SQL typed from the schema: Kysely over the same pool (its time limits; timed for
   * `/metrics` like `query`), its tables' types generated from schema.prisma (prisma-kysely).
   * For read-side SQL Prisma cannot express; `query` remains for statements Kysely cannot.
   */
  readonly kysely: Kysely<DB>;
  /** Postgres schema the tables live in (tests isolate themselves with one schema each). */
  readonly schema: string;
  /** Runs a script of one or more statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised query. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one dedicated connection (BEGIN/COMMIT across calls need that with a pool). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction on a connection of the pool, rolled back when fn throws; its
   * statements go to pg directly. For writers whose parameters carry megabytes (the corpus
   * import): Prisma's raw calls serialise every parameter to JSON and parse it back, and capture
   * a stack per call.
   */
  rawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>;
  /**
   * Runs fn on a read-only connection with these planner settings (search runs with
   * enable_seqscan off): a pool of its own whose connections start with the settings, so a call
   * costs no extra round trips. Its statements are prepared once per connection (by name), so
   * PostgreSQL parses each of the search's long statements once, not per call; with
   * `plan_cache_mode: 'force_custom_plan'` among the settings each call is still planned for its
   * own values.
   */
  withReadOnlySettings<T>(settings: PlannerSettings, fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /** LISTEN on a channel over a connection of its own (reconnects; see listenForNotifications). */
  listen(channel: string, handlers: NotificationHandlers): Promise<NotificationListener>;
  /** Connections of the main pool right now (for `/metrics`). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Times every `query` and session query from now on (for `/metrics`); one observer at a time. */
  observeQueries(observer: (seconds: number, ok: boolean) => void): void;
  close(): Promise<void>;
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

/** A connection's start-up options for settings (names and values checked by `settingPairs`). */
const asOptions = (settings: PlannerSettings): string =>
  settingPairs(settings)
    .map(([n, v]) => ` -c ${n}=${v}`)
    .join('');

export interface DatabaseOptions {
  /** postgres:// URL (DATABASE_URL, or the embedded server's). `?schema=` selects the schema. */
  url?: string;
  /** Overrides the schema named in the URL. */
  schema?: string;
  poolSize?: number;
  /**
   * Longest a statement may run, and a call may wait for its answer, before it fails (a stuck
   * or unreachable database then answers an error, never a hang). 0 = no limit (bulk jobs).
   */
  queryTimeoutMs?: number;
  /** Every connection read only (`default_transaction_read_only`): a writing statement fails. */
  readOnly?: boolean;
  /**
   * Settings every connection of the pools takes at start-up (`-c name=value`): what a caller
   * wants of its own sessions only (a test file's database: `synchronous_commit`).
   */
  sessionSettings?: PlannerSettings;
  /**
   * Longest a call waits to be handed a connection (a pool slot, or a new connection's start-up);
   * default: the query time limit (services: the liveness guard fails a start-up the server never
   * answers promptly), a fixed bound without a limit (bulk jobs).
   */
  connectTimeoutMs?: number;
}

/** What services use when they do not say: long enough for any request's SQL. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

/**
 * A request's interactive transaction (a webhook's create or edit, a sign-up): it waits for a
 * connection and runs as long as a statement may, as the pool's own calls do. Prisma's shorter
 * defaults expired a burst of creates queued on one organization's row lock (a 500 on a loaded
 * machine); past this bound the error is a busy server's, answered 503.
 */
export const REQUEST_TRANSACTION = { maxWait: DEFAULT_QUERY_TIMEOUT_MS, timeout: DEFAULT_QUERY_TIMEOUT_MS } as const;

/** How long a bulk job (no statement limit) waits for a new connection before it fails. */
export const BULK_CONNECT_TIMEOUT_MS = 60_000;

function splitSchema(url: string): { url: string; schema?: string } {
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? undefined;
  u.searchParams.delete('schema'); // pg would send it to the server as a startup parameter
  return { url: u.toString(), schema };
}

/**
 * Statements a session prepares (by name, once per connection) are bounded: their texts are the
 * code's own SQL shapes, never a value, but should one ever carry a value the rest run unnamed
 * instead of filling each connection with prepared statements.
 */
const MAX_PREPARED_STATEMENTS = 500;
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `dp_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

const SAFE_IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (!options.url) {
    throw new Error('no database URL: set DATABASE_URL, or run `npm start`, which serves the embedded PostgreSQL');
  }
  const split = splitSchema(options.url);
  const schema = options.schema ?? split.schema ?? 'public';
  const timeout = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  if (!SAFE_IDENT.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const sessionOptions = asOptions(options.sessionSettings ?? {});
  // With a time limit (services), a server that stops answering fails calls within ~2 s (the
  // guard probes it); bulk jobs (no limit) wait for it as they wait for any statement.
  const liveness = timeout > 0 ? new DatabaseLiveness(split.url) : undefined;
  const newPool = (extraOptions = '') => {
    const p = new Pool({
      connectionString: split.url,
      ...(liveness ? { Client: liveness.clientClass() } : {}),
      max: options.poolSize ?? 10,
      // A busy pool is not a dead server: a burst waits its turn as long as a statement may run;
      // a start-up that never completes is the liveness guard's to fail (it watches connect too).
      // Bulk jobs wait for a connection as for a statement: a server slow to fork a backend on a
      // loaded machine must not fail a document of a sync.
      connectionTimeoutMillis: options.connectTimeoutMs ?? (timeout > 0 ? timeout : BULK_CONNECT_TIMEOUT_MS),
      idleTimeoutMillis: 30_000,
      types: arrayTypes,
      // Server side and client side: a runaway statement is cancelled, and a silent server
      // (network black hole) fails the call; pg-pool then discards that connection.
      ...(timeout > 0 ? { statement_timeout: timeout, query_timeout: timeout + 1_000 } : {}),
      // Unqualified names (our tables first, then extensions installed in public) resolve here.
      options: `-c search_path=${schema},public${options.readOnly ? ' -c default_transaction_read_only=on' : ''}${sessionOptions}${extraOptions}`,
    });
    // A dropped idle connection must not crash the process; the next query gets a fresh one.
    p.on('error', () => {});
    return p;
  };
  const pool = newPool();
  const tunedPools = new Map<string, Pool>();
  let observer: ((seconds: number, ok: boolean) => void) | undefined;
  // Untimed until an observer is set: then one clock read before and after each statement.
  const timed = <R>(run: () => Promise<R>): Promise<R> => {
    if (!observer) return run();
    const seen = observer;
    const startedAt = performance.now();
    return run().then(
      (r) => {
        seen((performance.now() - startedAt) / 1000, true);
        return r;
      },
      (err: unknown) => {
        seen((performance.now() - startedAt) / 1000, false);
        throw err;
      },
    );
  };
  /** fn on one connection of the pool; a failed one may be mid-transaction or mid-answer, so the pool drops it. */
  const onConnection = async <T>(fn: (client: PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      return await fn(client);
    } catch (err) {
      failure = err as Error;
      throw err;
    } finally {
      client.release(failure);
    }
  };
  const session = (client: PoolClient, prepared = false): SqlSession => ({
    exec: async (sql) => {
      await timed(() => client.query(sql));
    },
    query: async <T>(sql: string, params: unknown[] = []) => {
      const name = prepared ? statementName(sql) : undefined;
      return (await timed(() => (name ? client.query({ name, text: sql, values: params }) : client.query(sql, params)))).rows as T[];
    },
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
  const kysely = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => observer?.(event.queryDurationMillis / 1000, event.level === 'query'),
  });
  return {
    prisma,
    kysely,
    schema,
    exec: async (sql) => {
      await timed(() => pool.query(sql));
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await timed(() => pool.query(sql, params))).rows as T[],
    withSession: (fn) => onConnection((client) => fn(session(client))),
    rawTransaction: (fn) =>
      onConnection(async (client) => {
        await client.query('BEGIN');
        const tx: RawTx = {
          $queryRawUnsafe: async <T>(sql: string, ...values: unknown[]) => (await timed(() => client.query(sql, values))).rows as T,
          $executeRawUnsafe: async (sql, ...values) => (await timed(() => client.query(sql, values))).rowCount ?? 0,
        };
        try {
          const result = await fn(tx);
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      }),
    withReadOnlySettings: async (settings, fn) => {
      const pairs = settingPairs(settings);
      const key = JSON.stringify(pairs);
      let tuned = tunedPools.get(key);
      if (!tuned) {
        tuned = newPool(` -c default_transaction_read_only=on${asOptions(settings)}`);
        tunedPools.set(key, tuned);
      }
      const client = await tuned.connect();
      try {
        return await fn(session(client, true));
      } finally {
        client.release();
      }
    },
    listen: (channel, handlers) => listenForNotifications(split.url, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    observeQueries: (fn) => {
      observer = fn;
    },
    close: async () => {
      liveness?.close();
      await prisma.$disconnect();
      await Promise.all([pool.end(), ...[...tunedPools.values()].map((p) => p.end())]);
    },
  };
}
