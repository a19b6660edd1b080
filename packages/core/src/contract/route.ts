import { z } from 'zod';
import { parseIsoDate } from '../dates';
import { ERROR_RESPONSES, ERRORS, invalidRequest, type FieldProblem } from '../errors';
import type { Scope } from '../keys';
import type { Operation } from '../units';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

/** An error response of core's table (`ERROR_RESPONSES`), by name; its status comes from its codes. */
export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

export interface SuccessResponse {
  description: string;
  /** The envelope's `data`; absent for an answer without a body (204). */
  data?: z.ZodType;
  /** Header components (`#/components/headers/<name>`) the answer carries beside the common ones. */
  headers?: readonly string[];
  /** Fields of the envelope's `meta` beside `request_id` (search: `mode`, `signals`). */
  meta?: z.ZodObject;
  /** The whole JSON body of an answer outside the envelope (the OpenAPI document); instead of `data`. */
  bare?: z.ZodType;
}

/** A route's parsed input: what its schemas give. */
export interface InputOf<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
}

/**
 * An operation chosen per request by its parsed input (search: `mode` picks fulltext or hybrid);
 * `undefined` when the input does not parse (that 400 costs nothing, but is counted under the
 * operation named). A method type, so that a route with its own input still is a `RouteContract`.
 */
export type OperationOf<I> = { choose(input: I | undefined): Operation }['choose'];

/**
 * One route of the public contract, declared once: from it come the input parsing with field-level
 * errors (`parseRouteInput`), the OpenAPI operation (`declaredPaths`) and so the generated v1 types.
 * The app binds a handler to it (apps/api `defineRoute`). Long prose stays in Markdown
 * (docs/openapi/operations.md, by `operationId`) and is merged in.
 */
export interface RouteContract<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** The OpenAPI path template (`/v1/webhooks/{id}`). */
  path: string;
  operationId: string;
  summary: string;
  tags: readonly string[];
  scope: Scope;
  /** The metered operation (its units: `UNIT_COST`), or one chosen by the parsed input (`OperationOf`). */
  operation: Operation | OperationOf<InputOf<P, Q, B>>;
  params?: P;
  query?: Q;
  body?: B;
  /** The largest JSON body the route reads (body-parser syntax); default 64 KB. */
  bodyLimit?: string | number;
  /** Answers by status: success answers, or a response component of the YAML by name (`{ ref }`). */
  responses: Readonly<Record<number, SuccessResponse | { ref: string }>>;
  /** Error answers beyond those every route has (401, 403, 405, 429, 500, 503; 400 with any input). */
  errors?: readonly ErrorResponseName[];
}

/**
 * A route that needs no key (the OpenAPI document), declared with `open: true` and without scope or
 * operation: not counted, not metered; the rate limit and the input checks still apply (apps/api
 * `pipeline.open`). Its OpenAPI operation has `security: []` and no 401 or 403.
 */
export interface OpenRouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> extends Omit<RouteContract<P, Q, B>, 'scope' | 'operation'> {
  open: true;
}

/** Any declared route: one that needs a key, or an open one. */
export type DeclaredRoute = RouteContract | OpenRouteContract;

export const isOpenRoute = (route: DeclaredRoute): route is OpenRouteContract => 'open' in route && route.open === true;

/** The parsed input of a route: what its schemas give (unknown where it declares none). */
export type RouteInput<C> = C extends RouteContract<infer P, infer Q, infer B> | OpenRouteContract<infer P, infer Q, infer B>
  ? InputOf<P, Q, B>
  : never;

/** Declares a route's contract (identity at run time: the point is the type it keeps). */
export function declareRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  contract: OpenRouteContract<P, Q, B>,
): OpenRouteContract<P, Q, B>;
export function declareRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  contract: RouteContract<P, Q, B>,
): RouteContract<P, Q, B>;
export function declareRoute(contract: DeclaredRoute): DeclaredRoute {
  return contract;
}

/**
 * Metadata key for the JSON Schema a zod schema stands for in the OpenAPI document, where zod's own
 * conversion cannot say it (a query string read as an integer, a YAML component).
 */
export const OPENAPI_SCHEMA = 'openapiSchema';

/** Metadata key for fields of an OpenAPI parameter stated in place of its `schema` (a JSON-valued `content`). */
export const OPENAPI_PARAMETER = 'openapiParameter';

/** A schema of the OpenAPI document's components (still written in YAML), by name. */
export function componentRef(name: string): z.ZodType {
  return z.unknown().meta({ [OPENAPI_SCHEMA]: { $ref: `#/components/schemas/${name}` } });
}

