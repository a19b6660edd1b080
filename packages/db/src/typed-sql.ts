import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type InferResult,
  type Selectable,
} from 'kysely';
import type { Database, RawTx } from './client';
import type { DB } from './generated/kysely/types';

/**
 * Statements typed from the schema for code that runs inside a Prisma transaction (the sync's
 * writers): Kysely builds and compiles them (its documented "build here, execute elsewhere"
 * set-up, a dummy driver that never connects), the transaction runs the compiled text with its
 * parameters. `db.kysely` runs on the pool, outside any Prisma transaction; this is its
 * counterpart inside one. The statements are the ones written by hand before, so the plans are too.
 */
export const sqlBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Prisma's interactive transaction, or a raw one (`Database.rawTransaction`). */
type Tx = RawTx;

/** A row of a built statement, as the builder infers it (for naming the rows a helper passes on). */
export type RowOf<Q extends Compilable<unknown>> = InferResult<Q>[number];

/** A table's row as a statement reads it (for raw statements the builder cannot express). */
export type TableRow<T extends keyof DB> = Selectable<DB[T]>;

/** The rows of a built statement, run in `tx`, typed as the builder infers them. */
export function selectIn<Q extends Compilable<unknown>>(tx: Tx, query: Q): Promise<InferResult<Q>> {
  const { sql, parameters } = query.compile();
  return tx.$queryRawUnsafe<InferResult<Q>>(sql, ...parameters);
}

/** A built statement run in `tx` for its effect; the number of rows it touched. */
export function executeIn(tx: Tx, query: Compilable<unknown>): Promise<number> {
  const { sql, parameters } = query.compile();
  return tx.$executeRawUnsafe(sql, ...parameters);
}

/** Where a built statement runs, for readers that serve both the pool and a transaction. */
export type SelectRunner = <Q extends Compilable<unknown>>(query: Q) => Promise<InferResult<Q>>;

/** Built statements run in `tx`. */
export const runIn =
  (tx: Tx): SelectRunner =>
  (query) =>
    selectIn(tx, query);

/** Built statements run on the pool (`db.query`: its time limits and query timer). */
export const runOn =
  (db: Pick<Database, 'query'>): SelectRunner =>
  <Q extends Compilable<unknown>>(query: Q) => {
    const { sql, parameters } = query.compile();
    return db.query(sql, [...parameters]) as Promise<InferResult<Q>>;
  };
