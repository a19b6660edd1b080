import type { DocumentFilters } from '@dp/core';

/**
 * SQL conditions for the document filters on a table alias; parameters are appended to `params`
 * so the caller's own placeholders keep their numbers.
 */
export function filterSql(f: DocumentFilters, alias: string, params: unknown[]): string {
  const where: string[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  if (f.docTypes) where.push(`${alias}.doc_type = ANY(${p(f.docTypes)}::text[])`);
  if (f.effStatuses) where.push(`${alias}.status = ANY(${p(f.effStatuses)}::text[])`);
  if (f.publishedFrom) where.push(`${alias}.published_on >= ${p(f.publishedFrom)}::date`);
  if (f.publishedTo) where.push(`${alias}.published_on <= ${p(f.publishedTo)}::date`);
  if (f.isAmendingAct !== undefined) where.push(`${alias}.is_amending_act = ${p(f.isAmendingAct)}`);
  return where.length ? where.join(' AND ') : 'TRUE';
}
