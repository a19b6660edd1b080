import { newId } from '@dp/core';
import { isUniqueViolation, runOn, sqlBuilder, type Database, type TableRow } from '@dp/db';

export interface PaymentRecord {
  nonce: string;
  payer: string;
  resource: string;
  documentId: string;
  network: string;
  /** Empty while the payment is reserved but not yet settled by the facilitator. */
  txRef: string;
}

export interface NewPayment {
  nonce: string;
  payer: string;
  resource: string;
  documentId: string;
  network: string;
  amountAtomic: bigint;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  capAtomic: bigint;
  /** Known before reserving when the facilitator settles offline: the row is recorded settled. */
  txRef?: string;
}

export type ReserveOutcome = 'reserved' | 'cap_reached' | 'duplicate';

/**
 * The durable payment store (x402_payment + x402_daily_total): replay memory and the daily total
 * live here so they hold across instances and restarts. A payment is reserved (counted against the
 * cap, nonce taken) before the facilitator settles it, and released again if settling fails.
 */
export function createPaymentStore(db: Database, options: { capCheckTtlMs?: number } = {}) {
  // The challenge says whether the day's cap is reached, from memory only: a challenge needs no
  // payment data and never waits on the database (a frozen one included). A reading older than
  // capCheckTtlMs is refreshed in the background (one read at a time); each reservation here
  // updates it from the total it wrote. Settling always asks the database (reserve), so a stale
  // or missing reading never charges or refuses a payment.
  const capCheckTtlMs = options.capCheckTtlMs ?? 1_000;
  // Built statements run through db.query: its time limits and query timer, as every other read here.
  const run = runOn(db);
  let capMemo: { day: string; total: bigint; until: number } | undefined;
  let reading: Promise<void> | undefined;
  const refreshCap = (day: string) => {
    reading ??= run(
      sqlBuilder
        .selectFrom('x402_daily_total')
        .select((eb) => eb.cast<string>('total_atomic', 'text').as('total'))
        .where('day', '=', (eb) => eb.cast<Date>(eb.val(day), 'date')),
    )
      .then(
        (rows) => {
          capMemo = { day, total: BigInt(rows[0]?.total ?? '0'), until: Date.now() + capCheckTtlMs };
        },
        () => {}, // unreadable now: the next challenge asks again
      )
      .finally(() => (reading = undefined));
  };
  return {
    /**
     * Whether one more payment of `amountAtomic` would exceed `capAtomic` on `day` (UTC,
     * YYYY-MM-DD), as last read; false before the first reading of the day.
     */
    capReached(day: string, amountAtomic: bigint, capAtomic: bigint): boolean {
      if (amountAtomic > capAtomic) return true;
      const memo = capMemo?.day === day ? capMemo : undefined;
      if (!memo || Date.now() >= memo.until) refreshCap(day);
      return memo !== undefined && memo.total + amountAtomic > capAtomic;
    },

    /** Waits for a background reading of the cap under way, if any (tests). */
    async capSettled(): Promise<void> {
      await reading;
    },

    async findByNonce(nonce: string): Promise<PaymentRecord | null> {
      const rows = await run(
        sqlBuilder
          .selectFrom('x402_payment')
          .select(['nonce', 'payer', 'resource', 'document_id', 'network', 'tx_ref'])
          .where('nonce', '=', nonce),
      );
      const r = rows[0];
      return r
        ? { nonce: r.nonce, payer: r.payer, resource: r.resource, documentId: r.document_id, network: r.network, txRef: r.tx_ref }
        : null;
    },

    /**
     * One statement, hence one transaction: the day's total grows only if it stays within the cap
     * (the upsert's WHERE is re-checked against the latest row under concurrency), and the payment
     * row is inserted only if the total grew. A duplicate nonce violates the UNIQUE index, which
     * aborts the statement and with it the increment.
     */
    async reserve(p: NewPayment): Promise<ReserveOutcome> {
      try {
        // Raw, typed from the tables: the cap's guarantee is this one statement's shape (an upsert
        // whose WHERE re-checks the cap, feeding the insert), kept as reviewed rather than rebuilt.
        const rows = await db.query<Pick<TableRow<'x402_payment'>, 'id'> & { total: TableRow<'x402_daily_total'>['total_atomic'] }>(
          `WITH bump AS (
             INSERT INTO x402_daily_total AS t (day, total_atomic, payment_count)
             SELECT $1::date, $2::bigint, 1 WHERE $2::bigint <= $3::bigint
             ON CONFLICT (day) DO UPDATE
               SET total_atomic = t.total_atomic + EXCLUDED.total_atomic, payment_count = t.payment_count + 1
               WHERE t.total_atomic + EXCLUDED.total_atomic <= $3::bigint
             RETURNING t.day, t.total_atomic
           )
           INSERT INTO x402_payment (id, nonce, payer, resource, document_id, amount_atomic, network, tx_ref, day)
           SELECT $4, $5, $6, $7, $8, $2::bigint, $9, $10, bump.day FROM bump
           RETURNING id, (SELECT total_atomic::text FROM bump) AS total`,
          [
            p.day,
            p.amountAtomic.toString(),
            p.capAtomic.toString(),
            newId('pay'),
            p.nonce,
            p.payer,
            p.resource,
            p.documentId,
            p.network,
            p.txRef ?? '',
          ],
        );
        if (rows.length === 1) {
          capMemo = { day: p.day, total: BigInt(rows[0].total), until: Date.now() + capCheckTtlMs };
          return 'reserved';
        }
        // Full for a payment of this amount: remembered as such until the next reading.
        capMemo = { day: p.day, total: p.capAtomic - p.amountAtomic + 1n, until: Date.now() + capCheckTtlMs };
        return 'cap_reached';
      } catch (err) {
        if (isUniqueViolation(err)) return 'duplicate';
        throw err;
      }
    },

    async confirm(nonce: string, txRef: string): Promise<void> {
      await db.query('UPDATE x402_payment SET tx_ref = $2 WHERE nonce = $1', [nonce, txRef]);
    },

    /** Undoes a reservation whose settlement failed: the row goes and the total shrinks, atomically. */
    async release(nonce: string): Promise<void> {
      await db.query(
        `WITH gone AS (DELETE FROM x402_payment WHERE nonce = $1 AND tx_ref = '' RETURNING day, amount_atomic)
         UPDATE x402_daily_total t
            SET total_atomic = t.total_atomic - gone.amount_atomic, payment_count = t.payment_count - 1
           FROM gone WHERE t.day = gone.day`,
        [nonce],
      );
    },
  };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
