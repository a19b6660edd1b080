import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { COMPONENTS, componentNameOf } from './components';
import {
  errorResponseStatus,
  isOpenRoute,
  OPENAPI_PARAMETER,
  OPENAPI_SCHEMA,
  type DeclaredRoute,
  type ErrorResponseName,
  type SuccessResponse,
} from './route';

/** Error answers every route called with a key may give, whatever it declares. */
const EVERY_ROUTE: readonly ErrorResponseName[] = [
  'Unauthorized',
  'Forbidden',
  'MethodNotAllowed',
  'TooManyRequests',
  'InternalError',
  'Unavailable',
];

/** An open route (no key) is neither refused a key nor a scope. */
const KEYED_ONLY: readonly ErrorResponseName[] = ['Unauthorized', 'Forbidden'];

type JsonSchema = Record<string, unknown>;

/** What a cacheable route's answer carries (`RouteContract.cacheable`). */
const CACHEABLE_HEADERS = ['ETag', 'Cache-Control'];

/**
 * A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), by zod's own `z.toJSONSchema`;
 * a schema carrying `OPENAPI_SCHEMA` metadata (`queryInt`) becomes that schema,
 * and a declared component (`COMPONENTS`) other than `root` a `$ref` to it.
 */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', root?: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (ctx) => {
      const target = ctx.jsonSchema as JsonSchema;
      const zodSchema = ctx.zodSchema as unknown as z.ZodType;
      const name = zodSchema === root ? undefined : componentNameOf(zodSchema);
      if (name) {
        // A use of the component with a description of its own keeps it beside the `$ref`.
        const own = z.globalRegistry.get(zodSchema)?.description;
        const inherited = z.globalRegistry.get(COMPONENTS[name as keyof typeof COMPONENTS])?.description;
        for (const key of Object.keys(target)) delete target[key];
        Object.assign(target, { $ref: `#/components/schemas/${name}` }, own && own !== inherited ? { description: own } : {});
        return;
      }
      if (root) componentStyle(zodSchema, target);
      const meta: Record<string, unknown> | undefined = z.globalRegistry.get(ctx.zodSchema);
      const stated = meta?.[OPENAPI_SCHEMA] as JsonSchema | undefined;
      if (!stated) return;
      // What the field's own `.meta()` says of it stays: its description and examples (zod's
      // own conversion leaves a transform's examples out).
      const description = target.description;
      const examples = meta?.examples ?? target.examples;
      for (const key of Object.keys(target)) delete target[key];
      Object.assign(target, stated, description ? { description } : {}, examples ? { examples } : {});
    },
  }) as JsonSchema;
  delete out.$schema;
  return root ? (tidyComponent(out) as JsonSchema) : out;
}

/**
 * What zod's conversion says that a component does not mean (it is what the API answers, not
 * what it accepts): a plain `z.object` is not closed (only `z.strictObject` is), and a literal
 * says its value alone (`const`), unless its metadata names the type too.
 */
function componentStyle(schema: z.ZodType, target: JsonSchema): void {
  const def = schema._zod.def as { type: string; catchall?: z.ZodType };
  if (def.type === 'object' && (!def.catchall || def.catchall instanceof z.ZodUnknown)) delete target.additionalProperties;
  if (def.type === 'literal' && !z.globalRegistry.get(schema)?.type) delete target.type;
}

const isPlainSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A component in the document's own style: `type: [T, 'null']` for a nullable plain type (its
 * `enum` with `null`), `oneOf` for a union, a free-form object as `type: object`, integers
 * without zod's safe-integer bounds.
 */
function tidyComponent(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidyComponent);
  if (!isPlainSchema(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isPlainSchema(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, field]) => [name, tidyComponent(field)]));
    else out[key] = key === 'enum' || key === 'const' || key === 'examples' || key === 'example' ? value : tidyComponent(value);
  }
  if (out.type === 'integer') {
    if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
    if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
  }
  if (isPlainSchema(out.propertyNames) && out.propertyNames.type === 'string' && Object.keys(out.propertyNames).length === 1)
    delete out.propertyNames;
  if (isPlainSchema(out.additionalProperties) && !Object.keys(out.additionalProperties).length) delete out.additionalProperties;
  if (isPlainSchema(out.properties) && !Object.keys(out.properties).length && !out.required) delete out.properties;
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    delete out.anyOf;
    const [first, second] = anyOf;
    const nullable = anyOf.length === 2 && second.type === 'null' && Object.keys(second).length === 1;
    if (nullable && typeof first.type === 'string' && !('$ref' in first) && !('const' in first)) {
      const merged: JsonSchema = { ...first, type: [first.type, 'null'] };
      if (Array.isArray(first.enum)) merged.enum = [...(first.enum as unknown[]), null];
      return { ...merged, ...out };
    }
    out.oneOf = anyOf;
  }
  return out;
}

/** A component's schema as the document states it (the other components in it by `$ref`). */
export function componentSchema(schema: z.ZodType): JsonSchema {
  return toOpenApiSchema(schema, 'output', schema);
}

/** The document's `components.schemas`: every declared component (`COMPONENTS`), converted. */
export function componentSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(COMPONENTS).map(([name, schema]) => [name, componentSchema(schema)]));
}

