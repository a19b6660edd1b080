import { findControlCharacter } from './http/input';

/**
 * Opaque paging cursors, one way for every endpoint: base64url JSON, validated on the way back
 * in. A client can forge one, so what comes back is input like any other.
 */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * The cursor's value when it decodes and `valid` accepts it, else null (the caller answers 400
 * naming its parameter). A value holding a control character (NUL: PostgreSQL refuses it in
 * text) is refused here, before `valid`, so no endpoint can pass one on to a query.
 */
export function decodeCursor<T>(raw: string, valid: (v: unknown) => v is T): T | null {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
  if (findControlCharacter(v, 'cursor') !== undefined) return null;
  return valid(v) ? v : null;
}

const INT8_MAX = 9_223_372_036_854_775_807n;

/** A non-negative PostgreSQL bigint written in decimal (`"0"` to `"9223372036854775807"`). */
export function isBigintText(v: unknown): v is string {
  return typeof v === 'string' && /^\d{1,19}$/.test(v) && BigInt(v) <= INT8_MAX;
}
