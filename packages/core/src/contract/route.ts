import { z } from 'zod';
import { parseIsoDate } from '../dates';
import { ERROR_RESPONSES, ERRORS, invalidRequest, type FieldProblem } from '../errors';
import type { Scope } from '../keys';
import type { Operation } from '../units';
import type { ComponentName } from './components';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

/** An error response of core's table (`ERROR_RESPONSES`), by name; its status comes from its codes. */
export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

export interface SuccessResponse {
  description: string;
  /** The envelope's `data`; absent for an answer without a body (204). */
  data?: z.ZodType;
  /**
   * Header components (`#/components/headers/<name>`) the answer carries beside the common ones: by
   * name when the component is named as the header (`Location`), else header → component.
   */
  headers?: readonly string[] | Readonly<Record<string, string>>;
  /** Fields of the envelope's `meta` beside `request_id` (search: `mode`, `signals`). */
  meta?: z.ZodObject;
  /**
   * The whole JSON body of an answer outside the envelope, instead of `data` (the OpenAPI document;
   * the gateway's `DocumentEnvelope`).
   */
  body?: z.ZodType;
  /** The answer may also be plain text (`text/plain`) instead of the envelope, as the request asks. */
  text?: { description: string };
}

/** A route's answers by status (`RouteContract.responses`). */
export type RouteResponses = Readonly<Record<number, SuccessResponse | { ref: string }>>;

/** A route's parsed input: what its schemas give. */
export interface InputOf<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, H extends z.ZodType = z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  headers: z.output<H>;
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
 * The app binds a handler to it (apps/api `defineRoute`; apps/x402-gateway its paid route). Long
 * prose stays in Markdown (docs/openapi/operations.md, by `operationId`) and is merged in.
 */
export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  H extends z.ZodType = z.ZodType,
  R extends RouteResponses = RouteResponses,
