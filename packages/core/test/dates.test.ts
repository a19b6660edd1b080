import { formatIsoDate, isoDay } from '../src/dates';

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
