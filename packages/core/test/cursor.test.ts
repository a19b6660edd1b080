import { z } from 'zod';
import { cursorKind, decodeCursor, encodeCursor, isBigintText } from '../src/cursor';

const anyObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeCursor', () => {
  it('returns what encodeCursor wrote, when the check accepts it', () => {
    const value = { d: 'outgoing', t: 'cites', k: 'sb/2012/89', n: [1, true, 'a\tb'] };
    expect(decodeCursor(encodeCursor(value), anyObject)).toEqual(value);
    expect(decodeCursor(encodeCursor(value), (_v): _v is never => false)).toBeNull();
  });

  it('refuses what does not decode, and a NUL or other control character anywhere once decoded', () => {
    for (const cursor of [
      '%%%',
      Buffer.from('{"a":').toString('base64url'),
      raw({ k: 'a\u0000' }),
      raw({ k: ['x', { deep: '\u0000' }] }),
      raw({ 'k\u0000': 'x' }),
      raw({ k: 'esc\u001b' }),
    ]) {
      expect({ cursor, decoded: decodeCursor(cursor, anyObject) }).toEqual({ cursor, decoded: null });
    }
  });
});

describe('isBigintText', () => {
  it('accepts decimal text of 0 to the largest PostgreSQL bigint only', () => {
    for (const v of ['0', '1', '0009', '9223372036854775807']) expect(isBigintText(v)).toBe(true);
    for (const v of ['9223372036854775808', '9999999999999999999', '99999999999999999999', '-1', '1.0', '', ' 1', 1, null]) {
      expect({ v, ok: isBigintText(v) }).toEqual({ v, ok: false });
    }
  });
});

describe('cursorKind: a cursor declared once as a schema (#39 item 2)', () => {
  const page = cursorKind(
    z.strictObject({ version: z.number().int(), offset: z.number().int().min(0) }),
    z.object({ v: z.number().int(), o: z.number().int().min(0) }).transform(({ v, o }) => ({ version: v, offset: o })),
  );

  it('encodes and decodes its readable fields', () => {
    expect(page.decode(page.encode({ version: 3, offset: 40 }))).toEqual({ version: 3, offset: 40 });
    expect(JSON.parse(Buffer.from(page.encode({ version: 3, offset: 40 }), 'base64url').toString())).toEqual({ version: 3, offset: 40 });
  });

  it("reads the shape issued before into today's, and nothing else", () => {
    expect(page.decode(raw({ v: 3, o: 40 }))).toEqual({ version: 3, offset: 40 });
    for (const bad of [
      raw({ version: 3, offset: -1 }),
      raw({ version: 3, offset: 1, extra: true }),
      raw({ v: 3 }),
      raw([1, 2]),
      raw(null),
      '%%%',
    ]) {
      expect({ bad, decoded: page.decode(bad) }).toEqual({ bad, decoded: null });
    }
    expect(page.decode(raw({ version: 3, offset: 1, note: '\u0000' }))).toBeNull();
  });

  it("without a former shape, only today's reads", () => {
    const plain = cursorKind(z.strictObject({ offset: z.number().int() }));
    expect(plain.decode(raw({ offset: 2 }))).toEqual({ offset: 2 });
    expect(plain.decode(raw({ o: 2 }))).toBeNull();
  });
});
