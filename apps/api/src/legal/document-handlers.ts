import type { Request } from 'express';
import {
  DOCUMENT_INCLUDES,
  RELATION_DIRECTIONS,
  RELATION_TYPES,
  decodeCursor,
  encodeCursor,
  invalidRequest,
  todayUtc,
  type Config,
} from '@dp/core';
import type { Database } from '@dp/db';
import { buildEffectivity } from './documents/effectivity';
import { DEFAULT_TEXT_LIMIT, MAX_TEXT_LIMIT, getDocument } from './documents/get-document';
import type { DocumentCache } from './documents/document-cache';
import { listRelations, isRelationCursor } from './documents/relations';
import { ParamReader } from './params';

export type SubResource = 'document' | 'effectivity' | 'relations';

/**
 * Natural keys contain slashes (`sb/2012/89`), so the path after /documents/ is read whole:
 * a trailing `/effectivity` or `/relations` names the sub-resource.
 */
export function splitDocumentPath(segments: string[]): { ref: string; sub: SubResource } {
  const last = segments[segments.length - 1];
  if (segments.length > 1 && (last === 'effectivity' || last === 'relations')) {
    return { ref: segments.slice(0, -1).join('/'), sub: last };
  }
  return { ref: segments.join('/'), sub: 'document' };
}

export function documentSegments(req: Request): string[] {
  const raw = (req.params as Record<string, string | string[]>).ref;
  return (Array.isArray(raw) ? raw : [raw]).filter((s) => s !== '');
}

export async function handleGetDocument(db: Database, documents: DocumentCache, config: Config, req: Request, ref: string) {
  const p = new ParamReader(req.query);
  const at = p.date('at');
  const include = p.list('include', DOCUMENT_INCLUDES, []);
  const textOffset = p.int('text_offset', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 });
  const textLimit = p.int('text_limit', { min: 1, max: MAX_TEXT_LIMIT, fallback: DEFAULT_TEXT_LIMIT });
  p.done();
  return getDocument(db, documents, ref, { at, include, textOffset, textLimit, baseUrl: config.PUBLIC_BASE_URL });
}

/** The three document reads; each returns the envelope's `data`. */
export function createDocumentHandlers(db: Database, documents: DocumentCache, config: Config) {
  return {
    document: async (req: Request, ref: string) => ({ document: await handleGetDocument(db, documents, config, req, ref) }),
    effectivity: async (req: Request, ref: string) => {
      const p = new ParamReader(req.query);
      const at = p.date('at');
      p.done();
      const { doc, versions } = await documents.get(ref);
      return {
        document: { id: doc.id, natural_key: doc.naturalKey, doc_number: doc.docNumber, title: doc.title },
        effectivity: await buildEffectivity(db, doc, at ?? todayUtc(), versions),
      };
    },
    relations: async (req: Request, ref: string) => {
      const p = new ParamReader(req.query);
      const direction = p.oneOf('direction', RELATION_DIRECTIONS, 'both');
      const types = p.list('types', RELATION_TYPES, [...RELATION_TYPES]);
      const limit = p.int('limit', { min: 1, max: 200, fallback: 50 });
      const rawCursor = p.string('cursor', { max: 1000 });
      p.done();
      const after = rawCursor ? decodeCursor(rawCursor, isRelationCursor) : undefined;
      if (after === null) throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor this endpoint issued' }]);
      const { doc } = await documents.get(ref);
      const page = await listRelations(db, doc, { direction, types, limit, after });
      return {
        document: { id: doc.id, natural_key: doc.naturalKey, doc_number: doc.docNumber, title: doc.title },
        direction,
        types,
        relations: page.edges,
        next_cursor: page.nextCursor ? encodeCursor(page.nextCursor) : null,
        has_more: page.nextCursor !== null,
      };
    },
  };
}