/** A query parameter's integer within bounds; absent or empty gives `fallback`. */
export function queryInt(min: number, max: number, fallback: number): z.ZodType<number> {
  const problem = `must be an integer from ${min} to ${max}`;
  return z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string({ error: 'must be given once, as a string' })
        .regex(/^\d+$/, problem)
        .transform(Number)
        .pipe(z.number().int().min(min, problem).max(max, problem))
        .optional()
        .default(fallback),
    )
    .meta({ [OPENAPI_SCHEMA]: { type: 'integer', minimum: min, maximum: max, default: fallback } });
}

const onceAsString = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be given once, as a string') })
    .max(max, `must be at most ${max} characters`);

/** A query parameter's string of at most `max` characters; absent or empty is undefined. */
export function queryString(max: number): z.ZodType<string | undefined> {
  return z
    .preprocess((v) => (v === '' ? undefined : v), onceAsString(max).optional())
    .meta({ [OPENAPI_SCHEMA]: { type: 'string', maxLength: max } });
}

/** A required query parameter's string of at most `max` characters (absent or empty: "is required"). */
export function requiredQueryString(max: number): z.ZodType<string> {
  return z.preprocess((v) => (v === '' ? undefined : v), onceAsString(max)).meta({ [OPENAPI_SCHEMA]: { type: 'string', maxLength: max } });
}

/** A query parameter's value from `values`; absent or empty gives `fallback`. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]): z.ZodType<T[number]> {
  return z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string({ error: 'must be given once, as a string' })
        .pipe(z.enum(values, { error: `must be one of: ${values.join(', ')}` }))
        .optional()
        .default(fallback),
    )
    .meta({ [OPENAPI_SCHEMA]: { type: 'string', enum: [...values], default: fallback } });
}

/** A query parameter's calendar date `YYYY-MM-DD` (core's `parseIsoDate`) as a UTC midnight; absent or empty is undefined. */
export function queryDate(): z.ZodType<Date | undefined> {
  const problem = 'must be a calendar date YYYY-MM-DD';
  return z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string({ error: 'must be given once, as a string' })
        .transform((v, ctx) => {
          const day = parseIsoDate(v);
          if (!day) ctx.addIssue({ code: 'custom', message: problem });
          return day ?? z.NEVER;
        })
        .optional(),
    )
    .meta({ [OPENAPI_SCHEMA]: { type: 'string', format: 'date' } });
}

/**
 * Where a problem was found: a body field by its name (`text`), a parameter by its own. Unknown
 * fields are named alone: a typo (`event` for `events`) would otherwise also report the field it
 * was meant to be as missing.
 */
function problemsOf(error: z.ZodError, where: 'path' | 'query' | 'body', known: readonly string[]): FieldProblem[] {
  const unknown = error.issues.filter((issue) => issue.code === 'unrecognized_keys');
  return (unknown.length ? unknown : error.issues).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return { field: issue.keys.join(', '), problem: `is not a known field (known: ${known.join(', ')})` };
    }
    const field = issue.path.map(String).join('.');
    if (!field && where === 'body') return { field: 'body', problem: `must be a JSON object with: ${known.join(', ')}` };
    // zod's own wording for an absent required field ("expected nonoptional, received undefined") is not for clients.
    if (issue.code === 'invalid_type' && /^Invalid input: expected \w+, received undefined$/.test(issue.message))
      return { field, problem: 'is required' };
    return { field: field || where, problem: issue.message };
  });
}

const keysOf = (schema: z.ZodType | undefined): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/**
 * The route's path parameters, query and body, parsed with its schemas; one 400 `invalid_request`
 * naming every field that is wrong (`details.errors: [{field, problem}]`).
 */
export function parseRouteInput<C extends DeclaredRoute>(
  contract: C,
  raw: { params: unknown; query: unknown; body: unknown },
): RouteInput<C> {
  const problems: FieldProblem[] = [];
  const part = (schema: z.ZodType | undefined, value: unknown, where: 'path' | 'query' | 'body'): unknown => {
    if (!schema) return where === 'body' ? undefined : {};
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    problems.push(...problemsOf(parsed.error, where, keysOf(schema)));
    return undefined;
  };
  const input = {
    params: part(contract.params, raw.params, 'path'),
    query: part(contract.query, raw.query, 'query'),
    body: part(contract.body, raw.body, 'body'),
  };
  if (problems.length) throw invalidRequest(problems);
  return input as RouteInput<C>;
}

/** The status of a named error response: its codes share one (core's table). */
export function errorResponseStatus(name: ErrorResponseName): number {
  return ERRORS[ERROR_RESPONSES[name].codes[0]].status;
}
