import type { PrismaClient } from '../generated/client';

const NATURAL_KEY = /^[a-z]+\/\d{4}\/\d+[a-z0-9-]*$/i;

/** Normalises a path id: a document id (`SB-2012-89`) or a natural key, URL-encoded or not. */
export function normalizeDocumentRef(raw: string): string {
  let ref = raw.trim();
  try {
    ref = decodeURIComponent(ref);
  } catch {
    /* keep as is: malformed escapes are treated literally */
  }
  return ref.replace(/^\/+|\/+$/g, '');
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
