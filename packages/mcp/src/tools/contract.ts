import { OPENAPI_SCHEMA, type DeclaredRoute } from '@dp/core/contract/route';
import { UNIT_COST, type Operation } from '@dp/core/units';
import { z } from 'zod';

/**
 * What a tool says of its route, read from the route's declaration (#39 item 3): the bounds of a
 * query parameter and the units a call costs. A contract change reaches the tools' schemas and
 * descriptions without restating them here.
 */

export interface IntBounds {
  minimum: number;
  maximum: number;
  default: number | undefined;
}

/** The bounds of an integer query parameter of a route, as its declaration (queryInt) states them. */
export function queryIntBounds(route: DeclaredRoute, name: string): IntBounds {
  const shape = route.query instanceof z.ZodObject ? (route.query.shape as Record<string, z.ZodType>) : {};
  const schema = shape[name]?.meta()?.[OPENAPI_SCHEMA] as
    { type?: string; minimum?: number; maximum?: number; default?: number } | undefined;
  if (schema?.type !== 'integer' || schema.minimum === undefined || schema.maximum === undefined) {
    throw new Error(`${route.operationId}: ${name} is not a bounded integer query parameter`);
  }
  return { minimum: schema.minimum, maximum: schema.maximum, default: schema.default };
}

/** A tool argument for an integer query parameter, bounded as the route declares it. */
export function boundedInt(route: DeclaredRoute, name: string, what: string): z.ZodOptional<z.ZodNumber> {
  const b = queryIntBounds(route, name);
  const fallback = b.default === undefined ? '' : `, default ${b.default}`;
  return z
    .number()
    .int()
    .min(b.minimum)
    .max(b.maximum)
    .optional()
    .describe(`${what} (API parameter ${name}: ${b.minimum}–${b.maximum}${fallback}).`);
}

/** The longest value a string query parameter of a route takes, as its declaration states it. */
export function queryStringMax(route: DeclaredRoute, name: string): number {
  const shape = route.query instanceof z.ZodObject ? (route.query.shape as Record<string, z.ZodType>) : {};
  const schema = shape[name]?.meta()?.[OPENAPI_SCHEMA] as { type?: string; maxLength?: number } | undefined;
  if (schema?.type !== 'string' || schema.maxLength === undefined)
    throw new Error(`${route.operationId}: ${name} is not a bounded string query parameter`);
  return schema.maxLength;
}

/** A tool argument for a string query parameter (a cursor, the feed's `since`), as long as the route takes it. */
export function boundedString(route: DeclaredRoute, name: string): z.ZodString {
  return z.string().min(1).max(queryStringMax(route, name));
}

/** A cursor argument: the `next_cursor` of the previous page, bounded as the route's `cursor` is. */
export const cursorArg = (route: DeclaredRoute): z.ZodString => boundedString(route, 'cursor');

/**
 * A page size a tool asks for itself (smaller pages keep a host's context small), checked against
 * the route's bounds when the tool is built, so a contract change cannot leave it out of range.
 */
export function pageSize(route: DeclaredRoute, name: string, size: number): number {
  const b = queryIntBounds(route, name);
  if (!Number.isInteger(size) || size < b.minimum || size > b.maximum)
    throw new Error(`${route.operationId}: a ${name} of ${size} is outside ${b.minimum}–${b.maximum}`);
  return size;
}

/** "costs 1 unit", "costs 2 units per page": from UNIT_COST, the table the API meters by. */
export function costOf(operation: Operation, per?: 'page'): string {
  return `costs ${unitsOf(operation)}${per ? ` per ${per}` : ''}`;
}

/** "1 unit", "2 units". */
export function unitsOf(operation: Operation): string {
  const n = UNIT_COST[operation];
  return `${n} unit${n === 1 ? '' : 's'}`;
}

/** The route's operation, for a route that needs a key (a paid or open one meters none). */
export function operationOf(route: DeclaredRoute): Operation {
  if (!('operation' in route) || typeof route.operation !== 'string') throw new Error(`${route.operationId} meters no single operation`);
  return route.operation;
}
