import { hasErrorCode } from './database-error-code';

/** Whether a write failed on a unique constraint: Prisma's P2002, or PostgreSQL's 23505 from a raw statement. */
export function isUniqueViolation(err: unknown): boolean {
  return hasErrorCode(err, ['P2002', '23505']);
}