/** OpenAPI parameters (`in: path | query | header`) from an object schema's fields. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const required = where === 'path' || !field.safeParse(undefined).success;
    const head = { name, in: where, ...(required ? { required: true } : {}) };
    const meta: Record<string, unknown> | undefined = z.globalRegistry.get(field);
    const stated = meta?.[OPENAPI_PARAMETER] as JsonSchema | undefined;
    if (stated) return { ...head, ...stated };
    const { description, ...fieldSchema } = toOpenApiSchema(field, 'input');
    return { ...head, ...(description ? { description } : {}), schema: fieldSchema };
  });
}

/** `## <operationId>` sections of docs/openapi/operations.md: the operations' long descriptions. */
export function operationDescriptions(docsDir: string): Map<string, string> {
  const file = join(docsDir, 'openapi', 'operations.md');
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  let current: string | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (current) out.set(current, lines.join('\n').trim());
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const heading = /^## (\w+)\s*$/.exec(line);
    if (heading) {
      flush();
      current = heading[1];
      lines = [];
    } else if (current) lines.push(line);
  }
  flush();
  return out;
}

/** A success answer's headers: `{ <header>: $ref of its component }`. */
function headersOf(headers: SuccessResponse['headers']): Record<string, unknown> {
  const named: ReadonlyArray<readonly [string, string]> = Array.isArray(headers)
    ? headers.map((h: string) => [h, h] as const)
    : Object.entries(headers ?? {});
  return Object.fromEntries(named.map(([header, component]) => [header, { $ref: `#/components/headers/${component}` }]));
}

/** The envelope's `meta` of an answer declaring fields of its own: `Meta` (request_id) and those. */
function metaOf(answer: SuccessResponse): JsonSchema {
  if (!answer.meta) return {};
  const own = toOpenApiSchema(answer.meta, 'output');
  // Beside `Meta`'s request_id: the declared object may not close the envelope's meta.
  delete own.additionalProperties;
  return { meta: { allOf: [{ $ref: '#/components/schemas/Meta' }, own] } };
}

/** The OpenAPI operation of one declared route. */
function operationOf(route: DeclaredRoute, descriptions: Map<string, string>): JsonSchema {
  const paid = 'auth' in route && route.auth === 'x402';
  const parameters = [
    ...parametersOf(route.params, 'path'),
    ...parametersOf(route.query, 'query'),
    ...parametersOf(route.headers, 'header'),
    ...(route.method === 'get' || paid ? [] : [{ $ref: '#/components/parameters/IdempotencyKey' }]),
    ...(route.cacheable ? [{ $ref: '#/components/parameters/IfNoneMatch' }] : []),
  ];
  // A paid route answers only what it declares: the key pipeline's answers are not its own.
  const errors = paid
    ? new Set<ErrorResponseName>(route.errors)
    : new Set<ErrorResponseName>([
        ...(route.params || route.query || route.body || route.headers ? (['InvalidRequest'] as const) : []),
        ...(route.body ? (['PayloadTooLarge', 'UnsupportedMediaType'] as const) : []),
        ...(route.method === 'get' ? [] : (['IdempotencyInProgress', 'IdempotencyKeyReused'] as const)),
        ...EVERY_ROUTE.filter((name) => !isOpenRoute(route) || !KEYED_ONLY.includes(name)),
        ...(route.errors ?? []),
      ]);
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    if ('ref' in answer) {
      responses[status] = { $ref: `#/components/responses/${answer.ref}` };
      continue;
    }
    // A cacheable route's answers with a body carry its validator (core `sendCacheable`).
    const headers = {
      ...headersOf(route.cacheable && answer.data ? CACHEABLE_HEADERS : []),
      ...headersOf(answer.headers),
    };
    const content: Record<string, unknown> = {};
    if (answer.body) content['application/json'] = { schema: toOpenApiSchema(answer.body, 'output') };
    if (answer.data) {
      content['application/json'] = {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/SuccessEnvelopeBase' },
            {
              type: 'object',
              required: answer.meta ? ['data', 'meta'] : ['data'],
              properties: { data: toOpenApiSchema(answer.data, 'output'), ...metaOf(answer) },
            },
          ],
        },
      };
    }
    if (answer.text) content['text/plain'] = { schema: { type: 'string', description: answer.text.description } };
    responses[status] = {
      description: answer.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(Object.keys(content).length ? { content } : {}),
    };
  }
  if (route.cacheable) responses['304'] ??= { $ref: '#/components/responses/NotModified' };
  for (const name of errors) responses[String(errorResponseStatus(name))] ??= { $ref: `#/components/responses/${name}` };
  const description = descriptions.get(route.operationId);
  return {
    tags: [...route.tags],
    operationId: route.operationId,
    summary: route.summary,
    ...(description ? { description } : {}),
    // No key: the document's global `apiKey` requirement does not apply.
    ...(paid || isOpenRoute(route) ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toOpenApiSchema(route.body, 'input') } } } }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The OpenAPI `paths` of the declared routes. */
export function declaredPaths(routes: readonly DeclaredRoute[], docsDir: string): Record<string, Record<string, JsonSchema>> {
  const descriptions = operationDescriptions(docsDir);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`route ${route.method.toUpperCase()} ${route.path} is declared twice`);
    item[route.method] = operationOf(route, descriptions);
  }
  return paths;
}
