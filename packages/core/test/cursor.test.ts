import { decodeCursor, encodeCursor, isBigintText } from '../src/cursor';

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
