import { hasErrorCode } from './database-error-code';

/**
 * Whether a transaction failed only because of a concurrent one and can simply be run again:
 * PostgreSQL's deadlock_detected (40P01) or serialization_failure (40001), or Prisma's P2034.
 */
export function isTransientConflict(err: unknown): boolean {
  return hasErrorCode(err, ['40P01', '40001', 'P2034']);
}
