import { Router, type RequestHandler } from 'express';
import { decodedPath, sendCacheable, sendSuccess } from '@dp/core';
import type { ApiContext } from '../context';
import { PlainText, createDocumentReads, documentSegments, splitDocumentPath } from '../legal/document-handlers';

/** Where the document reads are: {id} is an id or a natural key (with its slashes). */
export const DOCUMENT_PATH = '/legal/documents/*ref';

/**
 * GET /v1/legal/documents/{id}[/effectivity|/relations|/diff|/provisions[/{provision}[/history]]]:
 * one wildcard route (ids have slashes) for the seven declared ones (core `DOCUMENT_ROUTES`), the
 * route picked by what follows the reference and its input parsed from its declaration. A
 * cacheable route's JSON answer carries a strong ETag and `If-None-Match` gets a 304.
 */
export function readDocument(ctx: ApiContext): RequestHandler {
  const reads = createDocumentReads(ctx.db, ctx.documents, ctx.config);
  const scopes = new Set(Object.values(reads).map((r) => r.contract.scope));
  // The pipeline checks one scope for the wildcard route: the declarations must agree on it.
  if (scopes.size !== 1) throw new Error(`the document routes declare different scopes: ${[...scopes].join(', ')}`);
  // Each document read has one operation (none chosen by its input), looked up by the path alone.
  const operations = new Map(
    Object.entries(reads).map(([sub, { contract }]) => {
      if (typeof contract.operation !== 'string') throw new Error(`the document route ${contract.operationId} must name one operation`);
      return [sub, contract.operation];
    }),
  );
  return ctx.pipeline.route({
    scope: [...scopes][0],
    operation: (req) => operations.get(splitDocumentPath(documentSegments(req)).sub)!,
    // A GET: no body parser runs.
    bodyLimit: false,
    handler: async (req, res) => {
      const path = splitDocumentPath(documentSegments(req));
      const route = reads[path.sub];
      const data = await route.run(path, req.query);
      if (data instanceof PlainText) {
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(data.text));
        res.end(data.text);
        return;
      }
      if (route.contract.cacheable) sendCacheable(req, res, data);
      else sendSuccess(res, data);
    },
  });
}

const DOCUMENT_PREFIX = `/v1${DOCUMENT_PATH.slice(0, DOCUMENT_PATH.indexOf('*'))}`;
const ROUTE_TEMPLATE = `/v1${DOCUMENT_PATH}`;

/**
 * The document GET (`read`: v1's entry and readDocument) taken before Express's router is
 * entered (`createJsonApiApp`'s `first`), which costs each request its set-up, a walk over its
 * layers, a path match and a route dispatch: document reads are most of the traffic. Only what
 * the route would read the same way is taken here (GET or HEAD, the prefix as written, segments
 * that decode); anything else (another case, a malformed escape) goes on, and the route answers
 * it as it always did.
 */
export function documentReadFirst(read: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith(DOCUMENT_PREFIX)) return next();
    const query = req.url.indexOf('?');
    const segments = decodeSegments(req.url.slice(DOCUMENT_PREFIX.length, query === -1 ? undefined : query));
    if (!segments) return next();
    // As the router sets it for `*ref`: the decoded segments, and the template for /metrics.
    req.params = { ref: segments };
    req.routeTemplate = ROUTE_TEMPLATE;
    return read(req, res, next);
  };
}

function decodeSegments(path: string): string[] | null {
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    const segment = decodedPath(raw);
    if (segment === undefined) return null;
    segments.push(segment);
  }
  return segments.length ? segments : null;
}

/** The document paths' other methods (the GET is routed by app.ts, see there). */
export function legalDocumentsRouter(ctx: ApiContext): Router {
  const router = Router();
  router.all(DOCUMENT_PATH, ctx.pipeline.methodNotAllowed(['GET'], false));
  return router;
}