> {
  /** Called with an API key of `scope` (the default); a route paid per call instead is a `PaidRouteContract`. */
  auth?: 'key';
  method: HttpMethod;
  /** The OpenAPI path template (`/v1/webhooks/{id}`). */
  path: string;
  operationId: string;
  summary: string;
  tags: readonly string[];
  scope: Scope;
  /** The metered operation (its units: `UNIT_COST`), or one chosen by the parsed input (`OperationOf`). */
  operation: Operation | OperationOf<InputOf<P, Q, B, H>>;
  params?: P;
  query?: Q;
  body?: B;
  /** Header parameters the route reads, by their names (`X-PAYMENT`): an object schema, matched case-insensitively. */
  headers?: H;
  /** The largest JSON body the route reads, in bytes; default 64 KiB. A route without `body` reads none. */
  bodyLimit?: number;
  /**
   * Answers by status: success answers, or a response component of the YAML by name (`{ ref }`).
   * Their schemas type what the handler answers (`Answer`, `ResponseData`).
   */
  responses: R;
  /** Error answers beyond those every route has (401, 403, 405, 429, 500, 503; 400 with any input). */
  errors?: readonly ErrorResponseName[];
  /**
   * Answered with core's `sendCacheable`: a strong `ETag` and `Cache-Control` on the JSON answer,
   * and `If-None-Match` naming it gets a 304 without a body.
   */
  cacheable?: boolean;
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
  H extends z.ZodType = z.ZodType,
  R extends RouteResponses = RouteResponses,
> extends Omit<RouteContract<P, Q, B, H, R>, 'auth' | 'scope' | 'operation'> {
  open: true;
}

/**
 * A route called without an API key, each call paid with x402 (apps/x402-gateway): no scope, no
 * metered units. Its OpenAPI operation says `security: []` and lists only the answers it declares
 * (none of the key pipeline's 401, 403 or idempotency answers).
 */
export type PaidRouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  H extends z.ZodType = z.ZodType,
  R extends RouteResponses = RouteResponses,
> = Omit<RouteContract<P, Q, B, H, R>, 'auth' | 'scope' | 'operation'> & { auth: 'x402' };

/** Any declared route: one that needs a key, an open one, or one paid per call. */
export type DeclaredRoute = RouteContract | OpenRouteContract | PaidRouteContract;

export const isOpenRoute = (route: DeclaredRoute): route is OpenRouteContract => 'open' in route && route.open === true;

/** The parsed input of a route: what its schemas give (unknown where it declares none). */
export type RouteInput<C> = C extends
  RouteContract<infer P, infer Q, infer B, infer H> | OpenRouteContract<infer P, infer Q, infer B, infer H>
  ? InputOf<P, Q, B, H>
  : C extends PaidRouteContract<infer P, infer Q, infer B, infer H>
    ? InputOf<P, Q, B, H>
    : never;

/** Declares a route's contract (identity at run time: the point is the type it keeps). */
export function declareRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  H extends z.ZodType,
  const R extends RouteResponses,
>(contract: OpenRouteContract<P, Q, B, H, R>): OpenRouteContract<P, Q, B, H, R>;
export function declareRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  H extends z.ZodType,
  const R extends RouteResponses,
>(contract: PaidRouteContract<P, Q, B, H, R>): PaidRouteContract<P, Q, B, H, R>;
export function declareRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  H extends z.ZodType,
  const R extends RouteResponses,
>(contract: RouteContract<P, Q, B, H, R>): RouteContract<P, Q, B, H, R>;
export function declareRoute(contract: DeclaredRoute): DeclaredRoute {
  return contract;
}

type ResponsesOf<C> = C extends { responses: infer R } ? R : never;

/** A declared answer's plain-text alternative (`text`), as its handler gives it. */
type TextAnswerAt<A, S> = A extends { text: object } ? { status: S; text: string } : never;

/**
 * One declared answer as its handler gives it: the envelope's `data` (and `meta`), a whole body,
 * or none; or its text, where it declares one.
 */
type AnswerAt<A, S> =
  | TextAnswerAt<A, S>
  | (A extends { data: infer D extends z.ZodType }
      ? { status: S; data: z.output<D> } & (A extends { meta: infer M extends z.ZodType } ? { meta: z.output<M> } : { meta?: never })
      : A extends { body: infer B extends z.ZodType }
        ? { status: S; body: z.output<B> }
        : A extends { ref: string }
          ? never
          : { status: S; data?: never; body?: never });

/**
 * What a route's handler answers, typed by its declaration: for one of its success statuses, the
 * envelope's `data` as that answer's schema gives it (and its `meta` when declared), or the whole
 * body, or nothing (204), or the text of a declared `text` alternative.
 */
export type Answer<C> = { [S in keyof ResponsesOf<C>]: AnswerAt<ResponsesOf<C>[S], S> }[keyof ResponsesOf<C>];

/** The statuses a route answers with the envelope's `data`. */
export type DataStatus<C> = {
  [S in keyof ResponsesOf<C>]: ResponsesOf<C>[S] extends { data: z.ZodType } ? S : never;
}[keyof ResponsesOf<C>];

/** The envelope's `data` of a route's answer (its first success status by default), as its schema gives it. */
export type ResponseData<C, S extends DataStatus<C> = DataStatus<C>> = ResponsesOf<C>[S] extends { data: infer D extends z.ZodType }
  ? z.output<D>
  : never;

/**
 * Metadata key for the JSON Schema a zod schema stands for in the OpenAPI document, where zod's own
 * conversion cannot say it (a query string read as an integer).
 */
export const OPENAPI_SCHEMA = 'openapiSchema';

/** A `$ref` to a schema component, for JSON Schema stated by hand (`OPENAPI_SCHEMA`, `OPENAPI_PARAMETER`); the name is checked. */
export function schemaRef(name: ComponentName): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/** Metadata key for fields of an OpenAPI parameter stated in place of its `schema` (a JSON-valued `content`). */
export const OPENAPI_PARAMETER = 'openapiParameter';

/** A query parameter's integer within bounds; absent or empty gives `fallback` (without one, undefined). */
export function queryInt(min: number, max: number, fallback: number): z.ZodType<number>;
export function queryInt(min: number, max: number): z.ZodType<number | undefined>;
export function queryInt(min: number, max: number, fallback?: number): z.ZodType<number | undefined> {
  const problem = `must be an integer from ${min} to ${max}`;
  const int = z
    .string({ error: 'must be given once, as a string' })
    .regex(/^\d+$/, problem)
    .transform(Number)
    .pipe(z.number().int().min(min, problem).max(max, problem))
    .optional();
  return z
    .preprocess((v) => (v === '' ? undefined : v), fallback === undefined ? int : int.default(fallback))
    .meta({ [OPENAPI_SCHEMA]: { type: 'integer', minimum: min, maximum: max, ...(fallback === undefined ? {} : { default: fallback }) } });
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

/**
 * A query parameter read by one function in one zod step: `read` gets the value (absent or empty:
 * undefined) and gives the parsed one, or the `fail` of the problem; `report` names a problem and
 * goes on (several at once, `path` below the parameter). Document reads are most of
 * the traffic, and each step of zod's own chain (preprocess, pipe, transform, default) costs every
 * request an allocation or more.
 */
export function queryParam<T>(
  read: (raw: string | undefined, fail: (problem: string) => never, report: (problem: string, path?: string[]) => void) => T,
  openapi: Record<string, unknown>,
) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T => {
      let reported = false;
      const report = (problem: string, path: string[] = []) => {
        reported = true;
        ctx.issues.push({ code: 'custom', message: problem, input: value, path });
      };
      // The issue fails the parse; the value given back is never read.
      const fail = (problem: string): never => {
        report(problem);
        return z.NEVER;
      };
      if (value !== undefined && typeof value !== 'string') return fail('must be given once, as a string');
      const parsed = read(value === '' ? undefined : value, fail, report);
      return reported ? z.NEVER : parsed;
    })
    .meta({ [OPENAPI_SCHEMA]: openapi });
}

