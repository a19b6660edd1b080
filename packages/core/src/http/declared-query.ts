import type { RequestHandler } from 'express';
import { invalidRequest } from '../errors';

/** What the lookup needs of a route declaration: its method, path template and query schema. */
export interface QueryDeclaration {
  method: string;
  path: string;
  /** A zod object (its keys are the parameters), or absent: the route takes none. */
  query?: unknown;
}

interface Operation {
  /** The path template as a pattern over the raw (still percent-encoded) path. */
  pattern: RegExp;
  /** Literal segments: the template with more of them is the more specific one. */
  literals: number;
  /** Method (lower case) → the query parameters it declares. */
  methods: Map<string, Set<string>>;
}

const queryNames = (query: unknown): string[] => {
  const shape = (query as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
};

/**
 * The query parameters each declared route takes (the keys of its query schema, the same
 * declaration its input is parsed with and its OpenAPI parameters are generated from), looked up
 * by method and request path (as written, query included or not). Undefined for a path or method
 * no route declares: the router answers those (404, 405).
 *
 * A path parameter matches one or more whole segments (a natural key `sb/2012/89` may be written
 * unencoded), so templates are tried most literal segments first: `/v1/legal/documents/{id}/relations`
 * before `/v1/legal/documents/{id}`, as the document route tells a sub-resource from an id. Paths
 * compare case-insensitively and with an optional trailing slash, as Express routes them.
 */
export function declaredQueryParameters(routes: readonly QueryDeclaration[]): (method: string, path: string) => Set<string> | undefined {
  const byTemplate = new Map<string, Operation>();
  for (const route of routes) {
    let op = byTemplate.get(route.path);
    if (!op) {
      const segments = route.path.split('/').filter(Boolean);
      const source = segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^?#]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      op = { pattern: new RegExp(`^/${source}/?$`, 'i'), literals: segments.filter((s) => !s.startsWith('{')).length, methods: new Map() };
      byTemplate.set(route.path, op);
    }
    op.methods.set(route.method.toLowerCase(), new Set(queryNames(route.query)));
  }
  const operations = [...byTemplate.values()].sort((a, b) => b.literals - a.literals);

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
 * parameter for an applied one. The declarations are the routes' (from which the OpenAPI
 * document clients read is generated); a path or method none declares is left to the router (404, 405).
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
