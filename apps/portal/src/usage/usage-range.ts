import { formatIsoDate, parseIsoDate, todayUtc } from '@dp/core';
import type { FieldError } from '../views/forms';

export const RANGE_PRESETS = ['7', '30', '90'] as const;
export type RangeChoice = (typeof RANGE_PRESETS)[number] | 'custom';

/** The longest custom range: a year (and a leap day), so a page and a CSV stay a sensible size. */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export interface UsageRangeInput {
  range: string;
  from: string;
  to: string;
}

export interface UsageRange {
  choice: RangeChoice;
  /** Inclusive UTC days. */
  from: Date;
  to: Date;
  days: number;
}

export type ParsedUsageRange = { ok: true; range: UsageRange } | { ok: false; choice: RangeChoice; errors: FieldError[] };

/**
 * The usage page's period: the last 7, 30 or 90 days (today included, UTC), or a custom from/to
 * of calendar dates. Custom dates must be real dates, in order, not after today and at most
 * MAX_RANGE_DAYS apart; each problem names its field. No range given: the last 30 days.
 */
export function parseUsageRange(input: UsageRangeInput, now = new Date()): ParsedUsageRange {
  const today = todayUtc(now);
  let choice: RangeChoice;
  if (!input.range) choice = input.from || input.to ? 'custom' : '30';
  else if (input.range === 'custom' || (RANGE_PRESETS as readonly string[]).includes(input.range)) choice = input.range as RangeChoice;
  else return { ok: false, choice: '30', errors: [{ field: 'range-30', message: 'Choose the last 7, 30 or 90 days, or a custom range' }] };
  if (choice !== 'custom') {
    const days = Number(choice);
    return { ok: true, range: { choice, from: new Date(today.getTime() - (days - 1) * DAY_MS), to: today, days } };
  }
  const errors: FieldError[] = [];
  const from = input.from ? parseIsoDate(input.from) : null;
  const to = input.to ? parseIsoDate(input.to) : null;
  if (!input.from) errors.push({ field: 'from', message: 'Enter the first day of the range' });
  else if (!from) errors.push({ field: 'from', message: 'Enter the first day as a real date, like 2026-01-31' });
  if (!input.to) errors.push({ field: 'to', message: 'Enter the last day of the range' });
  else if (!to) errors.push({ field: 'to', message: 'Enter the last day as a real date, like 2026-01-31' });
  else if (to > today) errors.push({ field: 'to', message: `The last day cannot be after today (${formatIsoDate(today)})` });
  if (from && to && !errors.length) {
    if (from > to) errors.push({ field: 'from', message: 'The first day must be on or before the last day' });
    else if ((to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_RANGE_DAYS) {
      errors.push({ field: 'from', message: `A range can be at most ${MAX_RANGE_DAYS} days long` });
    }
  }
  if (errors.length || !from || !to) return { ok: false, choice, errors };
  return { ok: true, range: { choice, from, to, days: (to.getTime() - from.getTime()) / DAY_MS + 1 } };
}

/** The query string that selects a range again (links, the CSV download). */
export function rangeQuery(r: UsageRange): string {
  return r.choice === 'custom' ? `range=custom&from=${formatIsoDate(r.from)}&to=${formatIsoDate(r.to)}` : `range=${r.choice}`;
}
