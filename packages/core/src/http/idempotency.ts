import { invalidRequest } from '../errors';

/** The request field naming an idempotency key (draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer replayed from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** Methods whose requests take an idempotency key. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE']);
/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * The key of an `Idempotency-Key` value: 1 to 255 visible ASCII characters, sent bare (as Stripe's
 * clients do) or as the draft's structured-field string (`"…"`). Anything else is a 400.
 */
export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const raw = Array.isArray(value) ? value.join(',') : value.trim();
  const key = /^"[^"\\]*"$/.test(raw) ? raw.slice(1, -1) : raw;
  if (!key.length || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw invalidRequest([
      {
        field: IDEMPOTENCY_KEY_HEADER,
        problem: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (a UUID, for example)`,
      },
    ]);
  }
  return key;
}
