import { z } from 'zod';

/*
 * The OpenAPI document's schema components, declared in zod beside the routes that answer them:
 * `component(name, schema)` names a schema `#/components/schemas/<name>`. Wherever a declared
 * route's schema (or another component) uses it, the document says `$ref` to it; the document's
 * `components.schemas` are these, each converted once (`componentSchemas` in openapi-paths.ts).
 */

const byName = new Map<string, z.ZodType>();
const nameOf = new WeakMap<z.ZodType, string>();

/** Names `schema` as the component `name` of the OpenAPI document (each name once). */
export function component<T extends z.ZodType>(name: string, schema: T): T {
  if (byName.has(name)) throw new Error(`openapi: component ${name} is declared twice`);
  byName.set(name, schema);
  nameOf.set(schema, name);
  return schema;
}

/**
 * The component a schema stands for: itself, or the component it was copied from by `.meta()` or
 * `.describe()` (a use of the component with a description of its own).
 */
export function componentNameOf(schema: z.ZodType): string | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = s._zod.parent as z.ZodType | undefined) {
    const name = nameOf.get(s);
    if (name) return name;
  }
  return undefined;
}

/** Every declared component, by name, in the order declared. */
export function declaredComponents(): ReadonlyMap<string, z.ZodType> {
  return byName;
}
