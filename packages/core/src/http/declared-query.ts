import type { RequestHandler } from 'express';
import { pathMatcher, spanningPrefix } from '../contract/path-match';
import type { DeclaredRoute } from '../contract/route';
import { invalidRequest } from '../errors';
import { decodedSegments } from './input';

/** What the lookup needs of a route declaration: its method, path template, path and query schemas. */
export type QueryDeclaration = Pick<DeclaredRoute, 'method' | 'path' | 'params' | 'query'>;

/** The routes under one prefix and the matcher the router picks among them with. */
interface Group {
  /** The prefix as written (lower case): Express compares it case-insensitively. */
  prefix: string;
  /** Parameters spanning segments: the words after the prefix compare exactly, as the router's `pathMatcher` does. */
  spanning: boolean;
  match: ReturnType<typeof pathMatcher<QueryDeclaration>>;
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
 * The route is found as the router finds it, with core's `pathMatcher` over the same declarations:
 * templates with a parameter spanning segments (the document reads) by their prefix, tried first
 * as the router binds them first, then the words after it compared exactly (`…/sb/2012/89/Effectivity`
 * is the document read of an id ending in `Effectivity`, as routed); every other template under
 * `/`, compared case-insensitively with an optional trailing slash, as Express routes them (its
 * parameters, `wh_…` and `msg_…` ids, are never one of the templates' words).
 */
export function declaredQueryParameters(routes: readonly QueryDeclaration[]): (method: string, path: string) => Set<string> | undefined {
  const byPrefix = new Map<string, QueryDeclaration[]>();
  for (const route of routes) {
    const prefix = spanningPrefix(route) ?? '/';
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), route]);
  }
  const groups: Group[] = [...byPrefix]
    .map(([prefix, group]) => ({ prefix: prefix.toLowerCase(), spanning: prefix !== '/', match: pathMatcher(prefix, group) }))
    .sort((a, b) => Number(b.spanning) - Number(a.spanning));
  const names = new Map(routes.map((route) => [route, new Set(queryNames(route.query))]));

  return (method, url) => {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const verb = method.toLowerCase();
    const m = verb === 'head' ? 'get' : verb;
    for (const group of groups) {
      // Only the prefix compares case-insensitively for a document read; the rest of the path as written.
      const at = group.spanning ? path : path.toLowerCase();
      if (at.slice(0, group.prefix.length).toLowerCase() !== group.prefix) continue;
      const segments = decodedSegments(at.slice(group.prefix.length));
      const found = segments && group.match(segments);
      if (!found) continue;
      const route = found.routes.find((r) => r.method === m);
      return route && names.get(route);
    }
    return undefined;
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
