import type { components, paths } from './generated/v1';

/** The /v1 schemas of the OpenAPI document (`components.schemas`), generated: one source for every TypeScript client. */
export type V1Schemas = components['schemas'];
/** The /v1 operations by path and method, generated from the same document. */
export type V1Paths = paths;
/** The JSON body of a path's GET 200 answer. */
export type V1GetOk<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } }
  ? B
  : never;
