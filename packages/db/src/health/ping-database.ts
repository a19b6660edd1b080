import type { Database } from '../client';

/**
 * Whether the database answers `SELECT 1` within timeoutMs. Readiness checks use it: a stuck
 * database makes them answer "not ready" quickly instead of hanging with the request.
 */
/** How long `/readyz` waits for PostgreSQL's answer before calling it down. */
export const PING_TIMEOUT_MS = 2_000;

export async function pingDatabase(db: Database, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `/readyz`'s database check: down when PostgreSQL does not answer within PING_TIMEOUT_MS. */
export async function databaseCheck(db: Database): Promise<{ status: 'ok' | 'down'; reason?: string }> {
  return (await pingDatabase(db))
    ? { status: 'ok' }
    : { status: 'down', reason: `PostgreSQL did not answer SELECT 1 within ${PING_TIMEOUT_MS / 1000} s` };
}
