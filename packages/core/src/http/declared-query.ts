import type { RequestHandler } from 'express';
import { invalidRequest } from '../errors';

interface OpenApiParameter {
  name?: string;
  in?: string;
  $ref?: string;
}

interface Operation {
  /** The path template as a pattern over the raw (still percent-encoded) path. */
  pattern: RegExp;
  /** Literal segments: the template with more of them is the more specific one. */
  literals: number;
  /** Method (lower case) → the query parameters it declares. */
  methods: Map<string, Set<string>>;
}

/**
 * The query parameters each operation of an OpenAPI document declares, looked up by method and
 * request path (as written, query included or not). Undefined for a path or method the document
 * does not define: the router answers those (404, 405).
 *
 * A path parameter matches one or more whole segments (a natural key `sb/2012/89` may be written
 * unencoded), so templates are tried most literal segments first: `/v1/legal/documents/{id}/relations`
 * before `/v1/legal/documents/{id}`, as the document route tells a sub-resource from an id. Paths
 * compare case-insensitively and with an optional trailing slash, as Express routes them.
 */
export function declaredQueryParameters(doc: {
  paths: Record<string, unknown>;
  components?: Record<string, Record<string, unknown>>;
}): (method: string, path: string) => Set<string> | undefined {
  const resolve = (p: OpenApiParameter): OpenApiParameter =>
    p.$ref?.startsWith('#/components/parameters/')
      ? ((doc.components?.parameters?.[p.$ref.slice('#/components/parameters/'.length)] as OpenApiParameter | undefined) ?? {})
      : p;
  const queryNames = (params: unknown) =>
    (Array.isArray(params) ? (params as OpenApiParameter[]) : [])
      .map(resolve)
      .filter((p) => p.in === 'query' && typeof p.name === 'string')
      .map((p) => p.name as string);

  const operations: Operation[] = [];
  for (const [template, rawItem] of Object.entries(doc.paths)) {
    const item = rawItem as Record<string, unknown>;
    const shared = queryNames(item.parameters);
    const methods = new Map<string, Set<string>>();
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters' || typeof op !== 'object' || op === null) continue;
      methods.set(method, new Set([...shared, ...queryNames((op as { parameters?: unknown }).parameters)]));
    }
    const segments = template.split('/').filter(Boolean);
    const source = segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^?#]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    operations.push({
      pattern: new RegExp(`^/${source}/?$`, 'i'),
      literals: segments.filter((s) => !s.startsWith('{')).length,
      methods,
    });
  }
  operations.sort((a, b) => b.literals - a.literals);

  return (method, url) => {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const op = operations.find((o) => o.pattern.test(path));
    const m = method.toLowerCase();
    return op?.methods.get(m === 'head' ? 'get' : m);
  };
}

/**
 * Refuses a query parameter the operation does not declare (`filter=`, `sort=`, `from=`, a typo of
 * `cursor`) with one 400 invalid_request naming each, so a client never takes an ignored
 * parameter for an applied one. The declarations are the OpenAPI document's, the contract
 * clients read; a path or method it does not define is left to the router (404, 405).
 */
export function rejectUndeclaredQuery(declared: ReturnType<typeof declaredQueryParameters>): RequestHandler {
  return (req, _res, next) => {
    if (!req.originalUrl.includes('?')) return next();
    const names = declared(req.method, req.originalUrl);
    if (!names) return next();
    const unknown = Object.keys(req.query as Record<string, unknown>).filter((name) => !names.has(name));
    if (!unknown.length) return next();
    const known = names.size ? `known: ${[...names].join(', ')}` : 'it takes none';
    next(invalidRequest(unknown.map((field) => ({ field, problem: `is not a parameter of this endpoint (${known})` }))));
  };
}