const DATE_PROBLEM = 'must be a calendar date YYYY-MM-DD';

/** A query parameter's calendar day `YYYY-MM-DD` (a UTC midnight); absent or empty is undefined. */
export function queryDate(): z.ZodType<Date | undefined> {
  return queryParam((raw, fail) => (raw === undefined ? undefined : (parseIsoDate(raw) ?? fail(DATE_PROBLEM))), {
    type: 'string',
    format: 'date',
  });
}

/** A required query parameter's calendar day; absent or empty: `is required (a day YYYY-MM-DD)`. */
export function requiredQueryDate(): z.ZodType<Date> {
  return queryParam(
    (raw, fail) => (raw === undefined ? fail('is required (a day YYYY-MM-DD)') : (parseIsoDate(raw) ?? fail(DATE_PROBLEM))),
    {
      type: 'string',
      format: 'date',
    },
  );
}

/**
 * A query parameter's comma list of words of a vocabulary (`text,versions`), each once, in the
 * order first given; absent or empty gives `fallback`.
 */
export function queryList<T extends string>(vocabulary: readonly T[], fallback: readonly T[]): z.ZodType<T[]> {
  const problem = `must be a comma list of: ${vocabulary.join(', ')}`;
  const known = new Set<string>(vocabulary);
  return queryParam(
    (raw, fail) => {
      if (raw === undefined) return [...fallback];
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return !items.length || items.some((i) => !known.has(i)) ? fail(problem) : ([...new Set(items)] as T[]);
    },
    { type: 'string' },
  );
}

/** A query parameter's one word of `values`; absent or empty gives `fallback`. */
export function queryEnum<const T extends string>(values: readonly T[], fallback: T): z.ZodType<T> {
  const problem = `must be one of: ${values.join(', ')}`;
  const known = new Set<string>(values);
  return queryParam((raw, fail) => (raw === undefined ? fallback : known.has(raw) ? (raw as T) : fail(problem)), {
    type: 'string',
    enum: [...values],
    default: fallback,
  });
}

/**
 * Where a problem was found: a body field by its name (`text`), a parameter by its own. Unknown
 * fields are named alone: a typo (`event` for `events`) would otherwise also report the field it
 * was meant to be as missing.
 */
function problemsOf(error: z.ZodError, where: 'path' | 'query' | 'body' | 'header', known: readonly string[]): FieldProblem[] {
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

/** The declared headers among a request's (Node's, named in lower case), under their declared names. */
function declaredHeaders(schema: z.ZodType | undefined, raw: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const present = keysOf(schema).map((name) => [name, raw[name.toLowerCase()]] as const);
  return Object.fromEntries(present.filter(([, value]) => value !== undefined));
}

/**
 * The route's path parameters, query, body and headers, parsed with its schemas; one 400
 * `invalid_request` naming every field that is wrong (`details.errors: [{field, problem}]`).
 */
export function parseRouteInput<C extends DeclaredRoute>(
  contract: C,
  raw: { params: unknown; query: unknown; body: unknown; headers?: Readonly<Record<string, unknown>> },
): RouteInput<C> {
  const problems: FieldProblem[] = [];
  const part = (schema: z.ZodType | undefined, value: unknown, where: 'path' | 'query' | 'body' | 'header'): unknown => {
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
    headers: part(contract.headers, declaredHeaders(contract.headers, raw.headers), 'header'),
  };
  if (problems.length) throw invalidRequest(problems);
  return input as RouteInput<C>;
}

/** The status of a named error response: its codes share one (core's table). */
export function errorResponseStatus(name: ErrorResponseName): number {
  return ERRORS[ERROR_RESPONSES[name].codes[0]].status;
}
