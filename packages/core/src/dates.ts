const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a calendar date `YYYY-MM-DD` strictly (no rollover: 2024-02-30 is rejected). */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
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

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseRfc3339(value: string): Date | null {
  if (!RFC3339.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
