import { hasPrefix, newId, randomBase62 } from '../src/ids';

describe('ids', () => {
  it('rejects bytes ≥ 248 so every base62 character is equally likely', () => {
    const bytes = [248, 255, 0, 61, 62, 247];
    const source = (n: number) => Uint8Array.from(bytes.splice(0, n));
    // 248 and 255 are skipped; 0 → '0', 61 → 'z', 62 → '0'.
    expect(randomBase62(3, source)).toBe('0z0');
  });

  it('keeps drawing until the string is long enough', () => {
    let calls = 0;
    const source = (n: number) => {
      calls++;
      return new Uint8Array(n).fill(calls === 1 ? 250 : 1);
    };
    expect(randomBase62(4, source)).toBe('1111');
    expect(calls).toBe(2);
  });

  it('mints distinct, prefixed, sortable ids across many refills of the byte pool', () => {
    const ids = Array.from({ length: 2_000 }, () => newId('req'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(hasPrefix(id, 'req')).toBe(true);
      expect(id).toMatch(/^req_[0-9a-z]{9}[0-9A-Za-z]{14}$/);
    }
    // The random parts of consecutive ids share no bytes: the pool hands out disjoint slices.
    expect(new Set(ids.map((id) => id.slice(-14))).size).toBe(ids.length);
  });
});
