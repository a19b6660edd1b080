import { DOCUMENT_ROUTES, formatIsoDate, invalidRequest, todayUtc, type ResponseData, type RouteInput } from '@dp/core';
import type { Database } from '@dp/db';
import type { ApiContext } from '../context';
import { listAmendments } from '../legal/documents/amendments';
import type { DocumentCache } from '../legal/documents/document-cache';
import { buildEffectivity } from '../legal/documents/effectivity';
import { getDocument } from '../legal/documents/get-document';
import { documentRef } from '../legal/documents/present';
import { diffDocument, getProvision, getProvisionHistory, getProvisionToc } from '../legal/documents/provisions';
import { listRelations, RELATIONS_CURSOR } from '../legal/documents/relations';
import { defineRoute } from './define-route';

/** GET …/documents/{id}: the document, for /v1 and for the gateway's internal read alike. */
export function documentOf(db: Database, documents: DocumentCache, baseUrl: string) {
  return ({ params, query }: RouteInput<typeof DOCUMENT_ROUTES.document>): Promise<ResponseData<typeof DOCUMENT_ROUTES.document>> =>
    getDocument(db, documents, params.id, {
      at: query.at,
      include: query.include,
      textOffset: query.text_offset,
      textLimit: query.text_limit,
      textSource: query.text_source,
      baseUrl,
    });
}

/**
 * GET /v1/legal/documents/{id} and its sub-resources (declared in core: `DOCUMENT_ROUTES`), bound
 * as every declared route is; their `{id}` and `{provision}` span segments, so the router matches
 * them under one wildcard path (`declaredRouter`) and `declaredFirst` takes their reads before it.
 */
export function documentRoutes(ctx: ApiContext) {
  const { db, documents } = ctx;
  const baseUrl = ctx.config.PUBLIC_BASE_URL;
  const document = documentOf(db, documents, baseUrl);
  return [
    defineRoute(DOCUMENT_ROUTES.document, async (input) => ({ status: 200, data: await document(input) })),
    defineRoute(DOCUMENT_ROUTES.effectivity, async ({ params, query }) => {
      const { doc, versions } = await documents.get(params.id);
      return {
        status: 200,
        data: { document: documentRef(doc), effectivity: await buildEffectivity(db, doc, query.at ?? todayUtc(), versions) },
      };
    }),
    defineRoute(DOCUMENT_ROUTES.relations, async ({ params, query }) => {
      const after = query.cursor ? RELATIONS_CURSOR.decode(query.cursor) : undefined;
      if (after === null) throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor this endpoint issued' }]);
      const { doc } = await documents.get(params.id);
      const { direction, types, limit } = query;
      const page = await listRelations(db, doc, { direction, types, limit, after });
      return {
        status: 200,
        data: {
          document: documentRef(doc),
          direction,
          types,
          relations: page.edges,
          next_cursor: page.nextCursor ? RELATIONS_CURSOR.encode(page.nextCursor) : null,
          has_more: page.nextCursor !== null,
        },
      };
    }),
    defineRoute(DOCUMENT_ROUTES.provisions, async ({ params, query }) => ({
      status: 200,
      data: await getProvisionToc(db, documents, params.id, {
        at: query.at,
        depth: query.depth,
        limit: query.limit,
        cursor: query.cursor,
        textSource: query.text_source,
        baseUrl,
      }),
    })),
    defineRoute(DOCUMENT_ROUTES.provision, async ({ params, query }) => ({
      status: 200,
      data: await getProvision(db, documents, params.id, params.provision, {
        at: query.at,
        textOffset: query.text_offset,
        textLimit: query.text_limit,
        textSource: query.text_source,
        baseUrl,
      }),
    })),
    defineRoute(DOCUMENT_ROUTES.provision_history, async ({ params }) => ({
      status: 200,
      data: await getProvisionHistory(documents, params.id, params.provision, { baseUrl }),
    })),
    defineRoute(DOCUMENT_ROUTES.diff, async ({ params, query }) => {
      const result = await diffDocument(db, documents, params.id, { ...query, baseUrl });
      return result.kind === 'unified' ? { status: 200, text: result.body } : { status: 200, data: result.body };
    }),
    defineRoute(DOCUMENT_ROUTES.amendments, async ({ params, query }) => ({
      status: 200,
      data: listAmendments(await documents.get(params.id), {
        day: formatIsoDate(query.at ?? todayUtc()),
        statuses: query.status,
        limit: query.limit,
        cursor: query.cursor,
        baseUrl,
      }),
    })),
  ];
}
