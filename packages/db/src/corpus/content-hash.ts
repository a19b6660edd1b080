import { createHash } from 'node:crypto';

/**
 * Bumped when the importer maps a record to rows differently: every stored hash then differs
 * and the next import rewrites each document once (as an update, without spurious change kinds).
 */
export const IMPORT_FORMAT_VERSION = 1;

/** JSON with object keys sorted at every level and no whitespace: equal records, equal strings. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JSON.stringify maps undefined/functions to undefined; inside objects they are dropped below.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  }
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(obj).sort()) {
    const v = obj[key];
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * sha256 hex of the record as parsed from the JSONL line (not the validated copy), so an
 * unchanged line is recognised before any validation work; stored as document.content_hash.
 */
export function contentHash(record: unknown): string {
  return createHash('sha256').update(`dp-corpus-v${IMPORT_FORMAT_VERSION}\n`).update(canonicalJson(record)).digest('hex');
}
