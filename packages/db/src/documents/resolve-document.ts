import type { PrismaClient } from '../generated/client';

const NATURAL_KEY = /^[a-z]+\/\d{4}\/\d+[a-z0-9-]*$/i;
/** A document's ELI (`/eli/cz/sb/2012/89`; slashes around it are trimmed first): its natural key behind `eli/cz/`. */
const ELI = /^eli\/cz\/([a-z]+\/\d{4}\/\d+[a-z0-9-]*)$/i;
/**
 * A doc number as the sync writes it (documentIdentity: `89/2012 Sb.`, another collection's
 * `5/2020 MS`): number, year and collection, the inverse of that function.
 */
const DOC_NUMBER = /^0*(\d{1,5})\s*\/\s*(\d{4})\s+([a-z]{2})\.?$/i;

/**
 * Normalises a path id to what a document is looked up by: its natural key (lower case) when the
 * id is one, or the document's ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`), which
 * name the same document; else the document id (`SB-2012-89`) as given. URL-encoded or not.
 */
export function normalizeDocumentRef(raw: string): string {
  let ref = raw.trim();
  try {
    ref = decodeURIComponent(ref);
  } catch {
    /* keep as is: malformed escapes are treated literally */
  }
  ref = ref.trim().replace(/^\/+|\/+$/g, '');
  if (NATURAL_KEY.test(ref)) return ref.toLowerCase();
  const eli = ELI.exec(ref);
  if (eli) return eli[1].toLowerCase();
  const number = DOC_NUMBER.exec(ref);
  if (number) return `${number[3].toLowerCase()}/${number[2]}/${number[1]}`;
  return ref;
}

export function looksLikeNaturalKey(ref: string): boolean {
  return NATURAL_KEY.test(ref);
}

/** Finds a document by id or natural key; natural keys are matched case-insensitively. */
export async function resolveDocumentRef(
  prisma: PrismaClient,
  raw: string,
): Promise<{ id: string; naturalKey: string; docNumber: string } | null> {
  const ref = normalizeDocumentRef(raw);
  if (!ref || ref.length > 200) return null;
  const select = { id: true, naturalKey: true, docNumber: true } as const;
  if (looksLikeNaturalKey(ref)) {
    return prisma.document.findUnique({ where: { naturalKey: ref.toLowerCase() }, select });
  }
  return prisma.document.findUnique({ where: { id: ref }, select });
}
