import type { Request } from 'express';
import {
  DOCUMENT_ROUTES,
  formatIsoDate,
  invalidRequest,
  parseRouteInput,
  todayUtc,
  type Config,
  type ResponseData,
  type RouteContract,
  type RouteInput,
} from '@dp/core';
import type { Database } from '@dp/db';
import { listAmendments } from './documents/amendments';
import { buildEffectivity } from './documents/effectivity';
import { getDocument } from './documents/get-document';
import type { DocumentCache } from './documents/document-cache';
import { diffDocument, getProvision, getProvisionHistory, getProvisionToc } from './documents/provisions';
import { listRelations, RELATIONS_CURSOR } from './documents/relations';

/** Which document route a path names (core `DOCUMENT_ROUTES`). */
export type SubResource = keyof typeof DOCUMENT_ROUTES;

/**
 * Natural keys contain slashes (`sb/2012/89`), so the path after /documents/ is read whole:
 * a trailing `/effectivity`, `/relations`, `/diff`, `/amendments` or `/provisions` names the sub-resource, and
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
  if (segments.length > 1 && (last === 'effectivity' || last === 'relations' || last === 'diff' || last === 'amendments')) {
    return { ref: segments.slice(0, -1).join('/'), sub: last };
  }
  return { ref: segments.join('/'), sub: 'document' };
}

/** A `format=unified` difference: plain text, not an envelope. */
export class PlainText {
  constructor(readonly text: string) {}
}

/** The path's segments after /documents/ (as the router, or documentReadFirst, decoded them). */
export function documentSegments(req: Request): string[] {
  const raw = (req.params as Record<string, string | string[]>).ref;
  return (Array.isArray(raw) ? raw : [raw]).filter((s) => s !== '');
}

/** A declared document route and its read, which returns the envelope's `data` (or a PlainText). */
export interface DocumentRead {
  contract: RouteContract;
  /**
   * The read of a document path: its input parsed from the declaration (one 400 naming every bad
   * field), the path's reference and provision being the route's `{id}` and `{provision}`.
   */
  run: (path: { ref: string; provision?: string }, query: unknown) => Promise<unknown>;
}

/** What a document route's read gives: the envelope's `data` its declaration types, or, where it declares a text answer, the text. */
type ReadResult<C> = ResponseData<C> | (C extends { responses: { 200: { text: object } } } ? PlainText : never);

export function documentRead<C extends RouteContract>(
  contract: C,
  read: NoInfer<(input: RouteInput<C>) => Promise<ReadResult<C>>>,
): DocumentRead {
  return {
    contract,
    run: (path, query) =>
      read(
        parseRouteInput(contract, {
          params: path.provision === undefined ? { id: path.ref } : { id: path.ref, provision: path.provision },
          query,
          body: undefined,
        }),
      ),
  };
}

/** GET …/documents/{id}: the document, for /v1 and for the gateway's internal read alike. */
export function documentOf(db: Database, documents: DocumentCache, config: Config) {
  // The document's answer is assembled from the cache's shared views as a plain record
  // (`getDocument`), not yet as the declared type: said so here, where the route's type is asked.
  return ({ params, query }: RouteInput<typeof DOCUMENT_ROUTES.document>) =>
    getDocument(db, documents, params.id, {
      at: query.at,
      include: query.include,
      textOffset: query.text_offset,
      textLimit: query.text_limit,
      textSource: query.text_source,
      baseUrl: config.PUBLIC_BASE_URL,
    }) as Promise<ResponseData<typeof DOCUMENT_ROUTES.document>>;
}

/** The document reads by sub-resource; each returns the envelope's `data` (or a PlainText). */
export function createDocumentReads(db: Database, documents: DocumentCache, config: Config): Record<SubResource, DocumentRead> {
  const baseUrl = config.PUBLIC_BASE_URL;
  const documentRef = (doc: { id: string; naturalKey: string; docNumber: string; title: string }) => ({
    id: doc.id,
    natural_key: doc.naturalKey,
    doc_number: doc.docNumber,
    title: doc.title,
  });
  return {
    document: documentRead(DOCUMENT_ROUTES.document, documentOf(db, documents, config)),
    effectivity: documentRead(DOCUMENT_ROUTES.effectivity, async ({ params, query }) => {
      const { doc, versions } = await documents.get(params.id);
      return { document: documentRef(doc), effectivity: await buildEffectivity(db, doc, query.at ?? todayUtc(), versions) };
    }),
    relations: documentRead(DOCUMENT_ROUTES.relations, async ({ params, query }) => {
      const after = query.cursor ? RELATIONS_CURSOR.decode(query.cursor) : undefined;
      if (after === null) throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor this endpoint issued' }]);
      const { doc } = await documents.get(params.id);
      const { direction, types, limit } = query;
      const page = await listRelations(db, doc, { direction, types, limit, after });
      return {
        document: documentRef(doc),
        direction,
        types,
        relations: page.edges,
        next_cursor: page.nextCursor ? RELATIONS_CURSOR.encode(page.nextCursor) : null,
        has_more: page.nextCursor !== null,
      };
    }),
    provisions: documentRead(DOCUMENT_ROUTES.provisions, ({ params, query }) =>
      getProvisionToc(db, documents, params.id, {
        at: query.at,
        depth: query.depth,
        limit: query.limit,
        cursor: query.cursor,
        textSource: query.text_source,
        baseUrl,
      }),
    ),
    provision: documentRead(DOCUMENT_ROUTES.provision, ({ params, query }) =>
      getProvision(db, documents, params.id, params.provision, {
        at: query.at,
        textOffset: query.text_offset,
        textLimit: query.text_limit,
        textSource: query.text_source,
        baseUrl,
      }),
    ),
    provision_history: documentRead(DOCUMENT_ROUTES.provision_history, ({ params }) =>
      getProvisionHistory(documents, params.id, params.provision, { baseUrl }),
    ),
    diff: documentRead(DOCUMENT_ROUTES.diff, async ({ params, query }) => {
      const result = await diffDocument(db, documents, params.id, { ...query, baseUrl });
      return result.kind === 'unified' ? new PlainText(result.body) : result.body;
    }),
    amendments: documentRead(DOCUMENT_ROUTES.amendments, async ({ params, query }) =>
      listAmendments(await documents.get(params.id), {
        day: formatIsoDate(query.at ?? todayUtc()),
        statuses: query.status,
        limit: query.limit,
        cursor: query.cursor,
        baseUrl,
      }),
    ),
  };
}
