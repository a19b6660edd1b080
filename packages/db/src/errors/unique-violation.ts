/**
 * Whether a write failed on a unique constraint: Prisma's P2002, or PostgreSQL's 23505 from a raw
 * statement, possibly wrapped (driver adapters put the database's error in `cause`).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (e?.code === 'P2002' || e?.code === '23505') return true;
  return e?.cause !== undefined && e.cause !== err && isUniqueViolation(e.cause);
}
