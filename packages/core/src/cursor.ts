import type { z } from 'zod';
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

/** One kind of cursor: what it holds, declared once as a zod schema; `decode` gives null for anything else. */
export interface CursorKind<T> {
  encode(value: T): string;
  decode(raw: string): T | null;
}

/**
 * A kind of cursor from its schema (readable field names). `legacy`: the shape the same kind was
 * issued in before, read into today's, so a client paging across a deploy keeps its place.
 */
export function cursorKind<S extends z.ZodType>(schema: S, legacy?: z.ZodType<NoInfer<z.output<S>>, unknown>): CursorKind<z.output<S>> {
  const accepts = (v: unknown): v is z.output<S> => schema.safeParse(v).success;
  return {
    encode: (value) => encodeCursor(value),
    decode: (raw) => {
      const v = decodeCursor(raw, (_any): _any is unknown => true);
      if (v === null) return null;
      const now = schema.safeParse(v);
      if (now.success) return now.data;
      const before = legacy?.safeParse(v);
      return before?.success && accepts(before.data) ? before.data : null;
    },
  };
}

const INT8_MAX = 9_223_372_036_854_775_807n;

/** A non-negative PostgreSQL bigint written in decimal (`"0"` to `"9223372036854775807"`). */
export function isBigintText(v: unknown): v is string {
  return typeof v === 'string' && /^\d{1,19}$/.test(v) && BigInt(v) <= INT8_MAX;
}
