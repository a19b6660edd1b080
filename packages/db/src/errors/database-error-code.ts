/**
 * Whether an error carries one of `codes` (PostgreSQL SQLSTATEs or Prisma's P-codes) anywhere in
 * the shapes it arrives in: node-postgres' `code`; Prisma's `code` (P2010 for a raw statement),
 * whose driver adapter error sits in `meta.driverAdapterError` with the SQLSTATE as
 * `cause.originalCode`; and any `cause` chain.
 */
export function hasErrorCode(err: unknown, codes: readonly string[]): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length) {
    const e = pending.pop() as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } } | null;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (typeof e.code === 'string' && codes.includes(e.code)) return true;
    if (typeof e.originalCode === 'string' && codes.includes(e.originalCode)) return true;
    pending.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}
