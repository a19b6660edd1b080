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
import {
  DEFAULT_DIFF_LIMIT,
  DEFAULT_TOC_LIMIT,
  MAX_DIFF_LIMIT,
  MAX_PROVISION_ID,
  MAX_TOC_LIMIT,
  diffDocument,
  getProvision,
  getProvisionHistory,
  getProvisionToc,
} from './documents/provisions';
import { listRelations, isRelationCursor } from './documents/relations';
import { ParamReader } from './params';

export type SubResource = 'document' | 'effectivity' | 'relations' | 'provisions' | 'provision' | 'provision_history' | 'diff';

/**
 * Natural keys contain slashes (`sb/2012/89`), so the path after /documents/ is read whole:
 * a trailing `/effectivity`, `/relations`, `/diff` or `/provisions` names the sub-resource, and
 * so does `/provisions/{provision}[/history]`, whose provision id has slashes of its own
 * (`par_52/odst_1/pism_g`, raw or %2F-encoded: each segment is decoded before this split).
 * No document reference has a `provisions` segment.
 */
export function splitDocumentPath(segments: string[]): { ref: string; sub: SubResource; provision?: string } {
  const last = segments[segments.length - 1];
  const at = segments.indexOf('provisions', 1);
  if (at > 0) {
    const ref = segments.slice(0, at).join('/');
    const rest = segments.slice(at + 1);
    if (!rest.length) return { ref, sub: 'provisions' };
    if (rest.length > 1 && rest[rest.length - 1] === 'history')
      return { ref, sub: 'provision_history', provision: rest.slice(0, -1).join('/') };
    return { ref, sub: 'provision', provision: rest.join('/') };
  }
  if (segments.length > 1 && (last === 'effectivity' || last === 'relations' || last === 'diff')) {
    return { ref: segments.slice(0, -1).join('/'), sub: last };
  }
  return { ref: segments.join('/'), sub: 'document' };
}

/** A `format=unified` difference: plain text, not an envelope. */
export class PlainText {
  constructor(readonly text: string) {}
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

/** The document reads; each returns the envelope's `data` (or a PlainText). */
export function createDocumentHandlers(db: Database, documents: DocumentCache, config: Config) {
  const baseUrl = config.PUBLIC_BASE_URL;
  return {
    provisions: async (req: Request, ref: string) => {
      const p = new ParamReader(req.query);
      const at = p.date('at');
      const depth = p.int('depth', { min: 1, max: 20, fallback: 0 });
      const limit = p.int('limit', { min: 1, max: MAX_TOC_LIMIT, fallback: DEFAULT_TOC_LIMIT });
      const cursor = p.string('cursor', { max: 1000 });
      p.done();
      return getProvisionToc(documents, ref, { at, depth: depth || undefined, limit, cursor, baseUrl });
    },
    provision: async (req: Request, ref: string, provision = '') => {
      const p = new ParamReader(req.query);
      const at = p.date('at');
      const textOffset = p.int('text_offset', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 });
      const textLimit = p.int('text_limit', { min: 1, max: MAX_TEXT_LIMIT, fallback: DEFAULT_TEXT_LIMIT });
      p.done();
      return getProvision(db, documents, ref, provision, { at, textOffset, textLimit, baseUrl });
    },
    provision_history: async (req: Request, ref: string, provision = '') => {
      new ParamReader(req.query).done();
      return getProvisionHistory(documents, ref, provision, { baseUrl });
    },
    diff: async (req: Request, ref: string) => {
      const p = new ParamReader(req.query);
      const from = p.date('from');
      const to = p.date('to');
      if (req.query.from === undefined) p.problems.push({ field: 'from', problem: 'is required (a day YYYY-MM-DD)' });
      if (req.query.to === undefined) p.problems.push({ field: 'to', problem: 'is required (a day YYYY-MM-DD)' });
      const provision = p.string('provision', { max: MAX_PROVISION_ID });
      const format = p.oneOf('format', ['json', 'unified'] as const, 'json');
      const limit = p.int('limit', { min: 1, max: MAX_DIFF_LIMIT, fallback: DEFAULT_DIFF_LIMIT });
      const cursor = p.string('cursor', { max: 1000 });
      p.done();
      const result = await diffDocument(db, documents, ref, { from: from!, to: to!, provision, format, limit, cursor, baseUrl });
      return result.kind === 'unified' ? new PlainText(result.body) : result.body;
    },
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
