import { z } from 'zod';
import type { DeclaredRoute } from './route';

/**
 * Path parameters that span one or more segments: a natural key (`sb/2012/89`), a provision id
 * (`par_52/odst_1/pism_g`), written raw or with `%2F`. A parameter's schema registers here where
 * it is declared (`spansSegments`); a registry of its own keeps it out of the OpenAPI schemas.
 */
const SPANNING = z.registry<{ spans: true }>();

/** Declares a path parameter's schema as spanning segments (`{id}` of a document read). */
export function spansSegments<T extends z.ZodType>(schema: T): T {
  SPANNING.add(schema, { spans: true });
  return schema;
}

type Part = { literal: string } | { param: string; spans: boolean };

interface Template<R> {
  routes: R[];
  /** Literal words and `*` for parameters, joined by `/`: the shape a path must have. */
  shape: string;
  params: { name: string; spans: boolean }[];
}

/** The routes of one template, and its parameters as the path gave them (spanning ones joined by `/`). */
export interface PathMatch<R> {
  routes: readonly R[];
  params: Record<string, string>;
}

/** What `spanningPrefix` needs of a route: its template and path parameters. */
type Routed = Pick<DeclaredRoute, 'path' | 'params'>;

const paramsShape = (route: Routed): Record<string, z.ZodType> => (route.params instanceof z.ZodObject ? route.params.shape : {});

/**
 * The template's text before its first segment-spanning parameter (`/v1/legal/documents/`), or
 * undefined when it has none (the router matches such a template itself).
 */
export function spanningPrefix(route: Routed): string | undefined {
  const shape = paramsShape(route);
  const first = /\{(\w+)\}/g;
  for (let m = first.exec(route.path); m; m = first.exec(route.path)) {
    const schema = shape[m[1]];
    if (schema && SPANNING.has(schema)) return route.path.slice(0, m.index);
  }
  return undefined;
}

/**
 * Matches paths to the declared routes whose templates share `prefix` and have parameters that
 * span segments (the document reads: `{id}`, `{id}/relations`, `{id}/provisions/{provision}/history`, …).
 * The literal words the templates have after the prefix (`provisions`, `history`, …) are where
 * a spanning parameter ends: no parameter holds one (no document reference or provision id has
 * such a segment), so a path's words alone say which template it is, and at most one matches.
 * Segments come decoded (`sb%2F2012%2F89` is one segment `sb/2012/89`) and compare exactly.
 */
export function pathMatcher<R extends Routed>(
  prefix: string,
  routes: readonly R[],
): (segments: readonly string[]) => PathMatch<R> | undefined {
  const parsed = new Map<string, { parts: Part[]; routes: R[] }>();
  for (const route of routes) {
    if (!route.path.startsWith(prefix)) throw new Error(`${route.path} is not under ${prefix}`);
    const known = parsed.get(route.path);
    if (known) {
      known.routes.push(route);
      continue;
    }
    const shape = paramsShape(route);
    const parts = route.path
      .slice(prefix.length)
      .split('/')
      .filter(Boolean)
      .map((segment): Part => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) return { literal: segment };
        const schema = shape[param];
        return { param, spans: schema !== undefined && SPANNING.has(schema) };
      });
    parts.forEach((part, i) => {
      if ('param' in part && i > 0 && 'param' in parts[i - 1]) throw new Error(`${route.path}: two parameters side by side`);
    });
    parsed.set(route.path, { parts, routes: [route] });
  }
  const words = new Set([...parsed.values()].flatMap(({ parts }) => parts.flatMap((p) => ('literal' in p ? [p.literal] : []))));
  const byShape = new Map<string, Template<R>>();
  for (const [path, { parts, routes: same }] of parsed) {
    const shape = parts.map((p) => ('literal' in p ? p.literal : '*')).join('/');
    if (byShape.has(shape)) throw new Error(`${path}: the same shape as ${byShape.get(shape)!.routes[0].path}`);
    byShape.set(shape, { routes: same, shape, params: parts.flatMap((p) => ('param' in p ? [{ name: p.param, spans: p.spans }] : [])) });
  }

  return (segments) => {
    // The path's shape: its words as they are, each run of other segments one `*`.
    let shape = '';
    const runs: string[][] = [];
    let run: string[] | undefined;
    for (const segment of segments) {
      if (words.has(segment)) {
        shape += shape ? `/${segment}` : segment;
        run = undefined;
      } else if (run) {
        run.push(segment);
      } else {
        runs.push((run = [segment]));
        shape += shape ? '/*' : '*';
      }
    }
    const template = byShape.get(shape);
    if (!template) return undefined;
    const params: Record<string, string> = {};
    for (const [i, { name, spans }] of template.params.entries()) {
      if (!spans && runs[i].length > 1) return undefined;
      params[name] = runs[i].join('/');
    }
    return { routes: template.routes, params };
  };
}
