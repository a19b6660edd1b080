const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instants every part of the system can hold: JavaScript's Date, PostgreSQL's date and
 * timestamptz, and `toISOString`, which writes a year outside 0001–9999 as `+010000` or
 * `0000`, neither of which PostgreSQL reads. 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
 */
export const MIN_INSTANT_MS = -62_135_596_800_000;
export const MAX_INSTANT_MS = 253_402_300_799_999;

/**
 * Parses a calendar date `YYYY-MM-DD` strictly: no rollover (2024-02-30 is rejected), years
 * 0001 to 9999 (year 0000 is no date PostgreSQL knows).
 */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DATE.exec(value);
  if (!m || m[1] === '0000') return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return formatIsoDate(d) === value ? d : null;
}

export function formatIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
let lastDay = { start: 0, end: 0, iso: '1970-01-01' };

/**
 * formatIsoDate, remembering the last UTC day it formatted: metering and quota checks format the
 * current day on every request, and toISOString showed in profiles of the document read.
 */
export function isoDay(d: Date): string {
  const t = d.getTime();
  if (t >= lastDay.start && t < lastDay.end) return lastDay.iso;
  const start = Math.floor(t / DAY_MS) * DAY_MS;
  lastDay = { start, end: start + DAY_MS, iso: formatIsoDate(new Date(start)) };
  return lastDay.iso;
}

export function todayUtc(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function startOfMonthUtc(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function startOfNextMonthUtc(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * Parses an RFC 3339 timestamp (`2024-01-01T00:00:00Z`, `…T01:00:00.5+01:00`) strictly: a real
 * calendar date, hours 00–23, minutes and seconds 00–59 (no leap second), an offset up to 23:59,
 * and an instant within MIN_INSTANT_MS..MAX_INSTANT_MS once the offset is applied
 * (`0001-01-01T00:00:00+14:00` is a moment of year 0). Fractions beyond milliseconds are cut.
 * Null for anything else: every caller can send the result to PostgreSQL as `toISOString()`.
 */
export function parseRfc3339(value: string): Date | null {
  const m = RFC3339.exec(value);
  if (!m) return null;
  const day = parseIsoDate(m[1]);
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (!day || hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[6]) {
    const [offsetHours, offsetMins] = [Number(m[7]), Number(m[8])];
    if (offsetHours > 23 || offsetMins > 59) return null;
    offsetMinutes = (m[6] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const millis = m[5] ? Number(m[5].slice(0, 3).padEnd(3, '0')) : 0;
  const ms = day.getTime() + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millis;
  return ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS ? null : new Date(ms);
}
