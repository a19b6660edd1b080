import { nameKey } from '@dp/core';
import type { Database } from '../client';
import type { TableRow } from '../typed-sql';
import { parseProvisions } from '@dp/czech-law';
import type { ProvisionNode } from '../provisions/provision-tree';
import { collectionCitation } from '@dp/czech-law';
import { isAmendingTitle } from '@dp/czech-law';
import { citedNames, cleanName, titleShortNames } from './names-in-titles';
import type { RawTx } from '../client';

type Tx = RawTx;

/**
 * The version of the rules below: documents whose aliases were written by an older one are
 * written again by the backfill (backfillSearchAliases). Raise it when the rules change.
 */
export const SEARCH_ALIAS_VERSION = 1;

/**
 * What names an act, for search (#25; table search_alias, migration 20261126020000):
 * - `short`: its own short name, in its title's parentheses ("(insolvenční zákon)"), or the
 *   "Zákon <name>" of a code ("Zákon trestní zákoník");
 * - `cited`: a name another title or citation gives it next to its number ("kterým se mění zákon
 *   č. 21/1992 Sb., o bankách");
 * - `heading`: a heading of one of its § / articles ("Krádež" for § 205 of the Criminal Code).
 */
export type SearchAliasKind = 'short' | 'cited' | 'heading';

export interface SearchAlias {
  targetKey: string;
  kind: SearchAliasKind;
  /** The name as czech-text.ts nameKey writes it (sorted stems, without "zákon"). */
  key: string;
}

export interface AliasSource {
  naturalKey: string;
  title: string;
  citation: string | null;
  /** The current text (Markdown). */
  text: string;
  /** The current text's provisions when the writer has parsed it already (the sync): not parsed again. */
  provisions?: readonly Pick<ProvisionNode, 'kind' | 'heading'>[];
}

/** Headings that tell a topic: a few words, no numbers (as the derived evaluation reads them). */
function usableHeading(h: string): string | null {
  const name = cleanName(h).replace(/[.:;]$/u, '');
  const words = name.split(' ').length;
  return name.length >= 5 && words <= 10 && /^\p{Lu}/u.test(name) && !/\d|§|\(/u.test(name) ? name : null;
}

/** The aliases a document's title, citation and text give (itself or the acts it cites), de-duplicated. */
export function searchAliasesOf(doc: AliasSource): SearchAlias[] {
  const out = new Map<string, SearchAlias>();
  const add = (targetKey: string, kind: SearchAliasKind, name: string) => {
    const key = nameKey(name);
    if (key) out.set(`${targetKey} ${kind} ${key}`, { targetKey, kind, key });
  };
  // An amending act's parentheses name the act it amends, and its quoted § headings are that act's.
  const amending = isAmendingTitle(doc.title);
  if (!amending) for (const name of titleShortNames(doc.title)) add(doc.naturalKey, 'short', name);
  for (const text of [doc.title, doc.citation ?? '']) {
    for (const c of citedNames(text)) {
      const target = collectionCitation(c.doc_number);
      if (target && target.naturalKey !== doc.naturalKey) for (const name of c.names) add(target.naturalKey, 'cited', name);
    }
  }
  if (!amending) {
    // The parser leaves quoted (amending) text out; section and article headings only.
    for (const p of doc.provisions ?? parseProvisions(doc.text).provisions) {
      if ((p.kind !== 'section' && p.kind !== 'article') || !p.heading) continue;
      const h = usableHeading(p.heading);
      if (h) add(doc.naturalKey, 'heading', h);
    }
  }
  return [...out.values()];
}

const WRITE_ALIASES_SQL = `
WITH gone AS (DELETE FROM "search_alias" WHERE document_id = ANY($1::text[]))
INSERT INTO "search_alias" (document_id, target_key, kind, key)
SELECT a.document_id, a.target_key, a.kind, a.key
FROM jsonb_to_recordset($2::jsonb) AS a(document_id text, target_key text, kind text, key text)`;

const MARK_SOURCES_SQL = `
INSERT INTO "search_alias_source" (document_id, version)
SELECT unnest($1::text[]), $2::int
ON CONFLICT (document_id) DO UPDATE SET version = excluded.version`;

async function writeAliases(run: (sql: string, ...params: unknown[]) => Promise<unknown>, docs: (AliasSource & { id: string })[]) {
  const ids = docs.map((d) => d.id);
  const rows = docs.flatMap((d) =>
    searchAliasesOf(d).map((a) => ({ document_id: d.id, target_key: a.targetKey, kind: a.kind, key: a.key })),
  );
  // The DELETE in the CTE runs even when nothing is inserted; a CTE's delete and the insert do not
  // see each other's rows, so the document's new rows are not deleted.
  await run(WRITE_ALIASES_SQL, ids, JSON.stringify(rows));
  await run(MARK_SOURCES_SQL, ids, SEARCH_ALIAS_VERSION);
}

/** Replaces the aliases a document gives, in the writer's transaction (import and sync call it). */
export async function writeSearchAliases(tx: Tx, doc: AliasSource & { id: string }): Promise<void> {
  await writeAliases((sql, ...params) => tx.$executeRawUnsafe(sql, ...params), [doc]);
}

/**
 * Writes the aliases of every document that has none by the current rules (written before the
 * migration, or by an older SEARCH_ALIAS_VERSION), `batch` documents per transaction. Run by
 * `pnpm cli search-signals` and at the end of every sync and import, so an existing database gets
 * them either way; when nothing is missing it is one small query. Returns the documents written.
 */
export async function backfillSearchAliases(db: Database, options: { batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? 100;
  let written = 0;
  for (;;) {
    const ids = await db.query<Pick<TableRow<'document'>, 'id'>>(
      `SELECT d.id FROM "document" d LEFT JOIN "search_alias_source" s ON s.document_id = d.id
       WHERE s.document_id IS NULL OR s.version <> $1 ORDER BY d.id LIMIT $2`,
      [SEARCH_ALIAS_VERSION, batch],
    );
    if (!ids.length) return written;
    await db.prisma.$transaction(
      async (tx) => {
        const docs = await tx.$queryRawUnsafe<Pick<TableRow<'document'>, 'id' | 'natural_key' | 'title' | 'citation' | 'text'>[]>(
          'SELECT id, natural_key, title, citation, text FROM "document" WHERE id = ANY($1::text[]) FOR KEY SHARE',
          ids.map((r) => r.id),
        );
        await writeAliases(
          (sql, ...params) => tx.$executeRawUnsafe(sql, ...params),
          docs.map((d) => ({ id: d.id, naturalKey: d.natural_key, title: d.title, citation: d.citation, text: d.text })),
        );
      },
      { timeout: 300_000, maxWait: 300_000 },
    );
    written += ids.length;
  }
}
