import { formatIsoDate, isoDay, MAX_INSTANT_MS, MIN_INSTANT_MS, parseIsoDate, parseRfc3339 } from '../src/dates';

describe('isoDay', () => {
  it('formats like formatIsoDate across day boundaries, in any order of instants', () => {
    const instants = [
      '2026-11-22T00:00:00.000Z',
      '2026-11-22T23:59:59.999Z',
      '2026-11-23T00:00:00.000Z',
      '2026-11-22T12:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2024-02-29T13:00:00.000Z',
      '2026-11-23T00:00:00.001Z',
    ].map((s) => new Date(s));
    for (const d of instants) expect(isoDay(d)).toBe(formatIsoDate(d));
  });
});

describe('parseIsoDate', () => {
  it('takes calendar dates of years 0001 to 9999, without rollover', () => {
    for (const d of ['0001-01-01', '0050-06-15', '1999-12-31', '2024-02-29', '9999-12-31']) expect(formatIsoDate(parseIsoDate(d)!)).toBe(d);
    for (const d of ['0000-01-01', '0000-12-31', '2023-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '2024-1-1', '+02024-01-01']) {
      expect({ d, parsed: parseIsoDate(d) }).toEqual({ d, parsed: null });
    }
  });
});

describe('parseRfc3339', () => {
  it('reads the instant, applying the offset, with fractions cut to milliseconds', () => {
    for (const [text, iso] of [
      ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000Z'],
      ['2024-01-01t01:30:00+01:30', '2024-01-01T00:00:00.000Z'],
      ['2024-01-01 00:00:00.123456789-00:01', '2024-01-01T00:01:00.123Z'],
      ['2024-02-29T23:59:59.5z', '2024-02-29T23:59:59.500Z'],
      ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
      ['0001-01-01T14:00:00+14:00', '0001-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      ['9999-12-31T09:59:59.999-14:00', '9999-12-31T23:59:59.999Z'],
    ]) {
      expect({ text, iso: parseRfc3339(text)?.toISOString() }).toEqual({ text, iso });
    }
    expect(parseRfc3339('0001-01-01T00:00:00Z')!.getTime()).toBe(MIN_INSTANT_MS);
    expect(parseRfc3339('9999-12-31T23:59:59.999Z')!.getTime()).toBe(MAX_INSTANT_MS);
  });

  it('refuses instants outside 0001-9999 (also once the offset is applied) and what Date would roll over', () => {
    for (const text of [
      '0000-01-01T00:00:00Z',
      '0000-12-31T23:59:59Z',
      '0001-01-01T00:00:00+14:00',
      '0001-01-01T00:00:00.000+00:01',
      '9999-12-31T23:59:59-14:00',
      '9999-12-31T23:59:59.999-00:01',
      '2024-02-30T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:60:00Z',
      '2024-01-01T23:59:60Z',
      '2024-01-01T00:00:00+24:00',
      '2024-01-01T00:00:00+01:60',
      '2024-01-01T00:00:00',
      '2024-01-01T00:00:00.Z',
      '+010000-01-01T00:00:00Z',
    ]) {
      expect({ text, parsed: parseRfc3339(text) }).toEqual({ text, parsed: null });
    }
  });

  it('gives instants PostgreSQL reads back: toISOString always has a four-digit year', () => {
    for (let i = 0; i < 500; i++) {
      const t = MIN_INSTANT_MS + Math.floor(((MAX_INSTANT_MS - MIN_INSTANT_MS) * i) / 499);
      const iso = new Date(t).toISOString();
      expect(parseRfc3339(iso)?.toISOString()).toBe(iso);
      expect(iso).toMatch(/^\d{4}-/);
    }
  });
});
