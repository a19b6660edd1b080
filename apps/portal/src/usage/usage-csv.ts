import type { UsageBreakdown } from '@dp/db';

export const USAGE_CSV_COLUMNS = ['day', 'key_id', 'key_prefix', 'key_name', 'operation', 'status', 'requests', 'units'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. Text a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first: OWASP "CSV injection") gets a
 * leading apostrophe; key names are the only free text and are user-chosen.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Every usage line of the range, one row per day, key, operation and HTTP status, CRLF line ends.
 * Lines counted before usage was recorded per key have empty key and status fields.
 */
export function usageCsv(b: UsageBreakdown): string {
  const rows = b.lines.map((l) =>
    [l.day, l.key?.id ?? null, l.key?.prefix ?? null, l.key?.name ?? null, l.operation, l.status, l.requests, l.units]
      .map(csvField)
      .join(','),
  );
  return [USAGE_CSV_COLUMNS.join(','), ...rows].map((r) => `${r}\r\n`).join('');
}
